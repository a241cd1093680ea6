/** Starts the API (and the built SPA) and shuts down cleanly on SIGTERM / SIGINT. */
import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await buildApp(config.app);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    // app.close() stops accepting connections, lets in-flight requests finish, then closes the database.
    app.close().then(
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
