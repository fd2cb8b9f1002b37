import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { loadConfig, type ServerConfig } from './config.ts';
import { ConversionPool } from './conversion-pool.ts';
import { createOcrProvider } from './engines/ocr-provider.ts';
import { createOfficePool, OFFICE_INSTALL } from './engines/libreoffice.ts';
import { createServerTranslation } from './engines/translation.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http-errors.ts';
import { JobQueue } from './job-queue.ts';
import { loggerOptions } from './logger.ts';
import { registerMetrics, ServerMetrics } from './metrics.ts';
import { ContactStore } from './contact-store.ts';
import { registerContactRoute } from './routes/contact.ts';
import { registerConvertRoute } from './routes/convert.ts';
import { registerCreateQrCodeRoute } from './routes/create-qr-code.ts';
import { registerHealthRoute } from './routes/health.ts';
import { registerOpenApiRoute } from './routes/openapi.ts';
import { registerSiteRoutes } from './routes/site.ts';
import { registerTranslateRoutes } from './routes/translate.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { applyConnectionLimits, connectionOptions } from './server-limits.ts';

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
  const ocr = await createOcrProvider(config);
  applyConnectionLimits(app, config);
  const metrics = new ServerMetrics('web');
  const queue = new JobQueue(config.concurrency, config.queueLimit, config.jobTimeoutMs, {
    memoryBytes: config.uploadMemoryBytes,
    onJobSettled: (job) => metrics.jobSettled(job),
  });
  metrics.addQueue('embedded', () => ({
    jobs: { running: queue.running, waiting: queue.waiting, uploading: queue.uploading },
    heldBytes: queue.heldBytes,
  }));
  const office = await createOfficePool(config);
  const translation = await createServerTranslation(config, { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) });
  const pool = new ConversionPool(config, ocr, office, translation);
  app.log.info({ ocr: ocr.name, concurrency: config.concurrency }, `OCR engine ready: ${ocr.name}, ${config.concurrency} conversions at a time`);
  if (office) {
    app.log.info({ office: office.name, slots: config.concurrency }, `Word engine ready: ${office.name}, ${config.concurrency} documents at a time`);
    if (config.officeWarmUp) void office.warm();
  } else {
    app.log.warn(
      `Word to PDF and Word to JPG are off: ${config.office === 'off' ? 'TEXTLIFT_OFFICE=off' : `LibreOffice is not installed (${OFFICE_INSTALL})`}`,
    );
  }

  // The id of the request's log lines, for a client reporting a problem.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  registerSecurityHeaders(app, { hsts: config.hsts });
  registerMetrics(app, metrics, config.metrics);
  registerErrorHandling(app);
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  await app.register(fastifyRateLimit, {
    global: false,
    max: config.apiRateLimit,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: { code: 'rate-limited', message: `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s.` },
    }),
  });

  registerHealthRoute(app, { queue, ocr, office, translation });
  registerOpenApiRoute(app);
  await app.register(async (api) => {
    api.addHook('onRequest', api.rateLimit());
    registerConvertRoute(api, { queue, pool, uploadMemoryBytes: config.uploadMemoryBytes });
    // Drawn on the spot, no queue: cheap, but counted against the same per-client limit.
    registerCreateQrCodeRoute(api);
    registerTranslateRoutes(api, { translation, queue });
  });
  const contacts = new ContactStore(config.databaseFile);
  registerContactRoute(app, { store: contacts, perTenMinutes: config.contactRateLimit });
  await registerSiteRoutes(app, config);
  app.addHook('onClose', async () => {
    contacts.close();
    await Promise.all([pool.close(), ocr.close()]);
    await Promise.all([office?.close(), translation.close()]);
  });
  return app;
}
