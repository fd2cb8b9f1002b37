import { execFileSync } from 'node:child_process';
import mammoth from 'mammoth';
import { expect, test } from 'vitest';
import { characterErrorRate, wordF1 } from '../../../../test-support/cer.ts';
import { corpusDir, corpusExpected, corpusFile } from '../../../../test-support/corpus.ts';
import { runsOnNode } from '../../../../test-support/node-runner.ts';

const run = runsOnNode();

/** Converts a corpus PDF and reads the .docx back with mammoth, an independent reader. */
async function toWord(file: string) {
  const result = await run('pdf-to-word', { files: [{ name: file.split('/').pop()!, bytes: corpusFile(file) }] });
  const buffer = Buffer.from(result.outputs[0]!.bytes);
  const [{ value: html }, { value: text }] = await Promise.all([mammoth.convertToHtml({ buffer }), mammoth.extractRawText({ buffer })]);
  return { result, html, text };
}

const count = (html: string, tag: string) => (html.match(new RegExp(`<${tag}[ >]`, 'g')) ?? []).length;

test('a two-column paper: title, section headings, flowing paragraphs, the same words as pdftotext', async () => {
  const { result, html, text } = await toWord('pdf/tracemonkey.pdf');
  expect(result.outputs[0]!.name).toBe('tracemonkey.docx');
  expect(html).toContain('<h1>Trace-based Just-in-Time Type Specialization for Dynamic Languages</h1>');
  expect(count(html, 'h3')).toBeGreaterThanOrEqual(8);
  expect(html).toMatch(/<h3>1\. Introduction<\/h3>/);
  const reference = execFileSync('pdftotext', [`${corpusDir}/pdf/tracemonkey.pdf`, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const printedLines = reference.split('\n').filter((line) => line.trim()).length;
  // Paragraphs rebuilt from lines: far fewer paragraphs than printed lines.
  expect(count(html, 'p')).toBeLessThan(printedLines / 3);
  expect(html).toContain('Dynamic languages such as JavaScript are more difficult to compile than statically typed ones.');
  expect(wordF1(text, reference)).toBeGreaterThanOrEqual(0.9);
});

test('a table whose text lines up in columns becomes a Word table with the right cells', async () => {
  const { html } = await toWord('tables/schools.pdf');
  expect(html).toContain(
    '<tr><td><p>Lidstad</p></td><td><p>Dick &amp; Peg</p></td><td><p>62 Mississippi River Blvd N</p></td><td><p>Saint Paul</p></td>' +
      '<td><p>MN</p></td><td><p>55104</p></td><td><p>retired</p></td><td></td><td><p>10/12/2012</p></td><td><p>60.00</p></td></tr>',
  );
  const animals = (await toWord('tables/AnimalSounds.pdf')).html;
  expect(animals).toContain(
    '<table><tr><td><p>Animal</p></td><td><p>Action</p></td><td><p>Result</p></td></tr>' +
      '<tr><td><p>Cat</p></td><td><p>Says</p></td><td><p>Meow</p></td></tr>',
  );
});

test('a scanned page becomes editable text, not a picture', async () => {
  const { html, text } = await toWord('pdf/linn-scanned-2col.pdf');
  expect(count(html, 'img')).toBe(0);
  expect(characterErrorRate(text, corpusExpected('pdf/linn-scanned-2col.pdf'))).toBeLessThanOrEqual(0.06);
});

test('numbered and bulleted lines become Word lists', async () => {
  const { html } = await toWord('pdf/issue11913.pdf');
  expect(count(html, 'li')).toBeGreaterThanOrEqual(3);
});

test('pictures are kept, each where it stood: before its caption', async () => {
  const { result, html } = await toWord('pdf/GeoTopo-komprimiert-de.pdf');
  // pdfimages (poppler), an independent reader, lists the images the PDF draws.
  const listed = execFileSync('pdfimages', ['-list', `${corpusDir}/pdf/GeoTopo-komprimiert-de.pdf`], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => / image /.test(line)).length;
  expect(listed).toBe(10);
  expect(result.summary?.pictures).toBe(listed);
  const images = [...html.matchAll(/<img src="data:image\/png;base64,([^"]+)"/g)].map((match) => Buffer.from(match[1]!, 'base64'));
  expect(images).toHaveLength(listed);
  // Each one a PNG file Word can show.
  for (const png of images) expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const position = (needle: string) => html.indexOf(needle);
  const imagesAt = [...html.matchAll(/<img /g)].map((match) => match.index);
  expect(imagesAt[3]).toBeLessThan(position('Abbildung 1.11: Beispiele für verschiedene Knoten'));
  expect(position('Abbildung 1.11: Beispiele für verschiedene Knoten')).toBeLessThan(imagesAt[4]!);
  expect(imagesAt[8]).toBeLessThan(position('Abbildung 2.1: Durch Verklebung zweier Tori'));
});
