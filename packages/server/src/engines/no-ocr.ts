import type { OcrProvider } from './ocr-provider.ts';

/** An OCR provider for the tests of tools that read no text: any use of it fails the test. */
export function noOcr(tool: string): OcrProvider {
  return {
    kind: 'wasm',
    name: 'none',
    borrow: () => {
      throw new Error(`${tool} does not use OCR.`);
    },
    close: async () => {},
  };
}
