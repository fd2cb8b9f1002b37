import { errorStatus, type ErrorCode } from '../errors.ts';
import { API_REQUESTS_PER_MINUTE, JOB_TIMEOUT_MS } from '../service-limits.ts';
import { isRequiredOption } from '../tool-options.ts';
import { toolList, type ToolDefinition } from '../tools.ts';
import { serverEngineIds } from '../translation/engines.ts';
import { TRANSLATE_MAX_CHARS, TRANSLATE_MAX_TEXTS } from '../translation/translate-request.ts';
import { OCR_SPACE_MAX_BYTES, OCR_SPACE_MAX_PAGES, ocrSpaceAnswer, ocrSpaceFields, ocrSpaceInputs } from './ocr-space.ts';

/** The limits a server applies, which the document states: the defaults, or what its operator set. */
export interface ApiLimits {
  /** API requests one client address may make in a minute without a key. */
  requestsPerMinute: number;
  /** A conversion still running after this long is stopped and answered 503. */
  jobTimeoutMs: number;
}

export const defaultApiLimits: ApiLimits = { requestsPerMinute: API_REQUESTS_PER_MINUTE, jobTimeoutMs: JOB_TIMEOUT_MS };

const MB = 1024 * 1024;

function summary(tool: ToolDefinition): string {
  const { input } = tool;
  if (input.kind === 'text') return `${tool.slug}: text up to ${input.maxLength} characters`;
  const count = input.maxFiles > 1 ? `${input.minFiles} to ${input.maxFiles} files` : 'one file';
  const pages = input.maxPages === undefined ? '' : input.maxFiles > 1 ? `, ${input.maxPages} pages in all` : ` and ${input.maxPages} pages`;
  return `${tool.slug}: ${count} (${input.accepts.join(', ')}) up to ${input.maxBytes / MB} MB each${pages}`;
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

/** A request body of JSON with this schema. */
const jsonBody = (schema: Record<string, unknown>) => ({ required: true, content: { 'application/json': { schema } } });

/** The error answer's JSON, with the codes it may carry. */
function errorAnswer(description: string, codes: readonly string[]) {
  return {
    description,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'string', enum: codes }, message: { type: 'string' } },
            },
          },
        },
      },
    },
  };
}

/** Every error code, by the HTTP status it is answered with. */
export function errorCodesByStatus(): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const [code, status] of Object.entries(errorStatus) as Array<[ErrorCode, number]>) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  return byStatus;
}

/**
 * The API described as OpenAPI 3.1, from the tool registry and the limits given, so it cannot
 * drift: GET /api/v1/openapi.json serves it, and the site's API page is drawn from it at build time.
 */
