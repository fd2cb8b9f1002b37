import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { checkFormKey, registerApiAccess } from './api-access.ts';
import { urlFetcher } from './url-input/fetch-public-url.ts';
import { loadConfig, type ServerConfig } from './config.ts';
import { ConversionPool } from './conversion-pool.ts';
import type { ConversionRunner } from './conversion-runner.ts';
import { announceEngines, closeEngines, createEngines } from './host-engines.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http-errors.ts';
import { releaseWhenIdle } from './idle-memory.ts';
import { JobQueue } from './job-queue.ts';
import { RedisConversionRunner } from './queue/redis-runner.ts';
import { redisAddress } from './queue/redis-address.ts';
import { loggerOptions } from './logger.ts';
import { registerMetrics, ServerMetrics } from './metrics.ts';
import { ContactStore } from './contact-store.ts';
import { registerContactRoute } from './routes/contact.ts';
import { registerConvertRoute } from './routes/convert.ts';
import { registerCreateQrCodeRoute } from './routes/create-qr-code.ts';
import { registerHealthRoute } from './routes/health.ts';
import { registerOpenApiRoute } from './routes/openapi.ts';
import { registerOcrSpaceRoutes } from './routes/ocr-space/routes.ts';
import { registerSiteRoutes } from './routes/site.ts';
import { modelDownloadLimit } from './models/download-limit.ts';
import { registerModelRoute } from './models/model-route.ts';
import { registerTranslateRoutes } from './routes/translate.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { applyConnectionLimits, connectionOptions } from './server-limits.ts';
import { countJobsWith } from './engines/spare-cores.ts';

/** `logStream`: where the logs go instead of stdout (a test reads them). */
export async function buildApp(overrides: Partial<ServerConfig> = {}, { logStream }: { logStream?: NodeJS.WritableStream } = {}): Promise<FastifyInstance> {
  const config = loadConfig(overrides);
  const app = Fastify({
    ...loggerOptions(config.logLevel, config.logToTerminal, logStream),
    // Unique across processes and restarts (Fastify's own ids restart at req-1), so a client's X-Request-Id finds its log lines.
    genReqId: () => randomUUID(),
    // Largest request: a tool's files plus form overhead; the multipart limits are per tool.
    bodyLimit: 60 * 1024 * 1024,
    // Header, idle-body and whole-request deadlines (server-limits.ts).
    ...connectionOptions(config),
    trustProxy: config.trustProxy,
    // Errors Fastify answers before any route (bad URL encoding, unparsable HTTP) get our shape too.
    frameworkErrors,
    clientErrorHandler,
    // While closing, new requests get 503 + Retry-After in our shape (http-errors.ts), not Fastify's.
    return503OnClosing: false,
  });
  applyConnectionLimits(app, config);
  // The web server runs its engines itself, or (REDIS_URL) only finds them, for /healthz and the
  // pages that read it, and translates text alone (/api/v1/translate) itself.
  const engines = await createEngines(config, app.log);
  const { ocr, office, translation } = engines;
  const metrics = new ServerMetrics('web');
  const queueLimits = { memoryBytes: config.uploadMemoryBytes, onJobSettled: (job: Parameters<ServerMetrics['jobSettled']>[0]) => metrics.jobSettled(job) };
  let runner: ConversionRunner;
  let queue: JobQueue;
  let redis: RedisConversionRunner | undefined;
  if (config.redisUrl) {
    // Conversions on the queue: this server bounds the jobs it has in flight there, and the time
    // each may wait for a worker on top of its own limit (which the worker applies).
    redis = new RedisConversionRunner(config, app.log);
    runner = redis;
    queue = new JobQueue(config.redisInFlight, config.queueLimit, config.redisWaitMs + config.jobTimeoutMs, queueLimits);
    const queued = redis;
    // The queue's own depth, as every web server sees it (workers have no /metrics).
    metrics.addQueue('bullmq', async () => ({ jobs: { ...(await queued.depth()) } }));
    app.log.info(
      { redis: redisAddress(config.redisUrl), inFlight: config.redisInFlight },
      `Conversions go to the queue at ${redisAddress(config.redisUrl)} (npm run worker takes them), ${config.redisInFlight} at a time from this server`,
    );
  } else {
    runner = new ConversionPool(config, ocr, office, translation);
    queue = new JobQueue(config.concurrency, config.queueLimit, config.jobTimeoutMs, queueLimits);
    announceEngines(config, engines, app.log);
  }

  const local = queue;
  metrics.addQueue(config.redisUrl ? 'web' : 'embedded', () => ({
    jobs: { running: local.running, waiting: local.waiting, uploading: local.uploading },
    heldBytes: local.heldBytes,
  }));
  // The id of the request's log lines, for a client reporting a problem.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  registerSecurityHeaders(app, { hsts: config.hsts });
  registerMetrics(app, metrics, config.metrics);
  registerErrorHandling(app);
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  // Per-key and per-address limits of the API (api-access.ts).
  const access = await registerApiAccess(app, config);
  // First uses of a model, counted per address across the page's model route and the API.
  const modelDownloads = ocr.models ? modelDownloadLimit(app, ocr.models, config.modelDownloadRateLimit) : undefined;

  registerHealthRoute(app, { queue, ocr, office, translation, redis });
  registerOpenApiRoute(app, { requestsPerMinute: config.apiRateLimit, jobTimeoutMs: config.jobTimeoutMs });
  await app.register(async (api) => {
    api.addHook('onRequest', access.onRequest);
    api.addHook('onResponse', access.onResponse);
    registerConvertRoute(api, { queue, pool: runner, uploadMemoryBytes: config.uploadMemoryBytes, ...(modelDownloads ? { modelDownloads } : {}) });
    // OCR.space's protocol (POST /parse/image, GET /parse/imageurl) on the same queue and core.
    await registerOcrSpaceRoutes(api, {
      queue,
      pool: runner,
      publicUrl: config.publicUrl,
      uploadMemoryBytes: config.uploadMemoryBytes,
      fetchUrl: urlFetcher(config),
      checkFormKey,
      ...(modelDownloads ? { modelDownloads } : {}),
    });
    // Drawn on the spot, no queue: cheap, but counted against the same per-client limit.
    registerCreateQrCodeRoute(api);
    registerTranslateRoutes(api, { translation, queue });
  });
  const contacts = new ContactStore(config.databaseFile);
  registerContactRoute(app, { store: contacts, perTenMinutes: config.contactRateLimit });
  // Before the site's files: the page's OCR models of languages not bundled are fetched on first use.
  if (ocr.models) {
    registerModelRoute(app, {
      models: ocr.models,
      webRoot: config.webRoot,
      limits: { requestsPerMinute: config.modelRateLimit, downloadsPerHour: config.modelDownloadRateLimit },
      ...(modelDownloads ? { downloads: modelDownloads } : {}),
    });
  }
  await registerSiteRoutes(app, config);
  // What a burst grew is given back when it ends (embedded, the conversions' engines are this process's too).
  const stopReleasing = releaseWhenIdle(queue);
  countJobsWith(() => queue.running + queue.waiting + queue.uploading);
  app.addHook('onClose', async () => {
    stopReleasing();
    contacts.close();
    await runner.close();
    await closeEngines(engines);
  });
  return app;
}
