// `npm run worker`: takes conversions off the Redis queue that web servers started with the same
// REDIS_URL put them on (README, Scale-out). Any number, on any machine that reaches Redis.
import './thread-pool.ts';
import { pino } from 'pino';
import { loadConfig } from './config.ts';
import { ConversionPool } from './conversion-pool.ts';
import { killAllProcesses } from './engines/processes.ts';
import { announceEngines, closeEngines, createEngines } from './host-engines.ts';
import { loggerOptions } from './logger.ts';
import { redisAddress } from './queue/redis-address.ts';
import { startQueueWorker } from './queue/queue-worker.ts';

const config = loadConfig({ officeWarmUp: process.env.TEXTLIFT_OFFICE_WARM_UP !== '0' });
const { logger } = loggerOptions(config.logLevel, config.logToTerminal);
const options = logger as { level: string; stream?: NodeJS.WritableStream };
const log = options.stream ? pino({ level: options.level }, options.stream) : pino({ level: options.level });

if (!config.redisUrl) {
  log.error('A worker takes its conversions from Redis: set REDIS_URL (redis://host:6379), the same as the web servers’.');
  process.exit(1);
}

const engines = await createEngines(config, log);
announceEngines(config, engines, log);
const pool = new ConversionPool(config, engines.ocr, engines.office, engines.translation);
const worker = await startQueueWorker(config, pool, log);
log.info(
  { worker: worker.name, redis: redisAddress(config.redisUrl), concurrency: config.concurrency },
  `Worker ${worker.name} takes conversions from ${redisAddress(config.redisUrl)}, ${config.concurrency} at a time (Ctrl+C to stop)`,
);

let stopping = false;

/**
 * SIGTERM (or SIGINT): take no new job, let the running ones finish and answer for up to
 * drainTimeoutMs, then close the connections and exit. A second signal, or the limit, exits at
 * once; the jobs it held then go back on the queue when their lock expires (another worker runs them).
 */
function stop(signal: NodeJS.Signals) {
  if (stopping) {
    log.warn({ signal }, 'second signal: exiting now');
    killAllProcesses();
    process.exit(1);
  }
  stopping = true;
  log.info({ signal }, `Stopping (${signal}): no new jobs; jobs under way may finish within ${Math.round(config.drainTimeoutMs / 1000)} s`);
  const deadline = setTimeout(() => {
    log.warn('drain limit reached: stopping the jobs still running');
    killAllProcesses();
    process.exit(1);
  }, config.drainTimeoutMs);
  worker
    .close()
    .then(() => pool.close())
    .then(() => closeEngines(engines))
    .then(
      () => {
        clearTimeout(deadline);
        log.info('Stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'error while stopping');
        killAllProcesses();
        process.exit(1);
      },
    );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
