import type { FastifyInstance } from 'fastify';
import { baseName, ConversionError, findTool, MAX_OPTION_LENGTH, zipOutputs, type InputFile, type JobInput } from '@textlift/core';
import type { ConversionPool } from '../conversion-pool.ts';
import type { JobQueue } from '../job-queue.ts';
import { contentDisposition } from '../http-errors.ts';

/** Longest option field in bytes: a list of 20 passwords as JSON fits; anything longer is refused, not cut. */
const MAX_FIELD_BYTES = 32 * MAX_OPTION_LENGTH;

/** POST /api/v1/convert/{slug}: any registry tool over HTTP, with the same core as the page. */
export function registerConvertRoute(app: FastifyInstance, deps: { queue: JobQueue; pool: ConversionPool }) {
  app.post<{ Params: { slug: string } }>('/api/v1/convert/:slug', async (request, reply) => {
    const tool = findTool(request.params.slug);
    if (!tool) throw new ConversionError('bad-request', `Unknown tool: ${request.params.slug}`);
    if (!request.isMultipart()) throw new ConversionError('bad-request', 'Send the input as multipart/form-data.');

    const { input: declared } = tool;
    // A text tool's text is UTF-8 on the wire: up to four bytes a character.
    const fieldSize = declared.kind === 'text' ? Math.max(MAX_FIELD_BYTES, declared.maxLength * 4) : MAX_FIELD_BYTES;
    const files: InputFile[] = [];
    let text: string | undefined;
    const options: Record<string, string> = {};
    const parts = request.parts({
      limits: {
        fileSize: declared.kind === 'files' ? declared.maxBytes : 0,
        files: declared.kind === 'files' ? declared.maxFiles : 0,
        fieldSize,
        fields: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new ConversionError('bad-request', `Unexpected file field: ${part.fieldname}`);
        // Kept in memory only: no upload is ever written to disk.
        files.push({ name: part.filename || 'file', bytes: await part.toBuffer() });
        continue;
      }
      const value = String(part.value);
      if (part.fieldname === 'text' && declared.kind === 'text') {
        if (part.valueTruncated) throw new ConversionError('too-long', 'The text is too long.', { maxLength: declared.maxLength });
        text = value;
      } else {
        if (part.valueTruncated) throw new ConversionError('bad-request', `The field ${part.fieldname} is too long.`, { field: part.fieldname });
        options[part.fieldname] = value;
      }
    }
    const input: JobInput = declared.kind === 'text' ? { text: text ?? '' } : { files };

    const controller = new AbortController();
    request.raw.on('close', () => {
      if (!reply.sent) controller.abort();
    });
    const result = await deps.queue.run(
      (signal) => deps.pool.run({ slug: tool.slug, input, options }, signal),
      controller.signal,
    );

    if (result.data?.codes) return reply.send({ results: result.data.codes });
    if (result.outputs.length === 0) throw new ConversionError('engine-failed', 'No output.');
    const output = result.outputs.length === 1 ? result.outputs[0]! : zipOutputs(result.outputs, `${baseName(result.outputs[0]!.name)}.zip`);
    return reply
      .header('Content-Type', output.type)
      .header('Content-Disposition', contentDisposition(output.name))
      .send(Buffer.from(output.bytes.buffer, output.bytes.byteOffset, output.bytes.byteLength));
  });
}
