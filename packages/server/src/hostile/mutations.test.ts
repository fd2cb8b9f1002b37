import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { encode as encodeBmp } from 'bmp-ts';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { errorStatus, toConversionError } from '@textlift/core';
import { corpusFile } from '../../../../test-support/corpus.ts';
import { mutate } from '../../../../test-support/mutations.ts';
import { seededRandom } from '../../../../test-support/seeded-random.ts';
import { runsOnNode } from '../../../../test-support/node-runner.ts';

/**
 * Seeded mutations of real files, parser by parser: bytes flipped, spans overwritten, zeroed,
 * repeated or cut. Each mutant must be read or refused with an error code the page words,
 * never a crash (a code of 'engine-failed' is an exception no check foresaw). Bounded by time
 * as well as count, so a loaded machine runs fewer, never longer; the seed is printed with any
 * fault so it can be replayed.
 */

const MAX_MUTANTS = 3000;
// 12 s a parser (20 s before): the whole suite must stay within its 25 minutes on two cores.
const BUDGET_MS = 12_000;
/** Longest one mutant may take: a parser that loops on a damaged count shows here. */
const MUTANT_LIMIT_MS = 10_000;

interface Parser {
  name: string;
  seeds: () => Promise<Uint8Array[]>;
  read(bytes: Uint8Array): Promise<unknown>;
}

const run = runsOnNode();

async function onePagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([300, 200]).drawText('Mutated 12.50 text', { x: 20, y: 100, size: 14, font });
  return pdf.save({ useObjectStreams: true });
}

const picture = () => sharp(corpusFile('qr/qrcode-1_17.png')).resize(160);

const parsers: Parser[] = [
  {
    // Drawn small: pdf.js parses every object a page uses to draw it. (PDF to Text would read
    // a page left without text again with OCR, seconds a mutant.)
    name: 'PDF (pdf.js, PDF to JPG at 72 dpi)',
    seeds: async () => [await onePagePdf(), new Uint8Array(corpusFile('pdf/issue6010_1.pdf')), new Uint8Array(corpusFile('pdf/jo-ja.pdf'))],
    read: (bytes) => run('pdf-to-jpg', { files: [{ name: 'm.pdf', bytes }] }, { dpi: 72 }),
  },
  {
    name: 'PDF (pdf-lib, Merge PDF)',
    seeds: async () => [await onePagePdf(), new Uint8Array(corpusFile('pdf/issue6010_1.pdf'))],
    read: async (bytes) =>
      run('merge-pdf', {
        files: [
          { name: 'a.pdf', bytes },
          { name: 'b.pdf', bytes: await onePagePdf() },
        ],
      }),
  },
  {
    name: 'pictures (sharp, Invert Image)',
    seeds: async () => {
      const { data, info } = await picture().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const bmp = encodeBmp({ data: Buffer.from(data), width: info.width, height: info.height, bitPP: 24 } as never).data;
      return [
        await picture().png().toBuffer(),
        await picture().jpeg().toBuffer(),
        await picture().gif().toBuffer(),
        await picture().webp().toBuffer(),
        await picture().tiff().toBuffer(),
        new Uint8Array(bmp),
      ].map((bytes) => new Uint8Array(bytes));
    },
    read: (bytes) => run('invert-image', { files: [{ name: 'm.png', bytes }] }),
  },
  {
    // Without LibreOffice here, a mutant the checks pass is answered engine-unavailable.
    name: 'Word (zip and compound file, before LibreOffice)',
    seeds: async () => ['word/poi-SampleDoc.docx', 'word/mammoth-simple-list.docx', 'word/poi-Bug47742.doc'].map((file) => new Uint8Array(corpusFile(file))),
    read: (bytes) => run('word-to-pdf', { files: [{ name: 'm.docx', bytes }] }),
  },
];

describe('seeded mutations of real files: each read or refused with a worded error, none a crash', () => {
  test.each(parsers.map((parser) => [parser.name, parser] as const))(
    '%s',
    async (_name, parser) => {
      const seeds = await parser.seeds();
      const seed = 20261127;
      const next = seededRandom(seed);
      const started = performance.now();
      const faults: string[] = [];
      const outcomes = new Map<string, number>();
      let count = 0;
      let slowest = 0;
      while (count < MAX_MUTANTS && performance.now() - started < BUDGET_MS) {
        const source = seeds[count % seeds.length]!;
        const mutant = mutate(source, next);
        count++;
        let outcome: string;
        const began = performance.now();
        try {
          await parser.read(mutant);
          outcome = 'read';
        } catch (error) {
          const { code, message } = toConversionError(error);
          outcome = code;
          if (code === 'engine-failed' || !(code in errorStatus)) faults.push(`mutant ${count} (seed ${seed}): ${code}: ${message}`);
        }
        const took = performance.now() - began;
        slowest = Math.max(slowest, took);
        if (took > MUTANT_LIMIT_MS) faults.push(`mutant ${count} (seed ${seed}): ${Math.round(took)} ms`);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
      console.log(
        `${parser.name}: ${count} mutants in ${Math.round(performance.now() - started)} ms, slowest ${Math.round(slowest)} ms; ` +
          `${[...outcomes].map(([code, n]) => `${code} ${n}`).join(', ')}`,
      );
      expect(faults.slice(0, 10)).toEqual([]);
      // Not vacuous: on an idle machine 350 to 3000 a parser; a loaded one runs fewer.
      expect(count).toBeGreaterThanOrEqual(20);
    },
    BUDGET_MS + 120_000,
  );
});
