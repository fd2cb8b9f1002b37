import type { FastifyInstance } from 'fastify';
import { baseName, ConversionError, findTool, zipOutputs, type InputFile } from '@textlift/core';
import type { ConversionPool } from '../conversion-pool.ts';
import type { JobQueue } from '../job-queue.ts';
import { contentDisposition } from '../http-errors.ts';

/** Longest text option (such as text to turn into a PDF) read from a form field, in bytes. */
const MAX_FIELD_BYTES = 1024 * 1024;

/** POST /api/v1/convert/{slug}: any registry tool over HTTP, with the same core as the page. */
export function registerConvertRoute(app: FastifyInstance, deps: { queue: JobQueue; pool: ConversionPool }) {
  app.post<{ Params: { slug: string } }>('/api/v1/convert/:slug', async (request, reply) => {
    const tool = findTool(request.params.slug);
    if (!tool) throw new ConversionError('bad-request', `Unknown tool: ${request.params.slug}`);
    if (!request.isMultipart()) throw new ConversionError('bad-request', 'Send the file as multipart/form-data.');

    const inputs: InputFile[] = [];
    const options: Record<string, string> = { ...tool.options };
    const parts = request.parts({
      limits: { fileSize: tool.maxBytes, files: tool.maxFiles, fieldSize: MAX_FIELD_BYTES, fields: 20 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new ConversionError('bad-request', `Unexpected file field: ${part.fieldname}`);
        // Kept in memory only: no upload is ever written to disk.
        inputs.push({ name: part.filename || 'file', bytes: await part.toBuffer() });
      } else if (Object.hasOwn(tool.options, part.fieldname)) {
        options[part.fieldname] = String(part.value);
      } else {
        throw new ConversionError('bad-request', `Unknown field: ${part.fieldname}`);
      }
    }

    const controller = new AbortController();
    request.raw.on('close', () => {
      if (!reply.sent) controller.abort();
    });
    const result = await deps.queue.run(
      (signal) => deps.pool.run({ slug: tool.slug, inputs, options }, signal),
      controller.signal,
    );

    if (result.outputs.length === 0) throw new ConversionError('engine-failed', 'No output.');
    const output = result.outputs.length === 1 ? result.outputs[0]! : zipOutputs(result.outputs, `${baseName(result.outputs[0]!.name)}.zip`);
    return reply
      .header('Content-Type', output.type)
      .header('Content-Disposition', contentDisposition(output.name))
      .send(Buffer.from(output.bytes.buffer, output.bytes.byteOffset, output.bytes.byteLength));
  });
}
