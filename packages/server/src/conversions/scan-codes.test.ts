/**
 * QR Code Scanner and Barcode Scanner. Generated codes are checked against readers that share
 * no code with ZXing (zbar for ASCII payloads, jsQR for Unicode: zbar takes UTF-8 for
 * Shift_JIS), so a test image is known to be readable before ours is asked; the corpus of real
 * photos is scored against zbar measured in the same run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp, { type Sharp } from 'sharp';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { ConversionError, runTool, type ConversionContext, type ConversionResult, type ScannedCode } from '@textlift/core';
import { corpusDir, corpusFile, hasCorpus } from '../../../../test-support/corpus.ts';
import { createNodeHost } from '../engines/node-host.ts';
import { noOcr } from '../engines/no-ocr.ts';

const ocr = noOcr('The scanners');

const dir = mkdtempSync(path.join(tmpdir(), 'textlift-scan-codes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Slug = 'qr-scanner' | 'barcode-scanner';

async function scan(slug: Slug, bytes: Uint8Array, name = 'code.png', context: Partial<ConversionContext> = {}): Promise<ConversionResult> {
  const { host, release } = createNodeHost(ocr);
  try {
    return await runTool(slug, { files: [{ name, bytes }] }, {}, { host, ...context });
  } finally {
    release();
  }
}

const codesOf = async (slug: Slug, bytes: Uint8Array, name?: string): Promise<ScannedCode[]> => (await scan(slug, bytes, name)).data!.codes!;
const textsOf = async (slug: Slug, bytes: Uint8Array) => (await codesOf(slug, bytes)).map((code) => code.text);

async function failure(slug: Slug, bytes: Uint8Array, name?: string): Promise<ConversionError> {
  const error = await scan(slug, bytes, name).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}

let fileCount = 0;
/** zbar's reading of an image: every symbol's data, each followed by a newline ('' for none). */
function zbarOutput(bytes: Uint8Array): string {
  const file = path.join(dir, `${++fileCount}.png`);
  writeFileSync(file, bytes);
  try {
    return execFileSync('zbarimg', ['--raw', '-q', '--nodbus', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    // zbarimg exits with 4 when it finds nothing.
    return '';
  }
}
/** zbar's reading of an image holding one code. */
const zbar = (bytes: Uint8Array) => zbarOutput(bytes).replace(/\n$/, '');

/** jsQR's reading, its bytes taken as UTF-8 (jsQR's own text drops a segment it cannot decode). */
async function jsqr(bytes: Uint8Array): Promise<string | undefined> {
  const { data, info } = await sharp(bytes).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  return code ? new TextDecoder().decode(Uint8Array.from(code.binaryData)) : undefined;
}

const png = async (image: Sharp) => new Uint8Array(await image.png().toBuffer());
const qrPng = async (text: string, options: QRCode.QRCodeToBufferOptions = {}) =>
  new Uint8Array(await QRCode.toBuffer(text, { margin: 4, scale: 4, ...options }));

/** Bars (1) and spaces (0), one a module, drawn `module` pixels wide with a 10-module quiet zone. */
async function drawBars(bits: string, module = 3, height = 120): Promise<Uint8Array> {
  const quiet = 10 * module;
  const width = bits.length * module + 2 * quiet;
  const pixels = Buffer.alloc(width * height, 255);
  for (let y = 0; y < height; y++) {
    for (let i = 0; i < bits.length; i++) if (bits[i] === '1') pixels.fill(0, y * width + quiet + i * module, y * width + quiet + (i + 1) * module);
  }
  return png(sharp(pixels, { raw: { width, height, channels: 1 } }));
}

// EAN-13 by its specification (GS1 General Specifications 5.2.1), independent of any reader.
const EAN_L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const EAN_G = EAN_L.map((code) =>
  [...code]
    .map((bit) => (bit === '1' ? '0' : '1'))
    .reverse()
    .join(''),
);
const EAN_R = EAN_L.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const EAN_PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];
function ean13Bits(digits: string): string {
  const d = [...digits].map(Number);
  const left = d
    .slice(1, 7)
    .map((digit, i) => (EAN_PARITY[d[0]!]![i] === 'L' ? EAN_L : EAN_G)[digit])
    .join('');
  return `101${left}01010${d
    .slice(7)
    .map((digit) => EAN_R[digit])
    .join('')}101`;
}

// Code 128 by its specification (ISO/IEC 15417): bar and space widths of symbol values 0 to 106.
const CODE128_WIDTHS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 123122 ' +
  '123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 ' +
  '131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 ' +
  '213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 111422 121124 121421 141122 ' +
  '141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212 124112 ' +
  '124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 ' +
  '411131 211412 211214 211232 2331112'
).split(' ');
const START_B = 104;
const START_C = 105;
const FNC1 = 102;
const FNC3 = 96;
const codeB = (text: string) => [...text].map((char) => char.charCodeAt(0) - 32);
function code128Bits(values: number[]): string {
  const check = values.slice(1).reduce((sum, value, i) => sum + value * (i + 1), values[0]!) % 103;
  return [...values, check, 106]
    .map((value) => [...CODE128_WIDTHS[value]!].map((width, i) => (i % 2 === 0 ? '1' : '0').repeat(Number(width))).join(''))
    .join('');
}

