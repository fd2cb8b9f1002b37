import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ocrSpaceFields } from '@textlift/core/api/ocr-space';
import { openApiDocument } from '@textlift/core/api/openapi';
import { buildApp } from '../app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ logLevel: 'warn', webRoot: '/nonexistent', apiRateLimit: 7, jobTimeoutMs: 45_000 });
});
afterAll(() => app.close());

test("GET /api/v1/openapi.json is core's document with this server's limits, not the defaults", async () => {
  const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  expect(document).toEqual(JSON.parse(JSON.stringify(openApiDocument({ requestsPerMinute: 7, jobTimeoutMs: 45_000 }))));
  expect(document.info['x-limits']).toEqual({ requestsPerMinute: 7, jobTimeoutSeconds: 45 });
  expect(document.info.description).toContain('At most 7 requests a minute');
});

test('it describes the OCR.space-compatible endpoints with their fields and answer', async () => {
  const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  const image = document.paths['/parse/image'].post;
  for (const type of ['multipart/form-data', 'application/x-www-form-urlencoded']) {
    expect(Object.keys(image.requestBody.content[type].schema.properties)).toEqual(['file', 'base64Image', 'url', ...Object.keys(ocrSpaceFields)]);
  }
  const answer = image.responses['200'].content['application/json'].schema.properties;
  expect(Object.keys(answer)).toEqual([
    'ParsedResults',
    'OCRExitCode',
    'IsErroredOnProcessing',
    'ErrorMessage',
    'ProcessingTimeInMilliseconds',
    'SearchablePDFURL',
  ]);
  const parameters = document.paths['/parse/imageurl'].get.parameters;
  expect(parameters[0]).toMatchObject({ name: 'url', in: 'query', required: true });
  expect(parameters.map((parameter: { name: string }) => parameter.name).slice(1)).toEqual(Object.keys(ocrSpaceFields));
});
