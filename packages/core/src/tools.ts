import type { Conversion } from './conversion.ts';
import { imageTypes, type SniffedType } from './sniff.ts';

export type ToolIcon = 'scan-text' | 'file-text' | 'file-type' | 'file-output';

export interface ToolDefinition {
  /** URL segment of the tool's page and of POST /api/v1/convert/{slug}. */
  slug: string;
  /** Stem of the tool's dictionary keys: `tools.{key}.name`, `tools.{key}.description`. */
  i18nKey: string;
  /** Page route; the hero's tool lives on the home page. */
  path: string;
  /** The picture on the tool's card, by name; the page maps each name to an icon. */
  icon: ToolIcon;
  /** Input types, judged by the file's content. */
  accepts: readonly SniffedType[];
  /** Largest input file in bytes. */
  maxBytes: number;
  /** Most input files in one request. */
  maxFiles: number;
  /** Where the conversion runs for a visitor of the page. */
  runsOn: 'device' | 'server';
  /** Option fields the API accepts, with their default. */
  options: Readonly<Record<string, string>>;
  /** Loaded on first use so that listing tools pulls in no engine. */
  load(): Promise<Conversion>;
}

const MB = 1024 * 1024;

/**
 * Images up to 20 MB: a 600-dpi A4 colour scan saved as PNG is about 15 MB; more than that is
 * almost always a photo that the pixel limit would refuse anyway.
 */
const IMAGE_MAX_BYTES = 20 * MB;

/** The spec's PDF limit. */
const PDF_MAX_BYTES = 50 * MB;

/** The one list of tools: the grid, routes, sitemap, API and tests are all derived from it. */
export const tools = [
  {
    slug: 'image-to-text',
    icon: 'scan-text',
    i18nKey: 'imageToText',
    path: '/',
    accepts: imageTypes,
    maxBytes: IMAGE_MAX_BYTES,
    maxFiles: 1,
    runsOn: 'device',
    options: { language: 'eng' },
    load: async () => (await import('./conversions/image-to-text.ts')).imageToText,
  },
  {
    slug: 'pdf-to-text',
    icon: 'file-text',
    i18nKey: 'pdfToText',
    path: '/pdf-to-text',
    accepts: ['application/pdf'],
    maxBytes: PDF_MAX_BYTES,
    maxFiles: 1,
    runsOn: 'device',
    options: { language: 'eng', password: '' },
    load: async () => (await import('./conversions/pdf-to-text.ts')).pdfToText,
  },
  {
    slug: 'jpg-to-word',
    icon: 'file-type',
    i18nKey: 'jpgToWord',
    path: '/jpg-to-word',
    accepts: imageTypes,
    maxBytes: IMAGE_MAX_BYTES,
    maxFiles: 1,
    runsOn: 'device',
    options: { language: 'eng', format: 'docx' },
    load: async () => (await import('./conversions/jpg-to-word.ts')).jpgToWord,
  },
  {
    slug: 'pdf-to-word',
    icon: 'file-output',
    i18nKey: 'pdfToWord',
    path: '/pdf-to-word',
    accepts: ['application/pdf'],
    maxBytes: PDF_MAX_BYTES,
    maxFiles: 1,
    runsOn: 'device',
    options: { language: 'eng', password: '' },
    load: async () => (await import('./conversions/pdf-to-word.ts')).pdfToWord,
  },
] as const satisfies readonly ToolDefinition[];

export type ToolSlug = (typeof tools)[number]['slug'];

export function findTool(slug: string): ToolDefinition | undefined {
  return tools.find((tool) => tool.slug === slug);
}
