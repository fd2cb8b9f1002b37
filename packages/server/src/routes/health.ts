import type { FastifyInstance } from 'fastify';
import type { OfficePool } from '../engines/libreoffice.ts';
import type { OcrProvider } from '../engines/ocr-provider.ts';
import type { JobQueue } from '../job-queue.ts';
import type { ServerTranslation } from '../engines/translation.ts';

export function registerHealthRoute(app: FastifyInstance, deps: { queue: JobQueue; ocr: OcrProvider; office?: OfficePool; translation?: ServerTranslation }) {
  app.get('/healthz', async () => ({
    status: 'ok',
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
