import { expect, test } from 'vitest';
import { rotatedPoint, rotateRgba } from './rotate-rgba.ts';

test('a dot turned by rotateRgba lands where rotatedPoint says, and the corners come out white', () => {
  const width = 201;
  const height = 101;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  // A red 3×3 dot right of the centre.
  for (let y = 49; y <= 51; y++) for (let x = 159; x <= 161; x++) data.set([200, 0, 0, 255], (y * width + x) * 4);
  const turned = rotateRgba({ width, height, data }, 10);
  const expected = rotatedPoint(160.5, 50.5, width, height, 10);
  let sx = 0;
  let sy = 0;
  let weight = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const redness = 255 - turned.data[(y * width + x) * 4 + 1]!;
      sx += (x + 0.5) * redness;
      sy += (y + 0.5) * redness;
      weight += redness;
    }
  expect(Math.hypot(sx / weight - expected.x, sy / weight - expected.y)).toBeLessThan(0.6);
  // Clockwise: a point right of the centre moves down.
  expect(expected.y).toBeGreaterThan(55);
  expect([...turned.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
});
