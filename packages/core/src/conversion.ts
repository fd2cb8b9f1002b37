import type { OcrEngine } from './ocr/engine.ts';
import type { ImageType } from './sniff.ts';
import type { PdfEngine } from './pdf/pdf-engine.ts';
import type { GreyImage } from './ocr/preprocess/grey-image.ts';

export interface InputFile {
  name: string;
  bytes: Uint8Array;
}

export interface OutputFile {
  name: string;
  /** Media type with charset where it is text, as sent in Content-Type. */
  type: string;
  bytes: Uint8Array;
}

export interface ConversionResult {
  outputs: OutputFile[];
  /** The text a tool shows in its result panel, where it has one. */
  text?: string;
  /** Counts a tool reports about its output ("14 pages, 120 paragraphs, 2 tables"). */
  summary?: Record<string, number>;
}

/** What a long step is doing, so the page can say it; fraction is the engine's own, 0 to 1. */
export type ProgressStage = 'loading' | 'preparing' | 'recognizing' | 'reading';
/** `page` and `pages` say where a many-page job is (1-based), for "page 3 of 14". */
export interface ProgressDetail {
  page: number;
  pages: number;
}
export type ProgressCallback = (fraction: number, stage: ProgressStage, detail?: ProgressDetail) => void;

/** The pieces that differ between the browser worker and Node; everything else is shared. */
export interface ConversionHost {
  ocr(): Promise<OcrEngine>;
  /** Decodes an image (turned upright by its EXIF orientation) to grey pixels for OCR. */
  decodeGrey(bytes: Uint8Array, type: ImageType): Promise<GreyImage>;
  pdf(): Promise<PdfEngine>;
}

export interface ConversionContext {
  host: ConversionHost;
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
}

export type Conversion = (
  inputs: InputFile[],
  options: Record<string, string>,
  context: ConversionContext,
) => Promise<ConversionResult>;

/** Strips the extension so outputs can be named after their input ("scan.png" -> "scan"). */
export function baseName(fileName: string): string {
  const name = fileName.replace(/^.*[\\/]/, '');
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name) || 'file';
}
