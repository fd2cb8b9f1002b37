/** URL folder of the OCR engine's files, set by the engine-assets Vite plugin. */
declare const __TESSERACT_BASE__: string;
