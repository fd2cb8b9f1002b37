import { describe, expect, test } from 'vitest';
import { hasEvenPaper } from './paper.ts';

describe('even paper', () => {
  test('a scan is even; light falling off across a photo is not', () => {
    const width = 640;
    const height = 480;
    const scan = { width, height, data: new Uint8Array(width * height).fill(250) };
    for (let y = 100; y < 110; y++) scan.data.fill(20, y * width + 50, y * width + 400);
    const photo = { width, height, data: Uint8Array.from({ length: width * height }, (_, i) => Math.round(200 - ((i % width) / width) * 60)) };
    expect(hasEvenPaper(scan)).toBe(true);
    expect(hasEvenPaper(photo)).toBe(false);
  });
});
