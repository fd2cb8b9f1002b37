// The real sets as other uploads of the same kind arrive: turned without an EXIF tag, smaller,
// saved again, in grey, slightly askew. Each variant through TextLift's pipeline (native engine)
// beside the original, so a rule that holds only for the corpus's own files shows here.
// Run: node bench/ocr/variants.ts [filter]
import path from 'node:path';
import sharp from 'sharp';
import { runTool } from '@textlift/core';
import { realSamples, scoreOf } from '../../test-support/real-sets.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { createNodeHost } from '../../packages/server/src/engines/node-host.ts';
import { createOcrProvider } from '../../packages/server/src/engines/ocr-provider.ts';

type Variant = { name: string; make: (file: string) => Promise<Buffer> };

/** Upright pixels with no EXIF tag, as an app that bakes the turn in saves them. */
const upright = (file: string) => sharp(file).rotate();
const variants: Variant[] = [
  { name: 'original', make: async (file) => upright(file).jpeg({ quality: 95 }).toBuffer() },
  {
    name: 'turned 90°, no EXIF',
    make: async (file) =>
      sharp(await upright(file).toBuffer())
        .rotate(90)
        .jpeg({ quality: 90 })
        .toBuffer(),
  },
  {
    name: 'upside down',
    make: async (file) =>
      sharp(await upright(file).toBuffer())
        .rotate(180)
        .jpeg({ quality: 90 })
        .toBuffer(),
  },
  {
    name: 'askew 4°',
    make: async (file) =>
      sharp(await upright(file).toBuffer())
        .rotate(4, { background: '#808080' })
        .jpeg({ quality: 90 })
        .toBuffer(),
  },
  { name: '1200 px, quality 60', make: async (file) => upright(file).resize(1200, 1200, { fit: 'inside' }).jpeg({ quality: 60 }).toBuffer() },
  { name: 'grey PNG', make: async (file) => upright(file).greyscale().png().toBuffer() },
];

const filter = process.argv[2] ?? '';
const provider = await createOcrProvider(loadConfig({ ocrEngine: 'native', concurrency: 1 }));
console.log(`| image | ${variants.map((variant) => variant.name).join(' | ')} |`);
console.log(`|---|${variants.map(() => '---').join('|')}|`);
for (const sample of realSamples().filter((s) => s.file.includes(filter))) {
  const cells: string[] = [];
  for (const variant of variants) {
    const bytes = await variant.make(sample.file);
    const { host, release } = createNodeHost(provider);
    const result = await runTool('image-to-text', { files: [{ name: 'variant.jpg', bytes }] }, { language: sample.language }, { host }).catch(
      (error: Error) => ({ text: '', error: error.message }),
    );
    release();
    const { cer, recall } = scoreOf(sample, result.text ?? '');
    cells.push('error' in result ? `**${result.error}**` : `${(cer * 100).toFixed(1)}% / ${(recall * 100).toFixed(0)}%`);
  }
  console.log(`| ${path.basename(sample.file)} | ${cells.join(' | ')} |`);
}
console.log('\ncells: CER / order-free word recall (receipts case-folded, separator rows out)');
await provider.close();
