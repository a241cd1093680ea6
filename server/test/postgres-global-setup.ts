/**
 * Starts a throw-away PostgreSQL 15 cluster for the 'server-postgres' project and hands its URL
 * to the tests via provide('postgresUrl'). Without the binaries the run is skipped locally and
 * fails under CI, so a missing database can never pass silently in CI.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './freePort';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PG_USER = 'postgres';

/** initdb and postgres refuse to run as root, so as root they run as the postgres OS user. */
function run(binary: string, args: string[]): void {
  const path = join(PG_BIN, binary);
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', PG_USER, '--', path, ...args]] : [path, args];
  execFileSync(cmd, argv, { stdio: 'pipe' });
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (!existsSync(join(PG_BIN, 'initdb')) || !existsSync(join(PG_BIN, 'pg_ctl'))) {
    if (process.env.CI === 'true') throw new Error(`PostgreSQL binaries not found in ${PG_BIN} (set PG_BIN or install postgresql-15)`);
    console.warn('PostgreSQL binaries not found: PostgreSQL test run SKIPPED (set PG_BIN or install postgresql-15)');
    project.provide('postgresUrl', '');
    return () => {};
  }

  const dir = mkdtempSync(join(tmpdir(), 'tracker-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', [PG_USER, dir]);
  chmodSync(dir, 0o700);
  const dataDir = join(dir, 'data');
  const port = await freePort();

  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    run('pg_ctl', ['-D', dataDir, '-w', '-l', join(dir, 'log'), '-o', serverOptions, 'start']);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);

  return () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-w', '-m', 'fast', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
