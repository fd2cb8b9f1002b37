import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { createNodeHost } from './node-host.ts';
import type { OcrProvider } from './ocr-provider.ts';

const { host } = createNodeHost({ borrow: () => ({ engine: {}, release() {} }) } as unknown as OcrProvider);

/** A 40×20 picture: grey paper, a band of dark grey ink and a band of red ink. */
async function picture(channels: 1 | 3): Promise<Uint8Array> {
  const data = new Uint8Array(40 * 20 * channels);
  for (let i = 0; i < 40 * 20; i++) {
    const [x, y] = [i % 40, Math.floor(i / 40)];
    const rgb = y >= 5 && y < 10 ? [60, 60, 60] : y >= 12 && y < 16 && x >= 20 ? [220, 30, 30] : [235, 235, 235];
    if (channels === 1) data[i] = rgb[0]!;
    else data.set(rgb, i * 3);
  }
  return new Uint8Array(
    await sharp(data, { raw: { width: 40, height: 20, channels } })
      .png()
      .toBuffer(),
  );
}

describe('decodeGrey', () => {
  test('a grey picture comes out at its own levels', async () => {
    const grey = await host.decodeGrey!(await picture(1), 'image/png');
    expect([grey.width, grey.height]).toEqual([40, 20]);
    expect([grey.data[0], grey.data[7 * 40], grey.data[13 * 40 + 30]]).toEqual([235, 60, 220]);
  });

  test("a coloured picture's coloured ink is darker than its luminance", async () => {
    const bytes = await picture(3);
    const grey = await host.decodeGrey!(bytes, 'image/png');
    const luminance = await sharp(bytes).greyscale().raw().toBuffer();
    expect(grey.data[7 * 40]).toBe(luminance[7 * 40]);
    expect(grey.data[13 * 40 + 30]).toBeLessThan(luminance[13 * 40 + 30]! - 50);
  });
});
