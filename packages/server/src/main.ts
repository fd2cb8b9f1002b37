import './thread-pool.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { killAllProcesses } from './engines/processes.ts';
import { listen } from './logger.ts';

// A started server builds its LibreOffice profiles at once; tests start theirs cold.
const config = loadConfig({ officeWarmUp: process.env.TEXTLIFT_OFFICE_WARM_UP !== '0' });
const app = await buildApp(config);
try {
  await listen(app, config.host, config.port, config.logToTerminal);
} catch (error) {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
  app.log.error(`Port ${config.port} is taken, perhaps by a TextLift still running: stop it, or start on another port (PORT=8081 npm start).`);
  await app.close();
  process.exit(1);
}

/** While draining, keep-alive connections are closed as soon as their answer is done. */
const CLOSE_IDLE_EVERY_MS = 100;

let draining = false;

/**
 * SIGTERM (or SIGINT): stop listening, answer new requests on open connections with 503
 * (Fastify's return503OnClosing), let running and waiting jobs finish and send their answers for
 * up to drainTimeoutMs, then exit. A second signal, or the limit, exits at once; tesseract
 * processes (in process groups of their own) are killed either way.
 */
function drain(signal: NodeJS.Signals) {
  if (draining) {
    app.log.warn({ signal }, 'second signal: exiting now');
    killAllProcesses();
    process.exit(1);
  }
  draining = true;
  app.log.info(
    { signal, drainTimeoutMs: config.drainTimeoutMs },
    `Stopping (${signal}): no new connections; conversions under way may finish within ${Math.round(config.drainTimeoutMs / 1000)} s`,
  );
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), CLOSE_IDLE_EVERY_MS);
  const deadline = setTimeout(() => {
    app.log.warn('drain limit reached: stopping the jobs still running');
    killAllProcesses();
    process.exit(1);
  }, config.drainTimeoutMs);
  app.close().then(
    () => {
      clearInterval(closeIdle);
      clearTimeout(deadline);
      app.log.info('Stopped.');
      process.exit(0);
    },
    (error: unknown) => {
      app.log.error({ err: error }, 'error while draining');
      killAllProcesses();
      process.exit(1);
    },
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, drain);
