import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { corpusExpected, corpusFile } from '../test-support/corpus.ts';
import { expect, test } from './fixtures.ts';

const png = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/png', buffer });
/** zbarimg's reading of a picture: an independent decoder of what we drew (ASCII payloads only). */
const zbar = (file: string) => execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).replace(/\n$/, '');
/** jsQR's reading of a picture, for Unicode payloads (zbar reads UTF-8 as Shift_JIS). */
async function jsqr(image: Buffer) {
  const { data, info } = await sharp(image).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

test('QR Code Scanner: a photo of a QR code reads as its text, with a copy button and a link that opens only when clicked', async ({ page }) => {
  await page.goto('/qr-scanner');
  await expect(page).toHaveTitle('QR Code Scanner - Scan QR Codes Online for Free | TextLift');
  await page.getByTestId('file-input').setInputFiles(png('qrcode-4_43.png', corpusFile('qr/qrcode-4_43.png')));
  await expect(page.getByTestId('image-preview')).toBeVisible();
  await expect(page.getByTestId('code-text')).toHaveText(corpusExpected('qr/qrcode-4_43.png'));
  const link = page.getByTestId('code-link');
  await expect(link).toHaveAttribute('href', 'http://code.google.com/p/zxing/');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
});

test("QR Code Scanner: two codes in one picture are both listed; no code and a wrong file get the spec's words", async ({ page }) => {
  const [first, second] = await Promise.all(['first code', 'second code'].map((text) => QRCode.toBuffer(text, { width: 300 })));
  const both = await sharp({ create: { width: 700, height: 340, channels: 3, background: '#ffffff' } })
    .composite([
      { input: first!, left: 20, top: 20 },
      { input: second!, left: 380, top: 20 },
    ])
    .png()
    .toBuffer();
  await page.goto('/qr-scanner');
  await page.getByTestId('file-input').setInputFiles(png('two.png', both));
  // Listed in ZXing's order; both must be there.
  await expect(page.getByTestId('code-text')).toHaveCount(2);
  const texts = await page.getByTestId('code-text').allTextContents();
  expect(texts.sort()).toEqual(['first code', 'second code']);

  const blank = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  await page.getByTestId('file-input').setInputFiles(png('blank.png', blank));
  await expect(page.getByTestId('result-error')).toHaveText('No readable text found in the image.');
  await page.getByTestId('file-input').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(page.getByTestId('upload-notice')).toHaveText('Please select a valid image file.');
});

test('Barcode Scanner: an EAN-13 photo and both pages of a PDF are read with their types; the questions open one at a time', async ({ page }) => {
  await page.goto('/barcode-scanner');
  await expect(page).toHaveTitle('Barcode Scanner - Scan Barcodes Online for Free | TextLift');
  await page.getByTestId('file-input').setInputFiles(png('ean13-2_07.png', corpusFile('barcodes/ean13-2_07.png')));
  await expect(page.getByTestId('code-format')).toHaveText('EAN-13');
  await expect(page.getByTestId('code-text')).toHaveText(corpusExpected('barcodes/ean13-2_07.png'));

  const pdf = await PDFDocument.create();
  for (const file of ['qr/qrcode-6_1.png', 'barcodes/code128-3_1.png']) {
    const image = await pdf.embedPng(await sharp(corpusFile(file)).png().toBuffer());
    pdf.addPage([image.width + 40, image.height + 40]).drawImage(image, { x: 20, y: 20 });
  }
  await page.getByTestId('file-input').setInputFiles({ name: 'labels.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) });
  await expect(page.getByTestId('code-item')).toHaveCount(2);
  await expect(page.getByTestId('code-list')).toContainText('Page 2');
  await expect(page.getByTestId('code-format')).toHaveText(['QR code', 'Code 128']);
  expect(await page.getByTestId('code-text').allTextContents()).toEqual([corpusExpected('qr/qrcode-6_1.png'), corpusExpected('barcodes/code128-3_1.png')]);

  const faq = page.getByTestId('faq');
  await expect(faq.getByRole('heading', { name: 'People Also Ask' })).toBeVisible();
  await faq.locator('summary', { hasText: 'Which barcode types can I scan?' }).click();
  await expect(faq.getByText(/EAN-8, EAN-13, UPC-A, UPC-E, Code 39 and Code 128/)).toBeVisible();
  await faq.locator('summary', { hasText: 'Is my file uploaded or kept?' }).click();
  await expect(faq.getByText(/EAN-8, EAN-13, UPC-A, UPC-E, Code 39 and Code 128/)).toBeHidden();
});

test('QR Code Generator: the code follows the text; PNG and SVG downloads decode to it, Unicode too; close colours are warned about', async ({ page }) => {
  await page.goto('/qr-generator');
  const input = page.getByTestId('text-input');
  await expect(page.getByTestId('download-png')).toHaveCount(0);
  const url = 'https://textlift.example/path?q=1&r=two';
  await input.fill(url);
  await expect(page.getByTestId('result-image')).toBeVisible();
  const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-png').click()]);
  // Named by the address it holds, without its query.
  expect(pngDownload.suggestedFilename()).toBe('textlift.example path_qr-code.png');
  const pngPath = await pngDownload.path();
  expect((await sharp(pngPath).metadata()).width).toBe(300);
  expect(zbar(pngPath)).toBe(url);
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-svg').click()]);
  expect(svgDownload.suggestedFilename()).toBe('textlift.example path_qr-code.svg');
  const svgPng = path.join(mkdtempSync(path.join(tmpdir(), 'textlift-svg-')), 'svg.png');
  await sharp(await svgDownload.path(), { density: 144 })
    .png()
    .toFile(svgPng);
  expect(zbar(svgPng)).toBe(url);

  const unicode = 'Привет, 世界! İğdır 🚀';
  await input.fill(unicode);
  await expect(page.getByTestId('result-summary')).toBeVisible();
  await page.waitForTimeout(500);
  const [unicodeDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-png').click()]);
  expect(await jsqr(await sharp(await unicodeDownload.path()).toBuffer())).toBe(unicode);

  await expect(page.getByTestId('contrast-warning')).toHaveCount(0);
  await page.getByTestId('color').fill('#dddddd');
  await expect(page.getByTestId('contrast-warning')).toBeVisible();
  await input.fill('   ');
  await expect(page.getByTestId('download-png')).toHaveCount(0);
});

test('Invert Image: every pixel of a PNG turned to its opposite, transparency kept, as name_inverted.png', async ({ page }) => {
  const width = 64;
  const height = 48;
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) pixels.set([i % 256, (i * 7) % 256, 200, i % 3 === 0 ? 0 : 1 + (i % 255)], i * 4);
  const original = await sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  await page.goto('/invert-image');
  await page.getByTestId('file-input').setInputFiles(png('gradient.png', original));
  await expect(page.getByText('Image inverted!')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Original/ })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-file').click()]);
  expect(download.suggestedFilename()).toBe('gradient_inverted.png');
  const { data, info } = await sharp(await download.path())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([width, height]);
  for (let i = 0; i < width * height * 4; i += 4) {
    const alpha = pixels[i + 3]!;
    expect(data[i + 3]).toBe(alpha);
    // Fully transparent pixels carry no colour a reader could see.
    if (alpha > 0) expect([data[i], data[i + 1], data[i + 2]]).toEqual([255 - pixels[i]!, 255 - pixels[i + 1]!, 255 - pixels[i + 2]!]);
  }
});

test('Text to Image: typed text drawn on an 800×600 PNG that OCR reads back; long text makes it taller', async ({ page }) => {
  await page.goto('/text-to-image');
  const generate = page.getByTestId('convert');
  await expect(generate).toBeDisabled();
  await page.getByTestId('text-input').fill('Hello from TextLift\nSecond line here');
  await generate.click();
  await expect(page.getByText('Image generated successfully!')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-file').click()]);
  expect(download.suggestedFilename()).toBe('Hello from TextLift.png');
  const file = await download.path();
  const { width, height } = await sharp(file).metadata();
  expect([width, height]).toEqual([800, 600]);
  const text = execFileSync('tesseract', [file, '-', '--psm', '6'], { encoding: 'utf8' });
  expect(text).toContain('Hello from TextLift');
  expect(text).toContain('Second line here');

  await page.getByTestId('text-input').fill(Array.from({ length: 30 }, (_, i) => `Line number ${i + 1}`).join('\n'));
  await generate.click();
  await expect(page.getByTestId('result-summary')).toContainText('30 lines');
  const [tall] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-file').click()]);
  expect((await sharp(await tall.path()).metadata()).height).toBeGreaterThan(1200);
});
