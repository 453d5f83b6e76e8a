import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { assertDeliveryConfigured } from './modules/outbox/config.js';

const config = loadConfig();
assertDeliveryConfigured(config);
const app = await buildApp(config, { opsChannel: true });

// First signal: stop accepting, let in-flight requests finish, close websockets and the database, exit 0.
// A second signal while that runs exits at once.
let stopping = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) {
    app.log.warn({ signal }, 'second signal: exiting without waiting');
    process.exit(1);
  }
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  app.close().then(
    () => process.exit(0),
    (err: unknown) => {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error({ err }, 'could not start listening');
  await app.close();
  process.exit(1);
}
