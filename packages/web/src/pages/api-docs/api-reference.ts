import { openApiDocument } from '@textlift/core/api/openapi';
import { toolList } from '@textlift/core/tools';

/*
 * What the API's page shows, read from the OpenAPI document the server serves (core's
 * api/openapi.ts, called here at build time with the default limits): each tool's endpoint,
 * inputs, limits, options and answer, the OCR.space-compatible endpoints and the error shape.
 * The page adds only words, from the dictionaries.
 */

/** The part of JSON Schema the document uses. */
export interface Schema {
  type?: string;
  enum?: ReadonlyArray<string | number>;
  default?: string | number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  contentMediaType?: string;
  description?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  oneOf?: Schema[];
  required?: string[];
}

interface Operation {
  'x-maxBytes'?: number;
  'x-maxPages'?: number;
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: Array<{ name: string; required?: boolean; schema: Schema }>;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

const document = openApiDocument();
const paths = document.paths as unknown as Record<string, { get?: Operation; post?: Operation }>;

/** What a field takes, in a form the page words in each language. */
export type Allowed =
  | { kind: 'values'; values: ReadonlyArray<string | number> }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'languages'; codes: string[]; most: number }
  | { kind: 'color' }
  | { kind: 'json-list'; most: number }
  | { kind: 'text'; most: number }
  | { kind: 'any' };

export interface ApiField {
  name: string;
  allowed: Allowed;
  fallback?: string | number;
  required: boolean;
}

/** Reads what a field's schema allows; the OCR languages' pattern is "^auto$|^(eng|rus|…)(\+(…)){0,2}$". */
export function allowedBy(schema: Schema): Allowed {
  if (schema.enum) return { kind: 'values', values: schema.enum };
  if (schema.minimum !== undefined && schema.maximum !== undefined) return { kind: 'range', min: schema.minimum, max: schema.maximum };
  const languages = schema.pattern?.match(/^\^auto\$\|\^\(([a-z_|]+)\)\(\\\+\(\1\)\)\{0,(\d+)\}\$$/);
  if (languages) return { kind: 'languages', codes: languages[1]!.split('|'), most: Number(languages[2]) + 1 };
  if (schema.pattern?.startsWith('^#')) return { kind: 'color' };
  // A list of texts travels as JSON in one form field; its description says how many.
  if (schema.default === '[]') return { kind: 'json-list', most: Number(/up to (\d+)/.exec(schema.description ?? '')?.[1] ?? 0) };
  if (schema.maxLength !== undefined) return { kind: 'text', most: schema.maxLength };
  return { kind: 'any' };
}

function fieldsOf(schema: Schema, skip: ReadonlySet<string>): ApiField[] {
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => !skip.has(name))
    .map(([name, field]) => ({ name, allowed: allowedBy(field), fallback: field.default, required: schema.required?.includes(name) ?? false }));
}

/** Statuses of the errors an operation may answer, in order. */
const errorStatuses = (operation: Operation) =>
  Object.keys(operation.responses)
    .map(Number)
    .filter((status) => status >= 400)
    .sort((a, b) => a - b);

/** A sample file name for a type a tool takes, as a curl example sends it. */
function sampleFile(type: string): string {
  if (type.startsWith('image/')) return 'scan.png';
  if (type === 'application/pdf') return 'document.pdf';
  return 'letter.docx';
}

/** A real value of an option for the example: one other than its default, where it has one. */
function sampleValue(field: ApiField): string | undefined {
  const { allowed } = field;
  if (allowed.kind === 'values') return String(allowed.values.find((value) => value !== field.fallback) ?? allowed.values[0]);
  // Two languages read together, as a visitor who knows the page's would send them.
  if (allowed.kind === 'languages') return ['eng', 'deu'].every((code) => allowed.codes.includes(code)) ? 'eng+deu' : allowed.codes[0]!;
  if (allowed.kind === 'range') return String(field.fallback === allowed.max ? allowed.min : allowed.max);
  if (allowed.kind === 'color') return '#1d4ed8';
  return undefined;
}

/** The site's address in the examples: the server writes its own in place of this, as in the page's canonical link. */
export const ORIGIN_PLACEHOLDER = '%ORIGIN%';

export interface ApiTool {
  slug: string;
  i18nKey: string;
  method: 'POST';
  path: string;
  input: { kind: 'files'; accepts: string[]; maxBytes: number; minFiles: number; maxFiles: number; maxPages?: number } | { kind: 'text'; maxLength: number };
  options: ApiField[];
  answers: 'file' | 'codes';
  /** The JSON a scanner answers, as an example drawn from its schema. */
  answerExample?: string;
  errorStatuses: number[];
  /** The curl command, with ORIGIN_PLACEHOLDER for the site's address. */
  curl: string;
}

