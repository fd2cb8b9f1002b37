// The real sets (phone photos of pages, shop receipts) image by image through TextLift's
// pipeline: CER, word recall and time. Run: node bench/ocr/real-sets.ts [--engine wasm] [--language auto] [--rotate 180] [filter]
// (--language: every sample read in it, `auto` as a visitor who chooses none; else each its own;
// --rotate: each picture turned clockwise by so many degrees first, its EXIF turn applied).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { runTool } from '@textlift/core';
import { normalizeWhitespace } from '../../test-support/cer.ts';
import { realSamples, scoreOf } from '../../test-support/real-sets.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { createNodeHost } from '../../packages/server/src/engines/node-host.ts';
import { createOcrProvider } from '../../packages/server/src/engines/ocr-provider.ts';

const args = process.argv.slice(2);
const engine = args.includes('--engine') ? (args[args.indexOf('--engine') + 1] as 'native' | 'wasm') : 'native';
const language = args.includes('--language') ? args[args.indexOf('--language') + 1] : undefined;
const rotate = args.includes('--rotate') ? Number(args[args.indexOf('--rotate') + 1]) : undefined;
const valued = new Set(['--engine', '--language', '--rotate']);
const filter = args.find((arg, i) => !arg.startsWith('--') && !valued.has(args[i - 1] ?? '')) ?? '';
const provider = await createOcrProvider(loadConfig({ ocrEngine: engine, concurrency: 1 }));
const scores = new Map<string, Array<{ cer: number; recall: number }>>();
for (const sample of realSamples().filter((s) => s.file.includes(filter))) {
  const { host, release } = createNodeHost(provider);
  const started = performance.now();
  const result = await runTool(
    'image-to-text',
    {
      files: [
        {
          name: path.basename(sample.file),
          bytes: rotate === undefined ? readFileSync(sample.file) : await sharp(sample.file).rotate().rotate(rotate).jpeg({ quality: 92 }).toBuffer(),
        },
      ],
    },
    { language: language ?? sample.language },
    { host },
  ).catch((error: Error) => ({ text: `[${error.message}]` }));
  const seconds = (performance.now() - started) / 1000;
  release();
  const text = result.text ?? '';
  const readAs = 'data' in result ? (result.data as { language?: { codes: string[] } } | undefined)?.language?.codes.join('+') : undefined;
  const { cer, recall } = scoreOf(sample, text);
  if (!scores.has(sample.set)) scores.set(sample.set, []);
  scores.get(sample.set)!.push({ cer, recall });
  console.log(
    `${path.basename(sample.file).padEnd(22)} CER ${(cer * 100).toFixed(1).padStart(5)}%  recall ${(recall * 100).toFixed(1).padStart(5)}%  ` +
      `${seconds.toFixed(1)} s${language ? `  read as ${readAs ?? '?'}` : ''}`,
  );
  if (process.env.SHOW) console.log(normalizeWhitespace(text).slice(0, 3000));
}
for (const [set, list] of scores) {
  const mean = (pick: (score: { cer: number; recall: number }) => number) => (list.reduce((sum, score) => sum + pick(score), 0) / list.length) * 100;
  console.log(`${set}: mean CER ${mean((score) => score.cer).toFixed(2)}%, mean recall ${mean((score) => score.recall).toFixed(2)}%`);
}
await provider.close();
