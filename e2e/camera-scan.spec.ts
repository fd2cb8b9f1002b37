import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM } from '../playwright.config.ts';
import { expect, test } from './fixtures.ts';

// Chromium's fake camera plays this file: a QR code held in front of the lens.
const folder = mkdtempSync(path.join(tmpdir(), 'textlift-camera-'));
const video = path.join(folder, 'qr.mjpeg');
writeFileSync(
  video,
  execFileSync(process.execPath, [
    '--input-type=module',
    '-e',
    `
    import QRCode from 'qrcode'; import sharp from 'sharp';
    const code = await QRCode.toBuffer('https://example.com/from-the-camera', { width: 360, margin: 4 });
    const frame = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#d8d4cc' } })
      .composite([{ input: code, left: 140, top: 60 }]).jpeg({ quality: 90 }).toBuffer();
    process.stdout.write(frame);`,
  ]),
);
test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

test('QR Code Scanner: the camera starts only on the click, and a code held up to it is read', async ({ page }) => {
  // Counts the page's requests for the camera: none may come before the visitor's click.
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const ask = devices.getUserMedia.bind(devices);
    (window as unknown as { cameraAsks: number }).cameraAsks = 0;
    devices.getUserMedia = (constraints) => {
      (window as unknown as { cameraAsks: number }).cameraAsks++;
      return ask(constraints);
    };
  });
  await page.goto('/qr-scanner');
  await expect(page.locator('video')).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { cameraAsks: number }).cameraAsks)).toBe(0);
  await page.getByTestId('camera-toggle').click();
  expect(await page.evaluate(() => (window as unknown as { cameraAsks: number }).cameraAsks)).toBe(1);
  await expect(page.getByTestId('code-text')).toHaveText('https://example.com/from-the-camera');
  await expect(page.getByTestId('image-preview')).toBeVisible();
  await expect(page.locator('video')).toBeHidden();
});
