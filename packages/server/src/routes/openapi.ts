import type { FastifyInstance } from 'fastify';
import { errorStatus, tools } from '@textlift/core';

/** GET /api/v1/openapi.json: the API described from the tool registry, so it cannot drift. */
export function registerOpenApiRoute(app: FastifyInstance) {
  const error = {
    description: 'The request could not be converted',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'string', enum: Object.keys(errorStatus) }, message: { type: 'string' } },
            },
          },
        },
      },
    },
  };
  const errorResponses = Object.fromEntries([...new Set(Object.values(errorStatus))].map((status) => [String(status), error]));
  const document = {
    openapi: '3.1.0',
    info: { title: 'TextLift API', version: '1', description: 'Every tool of the site over HTTP, with the same conversion core as the pages.' },
    paths: {
      ...Object.fromEntries(
        tools.map((tool) => [
          `/api/v1/convert/${tool.slug}`,
          {
            post: {
              operationId: `convert-${tool.slug}`,
              summary: `${tool.slug}: ${tool.accepts.join(', ')} up to ${tool.maxBytes / (1024 * 1024)} MB`,
              requestBody: {
                required: true,
                content: {
                  'multipart/form-data': {
                    schema: {
                      type: 'object',
                      required: ['file'],
                      properties: {
                        file: tool.maxFiles > 1
                          ? { type: 'array', maxItems: tool.maxFiles, items: { type: 'string', format: 'binary' } }
                          : { type: 'string', format: 'binary' },
                        ...Object.fromEntries(Object.entries(tool.options).map(([name, fallback]) => [name, { type: 'string', default: fallback }])),
                      },
                    },
                  },
                },
              },
              responses: {
                '200': {
                  description: 'The output file, with Content-Disposition naming it; several outputs come as one .zip',
                  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
                },
                ...errorResponses,
              },
            },
          },
        ]),
      ),
      '/api/v1/contact': {
        post: {
          operationId: 'contact',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name', 'email', 'subject', 'message'],
                  properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' }, subject: { type: 'string' }, message: { type: 'string' } },
                },
              },
            },
          },
          responses: { '201': { description: 'Stored' }, '400': error, '429': error },
        },
      },
      '/healthz': { get: { operationId: 'health', responses: { '200': { description: 'Engines and queue' } } } },
    },
  };
  app.get('/api/v1/openapi.json', async () => document);
}
