/**
 * The production topology of docs/DEPLOY.md on this machine, for `npm run test:deploy`: a
 * throwaway PostgreSQL 15 cluster, two server processes started as lingualog@.service would
 * (test/deploy/ctl.sh), and nginx with deploy/nginx/lingualog.conf and a certificate made for the run.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres, type ThrowawayPostgres } from '../e2e/support/postgres';
import { freePort, sleep, stopChild, stopPid } from '../e2e/support/processes';
import { repoRoot } from '../e2e/support/server';

export const PG_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What the run needs from the machine (Debian packages nginx, postgresql-15, chromium, openssl). */
export const missingTools = (): string[] =>
  [NGINX, join(PG_BIN, 'initdb'), join(PG_BIN, 'pg_dump'), CHROMIUM, '/usr/bin/openssl', '/usr/bin/curl'].filter((path) => !existsSync(path));

/** The scripts of deploy/ find pg_dump and pg_restore first on PATH, as on a Debian host. */
export const toolEnv = (runDir: string): NodeJS.ProcessEnv => ({ ...process.env, PATH: `${PG_BIN}:${process.env.PATH}`, LINGUALOG_RUN_DIR: runDir });

export interface Topology {
  origin: string;
  /** nginx's plain-http server (the port-80 one of the recipe): it only redirects. */
  httpOrigin: string;
  ca: Buffer;
  ports: number[];
  runDir: string;
  databaseUrl: string;
  /** `systemctl start|stop lingualog@PORT`, as the stand-in does it. */
  ctl(action: 'start' | 'stop', port: number): void;
  pidOf(port: number): number;
  waitHealthy(port: number): Promise<void>;
  stop(): Promise<void>;
}

function makeCertificate(dir: string): void {
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout', join(dir, 'privkey.pem'), '-out', join(dir, 'fullchain.pem'),
  ], { stdio: 'pipe' });
}

/** deploy/nginx/lingualog.conf with this run's ports, paths and certificate, inside a main file of our own. */
function nginxConfig(runDir: string, httpsPort: number, httpPort: number, ports: number[]): string {
  const site = readFileSync(join(repoRoot, 'deploy/nginx/lingualog.conf'), 'utf8')
    .replace('server 127.0.0.1:3001', `server 127.0.0.1:${ports[0]}`)
    .replace('server 127.0.0.1:3002', `server 127.0.0.1:${ports[1]}`)
    .replace('listen 443 ssl', `listen 127.0.0.1:${httpsPort} ssl`)
    .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
    .replaceAll('/etc/ssl/lingualog', runDir)
    .replaceAll('/srv/lingualog', repoRoot.replace(/\/$/, ''));
  writeFileSync(join(runDir, 'lingualog.conf'), site);
  return [
    `pid ${runDir}/nginx.pid;`,
    `error_log ${runDir}/nginx-error.log warn;`,
    'worker_processes 2;',
    'events { worker_connections 1024; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    `  access_log ${runDir}/nginx-access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${runDir}/${kind}_temp;`),
    `  include ${runDir}/lingualog.conf;`,
    '}',
  ].join('\n');
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what} within ${timeoutMs} ms`);
}

export async function startTopology(extraEnv: Record<string, string>): Promise<Topology> {
  const runDir = mkdtempSync(join(tmpdir(), 'deploy-test-'));
  // nginx's workers (`nobody` when the run is root's) keep a large request body in client_body_temp
  // under it: they must be able to pass through (mkdtemp makes it the owner's alone).
  chmodSync(runDir, 0o711);
  let postgres: ThrowawayPostgres | undefined;
  let nginx: ChildProcess | undefined;
  const ports = [await freePort(), await freePort()];
  const ctl = (action: 'start' | 'stop', port: number) => {
    execFileSync(join(repoRoot, 'test/deploy/ctl.sh'), [action, `lingualog@${port}`], { cwd: repoRoot, env: toolEnv(runDir), stdio: 'pipe' });
  };
  // The PID files of ctl.sh, whoever ran it (this module or deploy/rolling-restart.sh).
  const pidOf = (port: number) => {
    const file = join(runDir, `${port}.pid`);
    return existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0;
  };
  const waitHealthy = (port: number) =>
    waitFor(`lingualog@${port} did not answer its health check`, async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok);
  const stop = async () => {
    for (const port of ports) if (pidOf(port)) await stopPid(pidOf(port), 10_000);
    if (nginx) await stopChild(nginx, 5_000);
    await postgres?.stop();
    if (process.env.KEEP_DEPLOY_RUN !== '1') rmSync(runDir, { recursive: true, force: true });
  };
  try {
    makeCertificate(runDir);
    postgres = await startPostgres();
    const env = { DATABASE_URL: postgres.databaseUrl, PUBLIC_URL: 'https://lingualog.example.org', VAPID_SUBJECT: 'mailto:ops@example.org', TRUST_PROXY: '127.0.0.1', SHUTDOWN_DRAIN_MS: '3000', LOG_LEVEL: 'warn', ...extraEnv };
    writeFileSync(join(runDir, 'env'), Object.entries(env).map(([k, v]) => `${k}=${v}\n`).join(''));
    for (const port of ports) ctl('start', port);
    await Promise.all(ports.map(waitHealthy));

    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    writeFileSync(join(runDir, 'nginx.conf'), nginxConfig(runDir, httpsPort, httpPort, ports));
    const nginxArgs = ['-p', runDir, '-c', join(runDir, 'nginx.conf')];
    execFileSync(NGINX, [...nginxArgs, '-t'], { stdio: 'pipe' });
    const log = openSync(join(runDir, 'nginx-stdio.log'), 'a');
    nginx = spawn(NGINX, [...nginxArgs, '-g', 'daemon off;'], { stdio: ['ignore', log, log] });
    closeSync(log);
    const origin = `https://127.0.0.1:${httpsPort}`;
    await waitFor('nginx did not answer', async () => {
      execFileSync('curl', ['-fsk', '-o', '/dev/null', `${origin}/api/health`], { stdio: 'pipe' });
      return true;
    });
    return {
      origin,
      httpOrigin: `http://127.0.0.1:${httpPort}`,
      ca: readFileSync(join(runDir, 'fullchain.pem')),
      ports,
      runDir,
      databaseUrl: postgres.databaseUrl,
      ctl,
      pidOf,
      waitHealthy,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