const ascii = 'Hello, TextLift! 0123456789';
const longUrl = `https://example.com/search?q=${'lorem-ipsum-'.repeat(40)}&page=2#results`;
const unicode = {
  cyrillic: 'Съешь же ещё этих мягких французских булок, да выпей чаю',
  chinese: '二维码扫描器：把二维码变成文字',
  japanese: '東京都千代田区 〒100-0001 ｶﾀｶﾅ',
  emoji: 'QR 😀🎉👍🏽 done',
};

// First in the file: ZXing is loaded once per process, and this must be its first load.
test('ZXing loads from the bytes the host gives, never from its CDN, even as in a browser', async () => {
  // With a window, zxing-wasm's Emscripten glue takes itself for a page and fetches its
  // default WASM (from jsDelivr) unless it is handed the bytes.
  const fetch = vi.fn(async () => {
    throw new Error('no network in this test');
  });
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('fetch', fetch);
  try {
    expect(await textsOf('qr-scanner', await qrPng('offline'))).toEqual(['offline']);
  } finally {
    vi.unstubAllGlobals();
  }
  expect(fetch).not.toHaveBeenCalled();
});

describe('generated QR codes, read by an independent reader and by ours', () => {
  test.each(['L', 'M', 'Q', 'H'] as const)('ASCII and a long URL at level %s (zbar)', async (level) => {
    for (const text of [ascii, longUrl]) {
      const image = await qrPng(text, { errorCorrectionLevel: level });
      expect(zbar(image)).toBe(text);
      expect(await textsOf('qr-scanner', image)).toEqual([text]);
    }
  });

  test.each(Object.entries(unicode))('%s at every level (jsQR)', async (_name, text) => {
    for (const level of ['L', 'M', 'Q', 'H'] as const) {
      const image = await qrPng(text, { errorCorrectionLevel: level });
      expect(await jsqr(image)).toBe(text);
      const codes = await codesOf('qr-scanner', image);
      expect(codes).toEqual([{ format: 'QR_CODE', text }]);
    }
  });

  test('Shift_JIS bytes (no ECI) read as Shift_JIS, a backslash staying a backslash', async () => {
    // "C:\テスト\ｱｲ" in Shift_JIS; 0x5C is the backslash, not the yen sign.
    const bytes = Buffer.from([0x43, 0x3a, 0x5c, 0x83, 0x65, 0x83, 0x58, 0x83, 0x67, 0x5c, 0xb1, 0xb2]);
    const image = new Uint8Array(await QRCode.toBuffer([{ data: bytes, mode: 'byte' }], { scale: 4 }));
    expect(await textsOf('qr-scanner', image)).toEqual(['C:\\テスト\\ｱｲ']);
  });

  test('turned by 90°, 180° and 45°, inverted, and noisy', async () => {
    const base = await qrPng(ascii, { errorCorrectionLevel: 'M' });
    const turned = await Promise.all([90, 180, 45].map((angle) => png(sharp(base).rotate(angle, { background: '#ffffff' }))));
    for (const image of turned) {
      expect(zbar(image)).toBe(ascii);
      expect(await textsOf('qr-scanner', image)).toEqual([ascii]);
    }
    // zbar reads dark on light only; jsQR tries both.
    const inverted = await png(sharp(base).negate({ alpha: false }));
    expect(await jsqr(inverted)).toBe(ascii);
    expect(await textsOf('qr-scanner', inverted)).toEqual([ascii]);
    const { data, info } = await sharp(base).greyscale().raw().toBuffer({ resolveWithObject: true });
    let seed = 1;
    const noise = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 - 0.5) * 90;
    const noisy = await png(
      sharp(Buffer.from(data.map((value) => Math.max(0, Math.min(255, value + noise())))), { raw: { width: info.width, height: info.height, channels: 1 } }),
    );
    expect(zbar(noisy)).toBe(ascii);
    expect(await textsOf('qr-scanner', noisy)).toEqual([ascii]);
  });

  test('very small modules: 2 and 1.5 pixels', async () => {
    const text = 'https://example.org/a-small-code';
    const two = await qrPng(text, { scale: 2 });
    expect(zbar(two)).toBe(text);
    expect(await textsOf('qr-scanner', two)).toEqual([text]);
    const meta = await sharp(two).metadata();
    const smaller = await png(sharp(two).resize({ width: Math.round((meta.width! * 3) / 4), kernel: 'cubic' }));
    expect(await jsqr(smaller)).toBe(text);
    expect(await textsOf('qr-scanner', smaller)).toEqual([text]);
  });

  test('a code on a transparent background, its alpha kept as the browser decodes it', async () => {
    const image = await qrPng('on glass', { color: { dark: '#000000ff', light: '#00000000' } });
    expect(await jsqr(image)).toBe('on glass');
    const { host, release } = createNodeHost(ocr);
    try {
      const keepingAlpha = {
        ...host,
        decodeRgba: (bytes: Uint8Array, type: Parameters<typeof host.decodeRgba>[1]) => host.decodeRgba(bytes, type, { keepAlpha: true }),
      };
      const result = await runTool('qr-scanner', { files: [{ name: 'glass.png', bytes: image }] }, {}, { host: keepingAlpha });
      expect(result.text).toBe('on glass');
    } finally {
      release();
    }
  });

  test('two codes side by side are both listed', async () => {
    const [first, second] = await Promise.all(['first code', 'second code'].map((text) => qrPng(text, { scale: 6 })));
    const both = await png(
      sharp({ create: { width: 420, height: 220, channels: 3, background: '#ffffff' } }).composite([
        { input: Buffer.from(first!), left: 10, top: 10 },
        { input: Buffer.from(second!), left: 220, top: 10 },
      ]),
    );
    expect(zbarOutput(both).split('\n').filter(Boolean).sort()).toEqual(['first code', 'second code']);
    const result = await scan('qr-scanner', both);
    expect(result.data!.codes!.map((code) => code.text).sort()).toEqual(['first code', 'second code']);
    expect(result.text!.split('\n').sort()).toEqual(['first code', 'second code']);
  });
});

