import { expect, test } from 'vitest';
import { photoOfText } from '../../../../test-support/images.ts';
import { loadConfig } from '../config.ts';
import { runOnNode } from '../engines/node-host.ts';
import { runTesseractProcess, type TesseractRunner } from '../engines/native-tesseract.ts';
import { createOcrProvider } from '../engines/ocr-provider.ts';

// Debian's fast models (tesseract-ocr-fra, -rus, ...), which the tests' setup installs, are the
// second model beside npm's best_int of every language but Russian, whose one model is Debian's.
test('a French page is read by native tesseract with both French models and each word chosen; a page with Russian, Chinese or Japanese has one model', {
  timeout: 120_000,
}, async () => {
  const provider = await createOcrProvider(loadConfig({ ocrEngine: 'native', concurrency: 1 }));
  expect(provider.secondModelDir).toBe('/usr/share/tesseract-ocr/5/tessdata');
  const { engine } = provider.borrow();
  expect(engine.secondModel?.(['fra', 'deu', 'spa'])).toBe(true);
  expect(engine.secondModel?.(['rus'])).toBe(false);
  expect(engine.secondModel?.(['chi_sim'])).toBe(false);
  const calls: string[][] = [];
  const spy: TesseractRunner = (args, stdin, signal) => {
    calls.push(args);
    return runTesseractProcess(args, stdin, signal);
  };
  const spied = provider.withRunner!(spy);
  const page = await photoOfText(1800, 1200, ['Un été à la mer, près de Marseille.', 'Les élèves ont écrit leurs rédactions.']);
  const folders = (language: string) =>
    calls.filter((args) => args[args.indexOf('-l') + 1] === language).map((args) => args[args.indexOf('--tessdata-dir') + 1]);
  try {
    const french = await runOnNode(spied, 'image-to-text', { files: [{ name: 'ete.jpg', bytes: page }] }, { language: 'fra' });
    expect(french.text).toMatch(/Un été à la mer, près de Marseille\.\s+Les élèves ont écrit leurs rédactions\./);
    const read = folders('fra');
    expect(read).toContain(provider.secondModelDir);
    expect(read.filter((folder) => folder !== provider.secondModelDir).length).toBeGreaterThan(0);

    calls.length = 0;
    await runOnNode(spied, 'image-to-text', { files: [{ name: 'ete.jpg', bytes: page }] }, { language: 'fra+rus' });
    expect(folders('fra+rus').length).toBeGreaterThan(0);
    expect(folders('fra+rus')).not.toContain(provider.secondModelDir);
  } finally {
    await provider.close();
  }
});
