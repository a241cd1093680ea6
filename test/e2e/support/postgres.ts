import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep, stopChild } from './processes';

const binDir = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const bin = (name: string) => join(binDir, name);

export const postgresAvailable = ['initdb', 'postgres', 'pg_isready'].every((name) => existsSync(bin(name)));

/** PostgreSQL refuses to run as root, so as root we run it as the `postgres` OS user. */
function asDbUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

export interface ThrowawayPostgres {
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * A throwaway cluster in a temp folder on a free port of 127.0.0.1, trusting local
 * connections. `postgres` runs in the foreground as our child (no pg_ctl daemon), so it
 * dies with the test run even if the test never reaches its clean-up.
 */
export async function startPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-pg-'));
  const dataDir = join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const [initCmd, initArgs] = asDbUser(bin('initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  execFileSync(initCmd, initArgs, { cwd: dir, stdio: 'pipe' });

  const port = await freePort();
  const log = openSync(join(dir, 'postgres.log'), 'a');
  const [cmd, args] = asDbUser(bin('postgres'), [
    '-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off',
  ]);
  const child: ChildProcess = spawn(cmd, args, { cwd: dir, stdio: ['ignore', log, log] });
  closeSync(log);

  const stop = async () => {
    await stopChild(child, 10_000);
    rmSync(dir, { recursive: true, force: true });
  };
  for (let tries = 0; tries < 100; tries += 1) {
    try {
      execFileSync(bin('pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)]);
      return { databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
    } catch {
      await sleep(200);
    }
  }
  await stop();
  throw new Error(`PostgreSQL did not start on port ${port}.`);
}
