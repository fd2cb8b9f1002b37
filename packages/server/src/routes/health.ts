import type { FastifyInstance, FastifyReply } from 'fastify';
import type { OfficePool } from '../engines/libreoffice.ts';
import type { OcrProvider } from '../engines/ocr-provider.ts';
import type { JobQueue } from '../job-queue.ts';
import type { QueueDepth } from '../conversion-runner.ts';
import type { ServerTranslation } from '../engines/translation.ts';

/** The queue mode's runner (queue/redis-runner.ts), as /healthz asks it. */
interface SharedQueue {
  reachable(): Promise<boolean>;
  depth(): Promise<QueueDepth>;
}

export function registerHealthRoute(
  app: FastifyInstance,
  deps: { queue: JobQueue; ocr: OcrProvider; office?: OfficePool; translation?: ServerTranslation; redis?: SharedQueue },
) {
  app.get('/healthz', async (_request, reply) => ({
    status: 'ok',
    // In the queue mode, whether this server reaches Redis: without it, it converts nothing (503, so a load balancer looks elsewhere).
    ...(deps.redis && (await redisHealth(deps.redis, reply))),
    node: process.version,
    ocr: { engine: deps.ocr.kind, name: deps.ocr.name },
    // The Word tools' pages read this to say, before an upload, when the server cannot convert.
    office: deps.office ? { available: true, name: deps.office.name } : { available: false },
    // The Image Translator's engines on this server, in the order they are tried.
    translation: { engines: deps.translation?.engines.map((engine) => engine.id) ?? [] },
    // uploading: admitted requests not in the queue (body still arriving, or answer still
    // leaving); they count toward the queue's bound.
    jobs: { running: deps.queue.running, waiting: deps.queue.waiting, uploading: deps.queue.uploading },
  }));
}

async function redisHealth(redis: SharedQueue, reply: FastifyReply) {
  if (!(await redis.reachable())) {
    reply.code(503);
    return { status: 'redis-unreachable', queue: { mode: 'redis', reachable: false } };
  }
  // waiting and active: the whole queue's, every web server's jobs; jobs below: this server's.
  return { queue: { mode: 'redis', reachable: true, ...(await redis.depth().catch(() => ({}))) } };
}