describe('bar codes drawn by their specifications', () => {
  test('EAN-13, UPC-A (an EAN-13 starting with 0, 12 digits) and Code 128, checked by zbar', async () => {
    const ean = await drawBars(ean13Bits('9780201310054'));
    expect(zbar(ean)).toBe('9780201310054');
    expect(await codesOf('barcode-scanner', ean)).toEqual([{ format: 'EAN_13', text: '9780201310054' }]);
    const upc = await drawBars(ean13Bits('0036000291452'));
    expect(zbar(upc)).toBe('0036000291452');
    expect(await codesOf('barcode-scanner', upc)).toEqual([{ format: 'UPC_A', text: '036000291452' }]);
    const code128 = await drawBars(code128Bits([START_B, ...codeB('TextLift-128')]), 2);
    expect(zbar(code128)).toBe('TextLift-128');
    expect(await codesOf('barcode-scanner', code128)).toEqual([{ format: 'CODE_128', text: 'TextLift-128' }]);
  });

  test('Code 128 function codes come as single characters: FNC1 U+00F1, FNC3 U+00F3', async () => {
    // GS1-128: FNC1, (01) 12345678901231, FNC1, (10) ABC.
    const gs1 = await drawBars(code128Bits([START_C, FNC1, 1, 12, 34, 56, 78, 90, 12, 31, FNC1, 10, 100, ...codeB('ABC')]), 2);
    expect(await textsOf('barcode-scanner', gs1)).toEqual(['\u00f10112345678901231\u00f110ABC']);
    const programming = await drawBars(code128Bits([START_B, FNC3, ...codeB('123')]), 2);
    expect(await textsOf('barcode-scanner', programming)).toEqual(['\u00f3123']);
  });

  test("Data Matrix, PDF417 and Aztec (drawn by ZXing's writer) under their API names", async () => {
    const { prepareZXingModule, writeBarcode } = await import('zxing-wasm/full');
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/full/zxing_full.wasm'));
    await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) }, fireImmediately: true });
    for (const [format, name] of [
      ['DataMatrix', 'DATA_MATRIX'],
      ['PDF417', 'PDF_417'],
      ['Aztec', 'AZTEC'],
    ] as const) {
      const written = await writeBarcode(`${name} payload`, { format, scale: 4 });
      const image = new Uint8Array(await written.image!.arrayBuffer());
      expect(await codesOf('barcode-scanner', image)).toEqual([{ format: name, text: `${name} payload` }]);
    }
  });

  test('the QR Code Scanner lists only QR codes; the Barcode Scanner lists both', async () => {
    const ean = await drawBars(ean13Bits('4006381333931'), 2);
    const qr = await qrPng('beside a bar code');
    const both = await png(
      sharp({ create: { width: 560, height: 200, channels: 3, background: '#ffffff' } }).composite([
        { input: Buffer.from(ean), left: 0, top: 20 },
        { input: Buffer.from(qr), left: 360, top: 10 },
      ]),
    );
    expect(await textsOf('qr-scanner', both)).toEqual(['beside a bar code']);
    expect((await codesOf('barcode-scanner', both)).sort((a, b) => a.format.localeCompare(b.format))).toEqual([
      { format: 'EAN_13', text: '4006381333931' },
      { format: 'QR_CODE', text: 'beside a bar code' },
    ]);
    expect((await failure('qr-scanner', ean)).code).toBe('no-text');
  });
});

