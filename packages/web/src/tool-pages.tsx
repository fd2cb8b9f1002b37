import type { ComponentType } from 'react';
import type { ToolSlug } from '@textlift/core/tools';
import { lazyPage } from './lazy-page.ts';

/**
 * The page of each registry tool that has one of its own (the hero's lives on the home page),
 * each loaded on demand so that a new tool does not grow the home page's script. Typed by the
 * registry's slugs, so a new tool without a page fails to compile.
 */
export const toolPageComponents: Record<Exclude<ToolSlug, 'image-to-text'>, ComponentType> = {
  'pdf-to-text': lazyPage(async () => (await import('./pages/tools/pdf-to-text-page.tsx')).PdfToTextPage),
  'jpg-to-word': lazyPage(async () => (await import('./pages/tools/jpg-to-word-page.tsx')).JpgToWordPage),
  'pdf-to-word': lazyPage(async () => (await import('./pages/tools/pdf-to-word-page.tsx')).PdfToWordPage),
  'ocr-pdf': lazyPage(async () => (await import('./pages/tools/ocr-pdf-page.tsx')).OcrPdfPage),
  'text-to-pdf': lazyPage(async () => (await import('./pages/tools/text-to-pdf-page.tsx')).TextToPdfPage),
  'text-to-word': lazyPage(async () => (await import('./pages/tools/text-to-word-page.tsx')).TextToWordPage),
  'word-to-pdf': lazyPage(async () => (await import('./pages/tools/word-to-pdf-page.tsx')).WordToPdfPage),
  'word-to-jpg': lazyPage(async () => (await import('./pages/tools/word-to-jpg-page.tsx')).WordToJpgPage),
  'image-to-pdf': lazyPage(async () => (await import('./pages/tools/image-to-pdf-page.tsx')).ImageToPdfPage),
  'image-translator': lazyPage(async () => (await import('./pages/tools/image-translator-page.tsx')).ImageTranslatorPage),
  'pdf-to-jpg': lazyPage(async () => (await import('./pages/tools/pdf-to-jpg-page.tsx')).PdfToJpgPage),
  'merge-pdf': lazyPage(async () => (await import('./pages/tools/merge-pdf-page.tsx')).MergePdfPage),
  'jpg-to-excel': lazyPage(async () => (await import('./pages/tools/jpg-to-excel-page.tsx')).JpgToExcelPage),
  'pdf-to-excel': lazyPage(async () => (await import('./pages/tools/pdf-to-excel-page.tsx')).PdfToExcelPage),
  'qr-scanner': lazyPage(async () => (await import('./pages/tools/qr-scanner-page.tsx')).QrScannerPage),
  'barcode-scanner': lazyPage(async () => (await import('./pages/tools/barcode-scanner-page.tsx')).BarcodeScannerPage),
  'qr-generator': lazyPage(async () => (await import('./pages/tools/qr-generator-page.tsx')).QrGeneratorPage),
  'invert-image': lazyPage(async () => (await import('./pages/tools/invert-image-page.tsx')).InvertImagePage),
  'text-to-image': lazyPage(async () => (await import('./pages/tools/text-to-image-page.tsx')).TextToImagePage),
};
