// A throw-away PostgreSQL 15 cluster, started the way server/test/postgres-global-setup.ts does it:
// initdb + pg_ctl from PG_BIN, as the postgres OS user when we are root, in a temp dir, on a free port.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, onCleanup } from './processes.mjs';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PG_USER = 'postgres';

function run(binary, args) {
  const path = join(PG_BIN, binary);
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', PG_USER, '--', path, ...args]] : [path, args];
  execFileSync(cmd, argv, { stdio: 'pipe' });
}

/** The postmaster's PID from its pid file, to kill it directly if pg_ctl cannot stop it. */
function postmasterPid(dataDir) {
  const file = join(dataDir, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : null;
}

export async function startPostgres() {
  if (!existsSync(join(PG_BIN, 'initdb'))) throw new Error(`PostgreSQL binaries not found in ${PG_BIN} (set PG_BIN)`);
  const dir = mkdtempSync(join(tmpdir(), 'tracker-bench-pg-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  if (process.getuid?.() === 0) execFileSync('chown', [PG_USER, dir]);
  chmodSync(dir, 0o700);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // Durability settings as in production (fsync on): write latency is part of what we measure.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  onCleanup(() => {
    const pid = postmasterPid(dataDir);
    try {
      run('pg_ctl', ['-D', dataDir, '-w', '-t', '20', '-m', 'fast', 'stop']);
    } catch {
      if (pid) process.kill(pid, 'SIGKILL');
    }
  });
  run('pg_ctl', ['-D', dataDir, '-w', '-l', join(dir, 'log'), '-o', options, 'start']);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, pid: postmasterPid(dataDir) };
}
