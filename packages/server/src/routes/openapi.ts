import type { FastifyInstance } from 'fastify';
import { errorStatus, toolList, type ToolDefinition } from '@textlift/core';

function summary(tool: ToolDefinition): string {
  const { input } = tool;
  if (input.kind === 'text') return `${tool.slug}: text up to ${input.maxLength} characters`;
  const count = input.maxFiles > 1 ? `${input.minFiles} to ${input.maxFiles} files` : 'one file';
  const pages = input.maxPages === undefined ? '' : input.maxFiles > 1 ? `, ${input.maxPages} pages in all` : ` and ${input.maxPages} pages`;
  return `${tool.slug}: ${count} (${input.accepts.join(', ')}) up to ${input.maxBytes / (1024 * 1024)} MB each${pages}`;
}

/** The input's field: the text, or the file part(s) in order. */
function inputProperty(tool: ToolDefinition) {
  const { input } = tool;
  if (input.kind === 'text') return { text: { type: 'string', minLength: 1, maxLength: input.maxLength } };
  const file = { type: 'string', format: 'binary', contentMediaType: input.accepts.join(', ') };
  return {
    file: input.maxFiles > 1 ? { type: 'array', minItems: input.minFiles, maxItems: input.maxFiles, items: file } : file,
  };
}

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
        toolList.map((tool) => [
          `/api/v1/convert/${tool.slug}`,
          {
            post: {
              operationId: `convert-${tool.slug}`,
              summary: summary(tool),
              // The page limit as data (a PDF's page count is known only once it is open).
              ...(tool.input.kind === 'files' && tool.input.maxPages !== undefined ? { 'x-maxPages': tool.input.maxPages } : {}),
              requestBody: {
                required: true,
                content: {
                  'multipart/form-data': {
                    schema: {
                      type: 'object',
                      required: [tool.input.kind === 'text' ? 'text' : 'file'],
                      properties: {
                        ...inputProperty(tool),
                        ...Object.fromEntries(Object.entries(tool.options).map(([name, field]) => [name, field.json])),
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
          responses: { '201': { description: 'Stored on disk' }, '400': error, '405': error, '413': error, '415': error, '429': error },
        },
      },
      '/healthz': { get: { operationId: 'health', responses: { '200': { description: 'Engines and queue' } } } },
    },
  };
  app.get('/api/v1/openapi.json', async () => document);
}
