export * from './conversion.ts';
export * from './errors.ts';
export * from './sniff.ts';
export * from './tools.ts';
export * from './ocr/engine.ts';
export * from './ocr/languages.ts';
export * from './run-tool.ts';
export * from './ocr/language-data.ts';