describe('photos ZXing misses at first sight, by class', () => {
  test("a bar code tilted between ZXing's row and column scans (30° and 50°)", async () => {
    const ean = await drawBars(ean13Bits('5901234123457'), 3, 150);
    for (const angle of [30, 50]) {
      const tilted = await png(sharp(ean).rotate(angle, { background: '#ffffff' }));
      expect(await textsOf('barcode-scanner', tilted)).toEqual(['5901234123457']);
    }
  });

  test('a speckled QR code (10 % of pixels flipped)', async () => {
    const text = 'speckled but readable';
    const { data, info } = await sharp(await qrPng(text, { errorCorrectionLevel: 'H' }))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const speckled = await png(
      sharp(Buffer.from(data.map((value) => (random() < 0.1 ? 255 - value : value))), { raw: { width: info.width, height: info.height, channels: 1 } }),
    );
    expect(await textsOf('qr-scanner', speckled)).toEqual([text]);
  });

  test('a faint bar code under a shadow', async () => {
    const ean = await drawBars(ean13Bits('9780201310054'), 2, 80);
    const { data, info } = await sharp(ean).greyscale().raw().toBuffer({ resolveWithObject: true });
    // Ink 30 levels below the paper, and the light falling off by 150 levels across the code.
    const shaded = data.map((value, i) => Math.max(0, (value === 0 ? 170 : 200) - Math.round((150 * (i % info.width)) / info.width)));
    const image = await png(sharp(Buffer.from(shaded), { raw: { width: info.width, height: info.height, channels: 1 } }));
    expect(await textsOf('barcode-scanner', image)).toEqual(['9780201310054']);
  });
});

