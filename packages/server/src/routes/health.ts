import type { FastifyInstance } from 'fastify';
import type { OcrProvider } from '../engines/ocr-provider.ts';
import type { JobQueue } from '../job-queue.ts';

export function registerHealthRoute(app: FastifyInstance, deps: { queue: JobQueue; ocr: OcrProvider }) {
  app.get('/healthz', async () => ({
    status: 'ok',
    node: process.version,
    ocr: { engine: deps.ocr.kind, name: deps.ocr.name },
    // uploading: admitted requests not in the queue (body still arriving, or answer still
    // leaving); they count toward the queue's bound.
    jobs: { running: deps.queue.running, waiting: deps.queue.waiting, uploading: deps.queue.uploading },
  }));
}