/** An example value of a schema, for the JSON the page shows: the first allowed value, or one of its type. */
export function exampleOf(schema: Schema): unknown {
  if (schema.oneOf) return exampleOf(schema.oneOf[0]!);
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'object') return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, inner]) => [name, exampleOf(inner)]));
  if (schema.type === 'array') return schema.items ? [exampleOf(schema.items)] : [];
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 0;
  if (schema.type === 'boolean') return false;
  return schema.pattern === '^\\d+$' ? '0' : '…';
}

function apiTool(tool: (typeof toolList)[number]): ApiTool {
  const path = `/api/v1/convert/${tool.slug}`;
  const operation = paths[path]!.post!;
  const schema = operation.requestBody!.content['multipart/form-data']!.schema;
  const inputName = schema.properties!.file ? 'file' : 'text';
  const inputSchema = schema.properties![inputName]!;
  const options = fieldsOf(schema, new Set([inputName]));
  const file = inputSchema.type === 'array' ? inputSchema.items! : inputSchema;
  const input: ApiTool['input'] =
    inputName === 'text'
      ? { kind: 'text', maxLength: inputSchema.maxLength! }
      : {
          kind: 'files',
          accepts: file.contentMediaType!.split(', '),
          maxBytes: operation['x-maxBytes']!,
          minFiles: inputSchema.minItems ?? 1,
          maxFiles: inputSchema.maxItems ?? 1,
          ...(operation['x-maxPages'] === undefined ? {} : { maxPages: operation['x-maxPages'] }),
        };
  const success = operation.responses['200']!.content!;
  const json = success['application/json']?.schema;
  // The example sends the input and the options a request must name, or else the first that takes a value.
  const required = options.filter((field) => field.required);
  const shown = required.length > 0 ? required : options.filter((field) => sampleValue(field) !== undefined).slice(0, 1);
  const parts =
    input.kind === 'text'
      ? ['-F "text=Hello, world"']
      : Array.from({ length: Math.max(input.minFiles, 1) }, (_, index) => {
          const name = sampleFile(input.accepts[0]!);
          return `-F file=@${input.minFiles > 1 ? name.replace('.', `-${index + 1}.`) : name}`;
        });
  const curl = ['curl', ...(json ? [] : ['-OJ']), ...parts, ...shown.map((field) => `-F ${field.name}=${sampleValue(field)}`), `${ORIGIN_PLACEHOLDER}${path}`];
  return {
    slug: tool.slug,
    i18nKey: tool.i18nKey,
    method: 'POST',
    path,
    input,
    options,
    answers: json ? 'codes' : 'file',
    ...(json ? { answerExample: JSON.stringify(exampleOf(json)) } : {}),
    errorStatuses: errorStatuses(operation),
    curl: curl.join(' '),
  };
}

/** Every tool of the registry as the API takes it, in the registry's order. */
export const apiTools: ApiTool[] = toolList.map(apiTool);

/** The limits the document states (the server's defaults). */
export const apiLimits = document.info['x-limits'];

/** Every error code by its HTTP status, as the tools' answers list them. */
export const apiErrors: Array<{ status: number; codes: string[] }> = (() => {
  const responses = paths[`/api/v1/convert/${toolList[0]!.slug}`]!.post!.responses;
  return errorStatuses(paths[`/api/v1/convert/${toolList[0]!.slug}`]!.post!).map((status) => {
    const schema = responses[String(status)]!.content!['application/json']!.schema!;
    return { status, codes: [...(schema.properties!.error!.properties!.code!.enum as string[])] };
  });
})();

/** The error's JSON, as an example with a real code. */
export const errorExample = JSON.stringify({ error: { code: 'too-large', message: '…' } });

const parseImage = paths['/parse/image']!.post!;
const parseImageUrl = paths['/parse/imageurl']!.get!;
const parseImageSchema = parseImage.requestBody!.content['multipart/form-data']!.schema;
const ocrSpaceInputNames = (parseImageSchema.oneOf ?? []).flatMap((choice) => choice.required ?? []);

/** The OCR.space-compatible endpoints, as the document describes them. */
export const ocrSpaceApi = {
  contentTypes: Object.keys(parseImage.requestBody!.content),
  inputs: ocrSpaceInputNames,
  fields: fieldsOf(parseImageSchema, new Set(ocrSpaceInputNames)),
  maxBytes: parseImage['x-maxBytes']!,
  maxPages: parseImage['x-maxPages'],
  imageUrlParameters: parseImageUrl.parameters!.map((parameter) => ({ name: parameter.name, required: parameter.required ?? false })),
  answerExample: JSON.stringify(exampleOf(parseImage.responses['200']!.content!['application/json']!.schema!), null, 2),
  curl: {
    image: `curl -F file=@scan.png -F language=ger -F isOverlayRequired=true ${ORIGIN_PLACEHOLDER}/parse/image`,
    imageUrl: `curl "${ORIGIN_PLACEHOLDER}/parse/imageurl?url=https://example.com/scan.png&language=eng"`,
    key: `curl -H "apikey: YOUR_KEY" -F file=@scan.png ${ORIGIN_PLACEHOLDER}/parse/image`,
  },
};
