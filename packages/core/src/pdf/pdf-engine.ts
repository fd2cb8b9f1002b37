import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { ConversionError } from '../errors.ts';
import { greyFromRgba, type GreyImage } from '../ocr/preprocess/grey-image.ts';
import type { PositionedText } from './text-layout.ts';

type PdfJs = typeof import('pdfjs-dist');
/** The browser's OffscreenCanvas or @napi-rs/canvas on Node; pdf.js draws on either. */
type RenderCanvas = Parameters<PDFPageProxy['render']>[0]['canvas'];

/** What pdf.js needs from its host: its module, where its data files are, a canvas. */
export interface PdfJsSetup {
  pdfjs: PdfJs;
  /** Folder (URL in the browser, path on Node) of pdf.js's CMaps, for CJK text. */
  cMapUrl: string;
  /** Folder of the 14 standard fonts, for PDFs that do not embed them. */
  standardFontDataUrl: string;
  /** Folder of pdf.js's WASM decoders (JPEG 2000, colour profiles). */
  wasmUrl: string;
  /** Host-specific getDocument options (the browser worker has no DOM for fonts or canvases). */
  documentOptions?: Record<string, unknown>;
  /** A canvas of the given size and a way to read its RGBA pixels back. */
  createCanvas(width: number, height: number): { canvas: unknown; rgba(): Uint8Array | Uint8ClampedArray };
}

export interface OpenPdf {
  document: PDFDocumentProxy;
  /** Frees the document's memory; call it when done. */
  close(): Promise<void>;
}

export interface PdfEngine {
  /** Opens a PDF; a missing or wrong password and damage are ConversionErrors. */
  open(data: Uint8Array, password?: string): Promise<OpenPdf>;
  /** Renders a page at `scale` (1 = 72 dpi) in grey, for OCR. */
  renderPage(page: PDFPageProxy, scale: number): Promise<GreyImage>;
  /**
   * The page's text runs as the reader sees the page (rotation and crop box applied), y up.
   * With `styles`, each run says whether its font is bold or italic (costs parsing the page).
   */
  textRuns(page: PDFPageProxy, options?: { styles?: boolean }): Promise<PositionedText[]>;
}

export function createPdfEngine(setup: PdfJsSetup): PdfEngine {
  const { pdfjs } = setup;
  return {
    async open(data, password) {
      const task = pdfjs.getDocument({
        // pdf.js may take the buffer over; the caller keeps its own.
        data: new Uint8Array(data),
        password: password || undefined,
        cMapUrl: setup.cMapUrl,
        cMapPacked: true,
        standardFontDataUrl: setup.standardFontDataUrl,
        wasmUrl: setup.wasmUrl,
        verbosity: 0,
        ...setup.documentOptions,
      });
      try {
        return { document: await task.promise, close: () => task.destroy() };
      } catch (error) {
        await task.destroy().catch(() => {});
        throw toPdfError(error, pdfjs);
      }
    },
    async textRuns(page, { styles = false } = {}) {
      const viewport = page.getViewport({ scale: 1 });
      // Fonts are known to commonObjs only once the page's drawing has been parsed.
      if (styles) await page.getOperatorList();
      const content = await page.getTextContent();
      const runs: PositionedText[] = [];
      for (const item of content.items) {
        if (!('str' in item) || !item.str) continue;
        const [a, b, c, d, e, f] = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
        const size = Math.hypot(c!, d!) || Math.hypot(a!, b!);
        // Runs drawn sideways (b != 0) keep their start; their width then runs along y.
        const run: PositionedText = { str: item.str, x: e!, y: viewport.height - f!, width: item.width, size, rtl: item.dir === 'rtl' };
        if (styles && page.commonObjs.has(item.fontName)) {
          const font = page.commonObjs.get(item.fontName) as { name?: string; bold?: boolean; italic?: boolean; black?: boolean };
          const name = font.name ?? '';
          run.bold = Boolean(font.bold || font.black) || /bold|black|heavy|semibold|demi/i.test(name);
          run.italic = Boolean(font.italic) || /italic|oblique/i.test(name);
        }
        runs.push(run);
      }
      return runs;
    },
    async renderPage(page, scale) {
      const viewport = page.getViewport({ scale });
      const width = Math.ceil(viewport.width);
      const height = Math.ceil(viewport.height);
      const { canvas, rgba } = setup.createCanvas(width, height);
      await page.render({ canvas: canvas as RenderCanvas, viewport, background: '#ffffff' }).promise;
      return greyFromRgba(rgba(), width, height);
    },
  };
}

function toPdfError(error: unknown, pdfjs: PdfJs): ConversionError {
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    const code = (error as { code?: number }).code;
    return code === pdfjs.PasswordResponses.INCORRECT_PASSWORD
      ? new ConversionError('wrong-password', 'The password is not right.')
      : new ConversionError('password-required', 'The PDF is protected by a password.');
  }
  return new ConversionError('corrupt', `The PDF cannot be read: ${message}`);
}