describe('PDFs and bad input', () => {
  async function pdfOf(pages: Array<Uint8Array | undefined>): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    for (const image of pages) {
      const page = doc.addPage([595.28, 841.89]);
      page.drawText('A page of a document', { x: 72, y: 770, size: 14 });
      if (image) {
        const embedded = await doc.embedPng(image);
        page.drawImage(embedded, { x: 72, y: 400, width: embedded.width * 0.75, height: embedded.height * 0.75 });
      }
    }
    return doc.save();
  }

  test('codes on two pages of a PDF, with their pages, and progress page by page', async () => {
    const pdf = await pdfOf([await qrPng('on page one'), undefined, await drawBars(ean13Bits('9780201310054'), 3)]);
    const progress: Array<{ page: number; pages: number }> = [];
    const result = await scan('barcode-scanner', pdf, 'labels.pdf', {
      onProgress: (_fraction, stage, detail) => stage === 'reading' && detail && progress.push(detail),
    });
    expect(result.data!.codes).toEqual([
      { format: 'QR_CODE', text: 'on page one', page: 1 },
      { format: 'EAN_13', text: '9780201310054', page: 3 },
    ]);
    expect(result.text).toBe('on page one\n9780201310054');
    expect(progress).toEqual([1, 2, 3].map((page) => ({ page, pages: 3 })));
  });

  test('a PDF without a code, an encrypted one, a damaged image, an empty file', async () => {
    expect((await failure('barcode-scanner', await pdfOf([undefined]), 'text.pdf')).code).toBe('no-text');
    if (hasCorpus) expect((await failure('barcode-scanner', corpusFile('pdf/libreoffice-writer-password.pdf'), 'locked.pdf')).code).toBe('password-required');
    const damaged = Uint8Array.from([...(await qrPng('x')).subarray(0, 60), ...new Uint8Array(200).fill(7)]);
    expect((await failure('qr-scanner', damaged)).code).toBe('corrupt');
    expect((await failure('barcode-scanner', new Uint8Array(), 'empty.png')).code).toBe('empty-file');
    const blank = await png(sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } }));
    const nothing = await failure('qr-scanner', blank);
    expect([nothing.code, nothing.message]).toEqual(['no-text', 'No readable code found in the image.']);
  });

  test('a picture without a code moves the bar through the further looks, which take seconds on a photo', async () => {
    const fractions: number[] = [];
    const blank = await png(sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } }));
    const error = await scan('barcode-scanner', blank, 'blank.png', {
      onProgress: (fraction, stage) => stage === 'reading' && fractions.push(fraction),
    }).catch((caught: unknown) => caught);
    expect((error as ConversionError).code).toBe('no-text');
    // Before the first look, then before each further one (light evened, despeckled, enlarged, turned, in parts).
    const [first, ...further] = fractions;
    expect(first).toBe(0);
    expect(further.length).toBeGreaterThan(10);
    further.forEach((fraction, index) => expect(fraction).toBeGreaterThan(index === 0 ? 0 : further[index - 1]!));
    // The last, the scan done.
    expect(further.at(-2)).toBeLessThan(1);
    expect(further.at(-1)).toBe(1);
  });
});

/** Both sides of a comparison with one final newline stripped, as the corpus README asks. */
const stripped = (text: string) => text.replace(/\n$/, '');

describe.runIf(hasCorpus)('the corpus of real photos and scans', () => {
  const images = ['qr', 'barcodes'].flatMap((folder) =>
    readdirSync(path.join(corpusDir, folder))
      .filter((name) => !name.includes('.expected.'))
      .map((name) => `${folder}/${name}`),
  );

  test('ours reads at least as many as measured, and never fewer than zbar', async () => {
    let ours = 0;
    let reference = 0;
    const missed: string[] = [];
    for (const file of images) {
      const expected = stripped(corpusFile(file.replace(/\.[^.]+$/, '.expected.txt')).toString('utf8'));
      const bytes = corpusFile(file);
      const slug = file.startsWith('qr/') ? 'qr-scanner' : 'barcode-scanner';
      const codes = await codesOf(slug, bytes, path.basename(file)).catch(() => []);
      if (codes.some((code) => stripped(code.text) === expected)) ours++;
      else missed.push(file);
      // zbar ends each symbol with a newline, and a payload may hold newlines of its own: a
      // symbol matches when the expected text fills whole lines of the output.
      if (`\n${zbarOutput(bytes)}`.includes(`\n${expected}\n`)) reference++;
    }
    console.info(`corpus: ours ${ours}/${images.length}, zbar ${reference}/${images.length}; ours missed ${missed.join(', ')}`);
    expect(images.length).toBe(50);
    expect(ours).toBeGreaterThanOrEqual(47);
    expect(ours).toBeGreaterThanOrEqual(reference);
  });

  test('UPC-A in 12 digits, UPC-E in the 8 printed under it, with their formats', async () => {
    expect(await codesOf('barcode-scanner', corpusFile('barcodes/upca-2_07.png'))).toEqual([{ format: 'UPC_A', text: '890444000335' }]);
    expect(await codesOf('barcode-scanner', corpusFile('barcodes/upce-2_24.png'))).toEqual([{ format: 'UPC_E', text: '04124498' }]);
    expect(await codesOf('qr-scanner', corpusFile('qr/qrcode-2_18.png'))).toEqual([
      { format: 'QR_CODE', text: stripped(corpusFile('qr/qrcode-2_18.expected.txt').toString('utf8')) },
    ]);
  });
});