export function openApiDocument(limits: ApiLimits = defaultApiLimits) {
  const error = errorAnswer('The request could not be converted', Object.keys(errorStatus));
  // Each status with the codes it carries, so a client (and the API's page) can tell them apart.
  const errorResponses = Object.fromEntries(
    [...errorCodesByStatus()].map(([status, codes]) => [String(status), errorAnswer('The request could not be converted', codes)]),
  );
  const fileAnswer = {
    description:
      'The output file, with Content-Disposition naming it after the input (RFC 6266: filename* in UTF-8, filename in ASCII); several outputs come as one .zip',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  };
  const code = {
    type: 'object',
    required: ['format', 'text'],
    properties: {
      format: { type: 'string', description: "ZXing's name of the format: QR_CODE, EAN_13, UPC_A, CODE_128…" },
      text: { type: 'string' },
      page: { type: 'integer', minimum: 1, description: 'Where a PDF was scanned: the page the code is on' },
    },
  };
  const codesAnswer = {
    description: 'Every code found, in reading order',
    content: { 'application/json': { schema: { type: 'object', required: ['results'], properties: { results: { type: 'array', items: code } } } } },
  };
  const ocrSpaceResponses = {
    '200': {
      description: "OCR.space's answer; a file that could not be read is reported in it (IsErroredOnProcessing, the exit codes), as OCR.space does",
      content: { 'application/json': { schema: ocrSpaceAnswer } },
    },
    '400': error,
    '413': error,
    '429': error,
    '503': error,
  };
  // The file limits these endpoints share with the image-to-text tool.
  const ocrSpaceLimits = { 'x-maxBytes': OCR_SPACE_MAX_BYTES, ...(OCR_SPACE_MAX_PAGES === undefined ? {} : { 'x-maxPages': OCR_SPACE_MAX_PAGES }) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'TextLift API',
      version: '1',
      description:
        `Every tool of the site over HTTP, with the same conversion core as the pages. At most ${limits.requestsPerMinute} requests a minute from one ` +
        `address (429 with Retry-After past it); a conversion running longer than ${limits.jobTimeoutMs / 1000} s is stopped (503). ` +
        'API keys are optional: where the operator has set keys, send yours in the apikey header (or Authorization: Bearer) for a larger limit.',
      'x-limits': { requestsPerMinute: limits.requestsPerMinute, jobTimeoutSeconds: limits.jobTimeoutMs / 1000 },
    },
    components: {
      securitySchemes: {
        apikey: { type: 'apiKey', in: 'header', name: 'apikey' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    // A key is optional: without one, the limits above apply.
    security: [{}, { apikey: [] }, { bearer: [] }],
    paths: {
      ...Object.fromEntries(
        toolList.map((tool) => [
          `/api/v1/convert/${tool.slug}`,
          {
            post: {
              operationId: `convert-${tool.slug}`,
              summary: summary(tool),
              // The size and page limits as data (a PDF's page count is known only once it is open).
              ...(tool.input.kind === 'files' ? { 'x-maxBytes': tool.input.maxBytes } : {}),
              ...(tool.input.kind === 'files' && tool.input.maxPages !== undefined ? { 'x-maxPages': tool.input.maxPages } : {}),
              requestBody: {
                required: true,
                content: {
                  'multipart/form-data': {
                    schema: {
                      type: 'object',
                      // An option without a default (the Image Translator's target) must be sent.
                      required: [
                        tool.input.kind === 'text' ? 'text' : 'file',
                        ...Object.entries(tool.options)
                          .filter(([, field]) => isRequiredOption(field))
                          .map(([name]) => name),
                      ],
                      properties: {
                        ...inputProperty(tool),
                        ...Object.fromEntries(Object.entries(tool.options).map(([name, field]) => [name, field.json])),
                      },
                    },
                  },
                },
              },
              responses: {
                '200': tool.answers === 'codes' ? codesAnswer : fileAnswer,
                ...errorResponses,
              },
            },
          },
        ]),
      ),
      '/parse/image': {
        post: {
          operationId: 'ocr-space-parse-image',
          summary: "OCR compatible with OCR.space's POST /parse/image: an OCR.space client works by changing only the host. PDFs are read page by page.",
          ...ocrSpaceLimits,
          requestBody: {
            required: true,
            content: Object.fromEntries(
              ['multipart/form-data', 'application/x-www-form-urlencoded'].map((type) => [
                type,
                {
                  schema: {
                    type: 'object',
                    description: 'One of file, base64Image or url',
                    oneOf: Object.keys(ocrSpaceInputs).map((name) => ({ required: [name] })),
                    properties: { ...ocrSpaceInputs, ...ocrSpaceFields },
                  },
                },
              ]),
            ),
          },
          responses: ocrSpaceResponses,
        },
      },
      '/parse/imageurl': {
        get: {
          operationId: 'ocr-space-parse-imageurl',
          summary: "OCR of the picture or PDF at an address, compatible with OCR.space's GET /parse/imageurl",
          ...ocrSpaceLimits,
          parameters: [
            { name: 'url', in: 'query', required: true, schema: ocrSpaceInputs.url },
            ...Object.entries(ocrSpaceFields).map(([name, schema]) => ({ name, in: 'query', schema })),
          ],
          responses: ocrSpaceResponses,
        },
      },
      '/api/v1/contact': {
        post: {
          operationId: 'contact',
          requestBody: jsonBody({
            type: 'object',
            required: ['name', 'email', 'subject', 'message'],
            properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' }, subject: { type: 'string' }, message: { type: 'string' } },
          }),
          responses: { '201': { description: 'Stored on disk' }, '400': error, '405': error, '413': error, '415': error, '429': error },
        },
      },
      '/v1/create-qr-code/': {
        get: {
          operationId: 'create-qr-code',
          summary: "A QR code image, compatible with goqr.me's api.qrserver.com/v1/create-qr-code/",
          parameters: [
            { name: 'data', in: 'query', required: true, schema: { type: 'string', minLength: 1, maxLength: 2953 } },
            {
              name: 'size',
              in: 'query',
              schema: { type: 'string', pattern: '^\\d+x\\d+$', default: '200x200' },
              description: '10x10 to 1000x1000 pixels; a square of the smaller side',
            },
            { name: 'ecc', in: 'query', schema: { type: 'string', enum: ['L', 'M', 'Q', 'H'], default: 'L' } },
            { name: 'color', in: 'query', schema: { type: 'string', default: '0-0-0' }, description: 'R-G-B decimal (255-0-0) or hex (f00, ff0000)' },
            { name: 'bgcolor', in: 'query', schema: { type: 'string', default: '255-255-255' }, description: 'R-G-B decimal or hex' },
            {
              name: 'margin',
              in: 'query',
              schema: { type: 'integer', minimum: 0, maximum: 50, default: 1 },
              description: 'pixels of background round the code; not for SVG',
            },
            { name: 'qzone', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 100, default: 0 }, description: 'quiet zone in modules' },
            { name: 'format', in: 'query', schema: { type: 'string', enum: ['png', 'gif', 'jpeg', 'jpg', 'svg'], default: 'png' } },
            { name: 'charset-source', in: 'query', schema: { type: 'string', enum: ['UTF-8', 'ISO-8859-1'], default: 'UTF-8' } },
            { name: 'charset-target', in: 'query', schema: { type: 'string', enum: ['UTF-8', 'ISO-8859-1'], default: 'UTF-8' } },
          ],
          responses: {
            '200': {
              description: 'The image',
              content: Object.fromEntries(
                ['image/png', 'image/gif', 'image/jpeg', 'image/svg+xml'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
              ),
            },
            '400': error,
            '429': error,
          },
        },
      },
      '/api/v1/translate': {
        post: {
          operationId: 'translate',
          summary:
            "Text translated by our server's first engine for the pair: Apertium (English to Spanish, and to French through Spanish), " +
            'then a LibreTranslate-compatible server where one is configured',
          requestBody: jsonBody({
            type: 'object',
            required: ['target'],
            properties: {
              text: {
                type: 'string',
                maxLength: TRANSLATE_MAX_CHARS,
                description: 'One text; its paragraphs and the lines that stand alone are kept. Send text or texts.',
              },
              texts: {
                type: 'array',
                maxItems: TRANSLATE_MAX_TEXTS,
                items: { type: 'string', pattern: '^[^\\n\\r]*$' },
                description: 'Texts of one line each, translated each on its own, answered in order',
              },
              source: { type: 'string', default: 'en', description: 'Language code of the text (ISO 639-1: en, es, fr…)' },
              target: { type: 'string', description: 'Language code to translate into' },
              engine: { type: 'string', enum: [...serverEngineIds], description: 'The engine to use; else the first that translates the pair' },
            },
          }),
          responses: {
            '200': {
              description: 'The translation, and the engine that made it (apertium or libretranslate)',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['engine', 'source', 'target'],
                    properties: {
                      text: { type: 'string' },
                      texts: { type: 'array', items: { type: 'string' } },
                      engine: { type: 'string' },
                      source: { type: 'string' },
                      target: { type: 'string' },
                    },
                  },
                },
              },
            },
            '400': error,
            '413': error,
            '415': error,
            '422': { ...error, description: 'No engine here translates the pair (no-translator)' },
            '429': error,
            '500': error,
          },
        },
      },
      '/api/v1/translate/languages': {
        get: {
          operationId: 'translate-languages',
          summary: "Our server's translation engines, in the order they are tried, with the pairs each translates (`via`: through a third language)",
          responses: { '200': { description: '{"engines":[{"id","pairs":[{"source","target","via"?}]}]}' }, '429': error },
        },
      },
      '/healthz': { get: { operationId: 'health', responses: { '200': { description: 'Engines and queue' } } } },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
