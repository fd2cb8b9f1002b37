// Generated pictures, one set per class of photo that defeats a reader's first look (tilted bar
// codes, blur, a small code in a large photo, shade, close-ups, speckles): what each further
// pass of core's codes/find-codes.ts is for, measured.
import QRCode from 'qrcode';
import sharp, { type Sharp } from 'sharp';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/full';

export interface ClassSample {
  name: string;
  /** The class it belongs to, a row of the table. */
  kind: string;
  /** 'qr' samples go to the QR Code Scanner, the others to the Barcode Scanner. */
  scanner: 'qr' | 'bar';
  image: Uint8Array;
  expected: string;
}

const require = createRequire(import.meta.url);
// The writer's own WASM, given as bytes as the reader's is: nothing is fetched.
const writerWasm = readFileSync(require.resolve('zxing-wasm/full/zxing_full.wasm'));
await prepareZXingModule({
  overrides: { wasmBinary: writerWasm.buffer.slice(writerWasm.byteOffset, writerWasm.byteOffset + writerWasm.byteLength) },
  fireImmediately: true,
});

async function barcode(format: 'EAN13' | 'Code128', text: string, scale: number): Promise<Buffer> {
  const written = await writeBarcode(text, { format, scale, addQuietZones: true });
  if (written.error || !written.image) throw new Error(written.error);
  return Buffer.from(await written.image.arrayBuffer());
}

/** Reproducible noise. */
function random(seed: number): () => number {
  return () => (seed = (seed * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32;
}

const raw = (data: Buffer | Uint8Array, width: number, height: number) => sharp(Buffer.from(data), { raw: { width, height, channels: 1 } });

/** A blotchy, grainy 2400×1800 scene, like a desk or a shelf around a small label. */
async function scene(seed: number): Promise<Buffer> {
  const next = random(seed);
  const cells = 24;
  const grid = Array.from({ length: cells * cells }, () => 60 + next() * 150);
  const [width, height] = [2400, 1800];
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      data[y * width + x] = Math.max(0, Math.min(255, grid[Math.floor((y / height) * cells) * cells + Math.floor((x / width) * cells)]! + (next() - 0.5) * 40));
  }
  return raw(data, width, height).blur(2).png().toBuffer();
}

export async function classSamples(): Promise<ClassSample[]> {
  const samples: ClassSample[] = [];
  const add = async (sample: Omit<ClassSample, 'image'>, image: Sharp) => samples.push({ ...sample, image: new Uint8Array(await image.toBuffer()) });
  const ean = '9780201310054';
  const code128 = 'TL-2024-ABC-77';

  for (const [format, text] of [
    ['EAN13', ean],
    ['Code128', code128],
  ] as const) {
    const image = await barcode(format, text, 3);
    for (let angle = 0; angle < 180; angle += 10) {
      await add(
        { name: `${format} tilted ${angle}°`, kind: `${format} tilted 0-170°`, scanner: 'bar', expected: text },
        sharp(image).rotate(angle, { background: '#ffffff' }).extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' }).png(),
      );
    }
    const small = await barcode(format, text, 2);
    for (const sigma of [1, 1.5, 2, 2.5]) {
      await add(
        { name: `${format} blur σ ${sigma}`, kind: `${format} out of focus`, scanner: 'bar', expected: text },
        sharp(small).extend({ top: 30, bottom: 30, left: 30, right: 30, background: '#ffffff' }).blur(sigma).jpeg({ quality: 80 }),
      );
    }
  }

  for (const [index, module] of [1.5, 2, 2.5, 3].entries()) {
    const background = await scene(7 + index);
    const url = `https://example.org/parts/${index}`;
    const qr = await sharp(await QRCode.toBuffer(url, { scale: 1, margin: 4 }))
      .resize({ width: Math.round(37 * module), kernel: 'cubic' })
      .png()
      .toBuffer();
    const bar = await sharp(await barcode('EAN13', ean, 1))
      .resize({ width: Math.round(113 * module), kernel: 'cubic' })
      .png()
      .toBuffer();
    await add(
      { name: `small QR, ${module} px modules`, kind: 'small code in a 4 MP scene', scanner: 'qr', expected: url },
      sharp(background)
        .composite([{ input: qr, left: 700 + index * 300, top: 500 + index * 200 }])
        .jpeg({ quality: 85 }),
    );
    await add(
      { name: `small EAN, ${module} px modules`, kind: 'small code in a 4 MP scene', scanner: 'bar', expected: ean },
      sharp(background)
        .composite([{ input: bar, left: 1500 - index * 300, top: 1200 - index * 200 }])
        .jpeg({ quality: 85 }),
    );
  }

  for (const contrast of [20, 30, 45]) {
    for (const [scanner, text] of [
      ['qr', `faint ${contrast}`],
      ['bar', ean],
    ] as const) {
      const image = scanner === 'qr' ? await QRCode.toBuffer(text, { scale: 4 }) : await barcode('EAN13', text, 2);
      const { data, info } = await sharp(image)
        .greyscale()
        .linear(contrast / 255, 200 - contrast)
        .raw()
        .toBuffer({ resolveWithObject: true });
      // The light falls off by 150 levels from left to right.
      const shaded = data.map((value, i) => Math.max(0, value - Math.round((150 * (i % info.width)) / info.width)));
      await add(
        { name: `${scanner === 'qr' ? 'QR' : 'EAN'} contrast ${contrast}`, kind: 'faint print in shade', scanner, expected: text },
        raw(shaded, info.width, info.height).png(),
      );
    }
  }

  for (const blur of [4, 8]) {
    const text = `close up ${blur}`;
    const image = await QRCode.toBuffer(text, { scale: 60, margin: 2 });
    const { data, info } = await sharp(image).greyscale().blur(blur).raw().toBuffer({ resolveWithObject: true });
    const next = random(blur);
    const noisy = data.map((value) => Math.max(0, Math.min(255, value + Math.round((next() - 0.5) * 120))));
    await add(
      { name: `QR close-up, blur ${blur}`, kind: 'QR close-up, blurred and grainy', scanner: 'qr', expected: text },
      raw(noisy, info.width, info.height).jpeg({ quality: 70 }),
    );
  }

  for (const sigma of [1.5, 2, 2.5]) {
    const text = `blurred QR ${sigma}`;
    const { data, info } = await sharp(await QRCode.toBuffer(text, { scale: 3, margin: 4, errorCorrectionLevel: 'M' }))
      .greyscale()
      .blur(sigma)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const next = random(sigma * 10);
    const noisy = data.map((value) => Math.max(0, Math.min(255, value + Math.round((next() - 0.5) * 40))));
    await add(
      { name: `QR blur σ ${sigma}`, kind: 'QR out of focus', scanner: 'qr', expected: text },
      raw(noisy, info.width, info.height).jpeg({ quality: 75 }),
    );
  }

  for (const rate of [0.05, 0.1, 0.15]) {
    const text = `speckled ${rate}`;
    const { data, info } = await sharp(await QRCode.toBuffer(text, { scale: 4, margin: 4, errorCorrectionLevel: 'H' }))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const next = random(rate * 100);
    await add(
      { name: `QR speckled ${rate * 100} %`, kind: 'QR speckled', scanner: 'qr', expected: text },
      raw(
        data.map((value) => (next() < rate ? 255 - value : value)),
        info.width,
        info.height,
      ).png(),
    );
  }
  return samples;
}
