import { describe, expect, test } from 'vitest';
import { greyFromRgba, inkFromRgba } from './grey-image.ts';
import { hasEvenPaper } from './paper.ts';

/** A page of `paper` colour with a 20×20 square of each of `inks` on it. */
function sheet(paper: number[], inks: number[][], width = 200, height = 100): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([...paper, 255], i * 4);
  inks.forEach((ink, n) => {
    for (let y = 40; y < 60; y++) for (let x = 10 + n * 40; x < 30 + n * 40; x++) rgba.set([...ink, 255], (y * width + x) * 4);
  });
  return rgba;
}
const at = (image: { width: number; data: Uint8Array }, n: number) => image.data[50 * image.width + 20 + n * 40]!;

describe('ink from colour', () => {
  test('yellow, light blue and orange ink come out dark, grey ink keeps its luminance', () => {
    const inks = [[242, 194, 0], [124, 200, 236], [245, 163, 71], [184, 184, 184], [20, 20, 20]];
    const rgba = sheet([255, 255, 255], inks);
    const ink = inkFromRgba(rgba, 200, 100);
    const luma = greyFromRgba(rgba, 200, 100);
    expect(at(luma, 0)).toBeGreaterThan(180);
    expect(at(ink, 0)).toBeLessThan(60);
    expect(at(ink, 1)).toBeLessThan(140);
    expect(at(ink, 2)).toBeLessThan(80);
    expect(at(ink, 3)).toBe(at(luma, 3));
    expect(at(ink, 4)).toBe(at(luma, 4));
  });

  test('cream paper under a warm lamp darkens nothing', () => {
    const rgba = sheet([235, 220, 180], [[30, 28, 25]]);
    const ink = inkFromRgba(rgba, 200, 100);
    expect(ink.data[0]).toBe(greyFromRgba(rgba, 200, 100).data[0]);
    expect(at(ink, 0)).toBeLessThan(40);
  });
});

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
