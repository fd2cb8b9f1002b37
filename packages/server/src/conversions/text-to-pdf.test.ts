/**
 * Text to PDF checked with tools that share no code with it: qpdf for the file's structure,
 * poppler's pdfinfo, pdffonts and pdftotext for pages, fonts and the text read back.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, expect, test } from 'vitest';
import { ConversionError, runTool, type ProgressStage } from '@textlift/core';
import { createNodeHost } from '../engines/node-host.ts';
import { noOcr } from '../engines/no-ocr.ts';

/** Text to PDF never asks for OCR; the host is the server's own, with the real DejaVu files. */
const ocr = noOcr('Text to PDF');

const dir = mkdtempSync(`${tmpdir()}/textlift-text-to-pdf-`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
async function convert(text: string, context: { signal?: AbortSignal; onProgress?: (fraction: number, stage: ProgressStage) => void } = {}) {
  const { host, release } = createNodeHost(ocr);
  try {
    const result = await runTool('text-to-pdf', { text }, {}, { host, ...context });
    const file = `${dir}/${++fileCount}.pdf`;
    writeFileSync(file, result.outputs[0]!.bytes);
    return { result, file };
  } finally {
    release();
  }
}

const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const pdftotext = (file: string, ...args: string[]) => run('pdftotext', [...args, '-enc', 'UTF-8', file, '-']);
const pageCount = (file: string) => Number(/^Pages:\s+(\d+)/m.exec(run('pdfinfo', [file]))![1]);

/** The page text without the footers' page numbers (pdftotext reads "1 / 3" as "1/3"), whitespace made single spaces. */
function bodyText(extracted: string): string {
  return extracted
    .split('\n')
    .filter((line) => !/^\s*\d+ ?\/ ?\d+\s*$/.test(line))
    .join('\n')
    .replace(/\s+/g, ' ')
    .trim();
}
const normalise = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/** Words with their boxes, from pdftotext -bbox. */
function words(file: string, page = 1) {
  const html = pdftotext(file, '-bbox', '-f', String(page), '-l', String(page));
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((match) => ({
    xMin: Number(match[1]),
    yMin: Number(match[2]),
    xMax: Number(match[3]),
    text: match[5]!
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'"),
  }));
}

const samples = {
  english: `Plain Text to PDF — a short note

The quick brown fox jumps over the lazy dog. “Quoted text”, ‘single quotes’, an en dash – and an ellipsis… all stay as typed. \
Prices: £12.50, €15, $20 and 50% off; e-mail ada@example.com before 10:30 a.m.
Office files, fluffy waffles and affine fields test the ligatures fi, fl, ff, ffi and ffl.`,
  polish: `Zażółć gęślą jaźń. ZAŻÓŁĆ GĘŚLĄ JAŹŃ.

Pchnąć w tę łódź jeża lub ośm skrzyń fig. Źródłem wiedzy o Łodzi, Śląsku i Żuławach są stare mapy; \
Ćwiczenia z Ńa nie istnieją, ale Ó i Ą, Ę, Ł, Ń, Ś, Ź, Ż oraz ą, ć, ę, ł, ń, ó, ś, ź, ż muszą wrócić bez zmian.`,
  turkish: `Pijamalı hasta yağız şoföre çabucak güvendi.

İstanbul'da ılık bir sonbahar günü, Çağla ile Ömer Üsküdar'dan Kadıköy'e vapurla geçti. \
Büyük harfler: IĞDIR, ŞİŞLİ, ÇORUM, ÖDEMİŞ, ÜNYE; küçükler: ığdır, şişli, çorum, ödemiş, ünye.`,
  russian: `Съешь же ещё этих мягких французских булок, да выпей чаю.

Широкая электрификация южных губерний даст мощный толчок подъёму сельского хозяйства. ЁЖИК В ТУМАНЕ вышел к реке; \
Ёлка, Щука, Жёлтый, Эхо, Юла и Ящик пишутся с заглавной буквы. В чащах юга жил бы цитрус? Да, но фальшивый экземпляр!`,
  otherLatin: `Deutsch: Falsches Üben von Xylophonmusik quält jeden größeren Zwerg. ÄÖÜ äöü ß.
Dansk: Høj bør æble på Ærø; Øresund, Ålborg og blåbærgrød.
Français : Voix ambiguë d'un cœur qui, au zéphyr, préfère les jattes de kiwis. ŒUVRE, À L'ÉCOLE, ÇA, Ê, Ÿ.
Português: Luís argüia à Júlia que «brações, fé, chá, óxido, pôr, zângão» eram palavras do português. ÃO, ÕES, Â, Ê, Ô.
Español: El pingüino Wenceslao hizo kilómetros bajo exhaustiva lluvia y frío; ¿dónde está el ñandú? ¡AÑO NUEVO!
Filipino: Ang bawat tao ay may karapatang mag-aral. Mañanita, Señora, Niño.
Italiano: Ma la volpe, col suo balzo, ha raggiunto il quieto Fido. È già così, però città.
Nederlands: Pa's wijze lynx bezag vroom het fikse aquaduct. Coördinatie, ruïne, IJsselmeer.
Bahasa Indonesia: Setiap orang berhak atas pendidikan.`,
};

test('a short English text: a valid A4 PDF with an embedded subset font and the right metadata', async () => {
  const { result, file } = await convert(samples.english);
  // Named after its first words, as a word processor names a new document.
  expect(result.outputs[0]!.name).toBe('Plain Text to PDF — a short note.pdf');
  expect(result.outputs[0]!.type).toBe('application/pdf');
  expect(result.summary).toEqual({ pages: 1, missingCharacters: 0 });
  expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors found');
  const fonts = run('pdffonts', [file]).split('\n').slice(2).filter(Boolean);
  expect(fonts).toHaveLength(1);
  // A six-letter subset tag, embedded (emb), subset (sub), with a ToUnicode map (uni).
  expect(fonts[0]).toMatch(/^[A-Z]{6}\+DejaVuSans\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  const info = run('pdfinfo', [file]);
  expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)/m);
  expect(info).toMatch(/^Title:\s+Plain Text to PDF — a short note$/m);
  expect(info).toMatch(/^Creator:\s+TextLift$/m);
  expect(info).toMatch(/^Producer:\s+TextLift$/m);
  // The whole font is ~740 kB; the subset only has the glyphs used.
  expect(result.outputs[0]!.bytes.length).toBeLessThan(60_000);
});

