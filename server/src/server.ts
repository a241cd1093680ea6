/**
 * Starts the API (and the built SPA) and stops gracefully on SIGTERM / SIGINT: first it tells the
 * proxy it is going while still serving (SHUTDOWN_DRAIN_MS, plugins/draining.ts), then it stops
 * accepting, closes idle keep-alive connections, lets in-flight requests finish and closes the
 * database. A rolling restart behind nginx (docs/DEPLOY.md) loses and fails no request this way.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app';
import { loadConfig } from './config';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  // One line naming the variable, not a stack trace, and a failed start.
  process.stderr.write(`LinguaLog cannot start: ${(err as Error).message}\n`);
  process.exit(1);
}
const app = await buildApp(config.app);

async function stop(signal: NodeJS.Signals): Promise<void> {
  app.log.info(`${signal} received: draining for ${config.drainMs} ms, then closing`);
  app.startDraining();
  if (config.drainMs > 0) await sleep(config.drainMs);
  await app.close();
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    stop(signal).then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      },
    );
  });
}

try {
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`LinguaLog listening on ${address} (API docs at ${address}/api/docs)`);
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close();
  process.exit(1);
}