test.each(Object.entries(samples))('%s text is read back exactly by pdftotext', async (_name, text) => {
  const { result, file } = await convert(text);
  expect(result.summary?.missingCharacters).toBe(0);
  expect(bodyText(pdftotext(file))).toBe(normalise(text));
  expect(bodyText(pdftotext(file, '-layout'))).toBe(normalise(text));
});

test('decomposed accents (as some keyboards and Macs produce) come out as the composed letters', async () => {
  const text = 'Zaz\u0307o\u0301\u0142c\u0301 ge\u0328s\u0301la\u0328 jaz\u0301n\u0301, Cafe\u0301, I\u0307stanbul';
  const { result, file } = await convert(text);
  expect(result.summary?.missingCharacters).toBe(0);
  expect(bodyText(pdftotext(file))).toBe('Zażółć gęślą jaźń, Café, İstanbul');
});

test('line breaks and blank lines are kept, tabs become spaces, long lines wrap inside the margins', async () => {
  const paragraph = 'Każdy akapit zawija się w granicach marginesów, a słowa nigdy nie są dzielone w środku, jeśli mieszczą się w wierszu. '.repeat(4).trim();
  const text = `First line\nSecond line\n\nAfter a blank line\tand\ta tab\n${paragraph}`;
  const { file } = await convert(text);
  expect(bodyText(pdftotext(file))).toBe(normalise(text));
  const all = words(file);
  const lineOf = (word: string) => all.find((w) => w.text === word)!.yMin;
  const lineHeight = lineOf('Second') - lineOf('First');
  expect(lineHeight).toBeCloseTo(15.4, 1);
  expect(lineOf('After') - lineOf('Second')).toBeCloseTo(2 * lineHeight, 1);
  // Wrapped: the paragraph takes several lines, all of them inside the 72 pt margins.
  const lines = new Set(all.map((w) => w.yMin));
  expect(lines.size).toBeGreaterThanOrEqual(7);
  for (const word of all.filter((w) => w.yMin < 780)) {
    expect(word.xMin).toBeGreaterThanOrEqual(71.9);
    expect(word.xMax).toBeLessThanOrEqual(595.28 - 72 + 0.1);
  }
  // Every line but the paragraph's last is filled: the wrap is greedy at spaces.
  const byLine = new Map<number, number>();
  for (const word of all) byLine.set(word.yMin, Math.max(byLine.get(word.yMin) ?? 0, word.xMax));
  const paragraphLines = [...byLine.entries()].filter(([y]) => y > lineOf('After') && y < 780).map(([, xMax]) => xMax);
  for (const xMax of paragraphLines.slice(0, -1)) expect(xMax).toBeGreaterThan(595.28 - 72 - 80);
});

test('a word longer than a line is broken by characters and nothing is lost', async () => {
  const long = `https://example.com/${'abcdefghijklmnopqrstuvwxyzĄĘŁŃÓŚŹŻ0123456789'.repeat(12)}`;
  const text = `Before the link: ${long} and after it.`;
  const { file } = await convert(text);
  expect(bodyText(pdftotext(file)).replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
  const all = words(file);
  expect(new Set(all.filter((w) => w.yMin < 780).map((w) => w.yMin)).size).toBeGreaterThanOrEqual(4);
  for (const word of all) expect(word.xMax).toBeLessThanOrEqual(595.28 - 72 + 0.1);
});

test('a long text gives several A4 pages, each numbered "n / total" in the footer', async () => {
  const text = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}. ${samples.otherLatin.split('\n')[i % 9]}`).join('\n\n');
  const { result, file } = await convert(text);
  const pages = pageCount(file);
  expect(pages).toBeGreaterThanOrEqual(3);
  expect(result.summary?.pages).toBe(pages);
  expect(run('pdfinfo', ['-f', '1', '-l', String(pages), file]).match(/^Page +\d+ size: +595\.28 x 841\.89 pts \(A4\)$/gm)).toHaveLength(pages);
  for (let page = 1; page <= pages; page++) {
    const footer = words(file, page).filter((w) => w.yMin > 780);
    expect(footer.map((w) => w.text).join(' ')).toBe(`${page} / ${pages}`);
    // Centred under the text.
    const middle = (footer[0]!.xMin + footer.at(-1)!.xMax) / 2;
    expect(middle).toBeCloseTo(595.28 / 2, 0);
  }
  expect(bodyText(pdftotext(file))).toBe(normalise(text));
  expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors found');
});

test('a form feed starts a new page', async () => {
  const { file } = await convert('Page one\fPage two');
  expect(pageCount(file)).toBe(2);
  expect(bodyText(pdftotext(file, '-f', '2', '-l', '2'))).toBe('Page two');
});

test('characters the font lacks (Chinese, emoji) are counted, left out, and the rest is kept', async () => {
  const text = 'Meeting notes 会议记录 for Łukasz 🚀 and Ömer: Приём в 10:00.';
  const { result, file } = await convert(text);
  expect(result.summary?.missingCharacters).toBe(5);
  expect(bodyText(pdftotext(file))).toBe('Meeting notes for Łukasz and Ömer: Приём в 10:00.');
  expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors found');

  // Nothing drawable at all: still a valid one-page PDF, and the count says why it is empty.
  const chinese = await convert('这是一个只有中文的文本。');
  expect(chinese.result.summary).toEqual({ pages: 1, missingCharacters: 12 });
  expect(run('qpdf', ['--check', chinese.file])).toContain('No syntax or stream encoding errors found');
  expect(bodyText(pdftotext(chinese.file))).toBe('');
});

test('invisible format characters are not drawn and not counted as missing', async () => {
  const text = 'zero\u200Bwidth, soft\u00ADhyphen, \uFEFFbom and ❤\uFE0F';
  const { result, file } = await convert(text);
  expect(result.summary?.missingCharacters).toBe(0);
  expect(bodyText(pdftotext(file))).toBe('zerowidth, softhyphen, bom and ❤');
});

test('a cancelled job stops with "cancelled"; progress is reported up to 1', async () => {
  const controller = new AbortController();
  controller.abort();
  await expect(convert(samples.english, { signal: controller.signal })).rejects.toSatisfy(
    (error) => error instanceof ConversionError && error.code === 'cancelled',
  );
  const fractions: number[] = [];
  await convert(samples.russian, { onProgress: (fraction) => fractions.push(fraction) });
  expect(fractions.at(-1)).toBe(1);
  expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
});

test('100 pages of text in well under a few seconds, nothing lost', async () => {
  const paragraphs = Object.values(samples).flatMap((sample) => sample.split('\n').filter(Boolean));
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < 230_000; i++) {
    const paragraph = `${i + 1}. ${paragraphs[i % paragraphs.length]} ${paragraphs[(i * 7 + 3) % paragraphs.length]}`;
    parts.push(paragraph);
    length += paragraph.length + 2;
  }
  const text = parts.join('\n\n');
  const started = performance.now();
  const { result, file } = await convert(text);
  const seconds = (performance.now() - started) / 1000;
  const pages = pageCount(file);
  const bytes = result.outputs[0]!.bytes.length;
  console.log(`text-to-pdf: ${text.length} characters -> ${pages} pages, ${(bytes / 1024).toFixed(0)} KiB in ${seconds.toFixed(2)} s`);
  expect(pages).toBeGreaterThanOrEqual(100);
  expect(seconds).toBeLessThan(10);
  expect(result.summary).toEqual({ pages, missingCharacters: 0 });
  expect(bodyText(pdftotext(file))).toBe(normalise(text));
  expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors found');
});
