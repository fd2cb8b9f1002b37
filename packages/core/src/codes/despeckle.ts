import type { GreyImage } from '../ocr/preprocess/grey-image.ts';

/** Paeth's exchange network for the median of nine: 19 comparisons, the median ends at index 4. */
const MEDIAN_OF_NINE = [
  [1, 2],
  [4, 5],
  [7, 8],
  [0, 1],
  [3, 4],
  [6, 7],
  [1, 2],
  [4, 5],
  [7, 8],
  [0, 3],
  [5, 8],
  [4, 7],
  [3, 6],
  [1, 4],
  [2, 5],
  [4, 7],
  [4, 2],
  [6, 4],
  [4, 2],
] as const;

function medianOfNine(v: Uint8Array): number {
  for (const [a, b] of MEDIAN_OF_NINE) {
    if (v[a]! > v[b]!) {
      const t = v[a]!;
      v[a] = v[b]!;
      v[b] = t;
    }
  }
  return v[4]!;
}

/**
 * Each pixel the median of its 3×3 neighbourhood: specks of dirt, print dropouts and sensor
 * noise vanish while the edges of modules stay where they were. A few per cent of flipped
 * pixels are enough to break ZXing's finder-pattern scan of a QR code.
 */
export function despeckle({ width, height, data }: GreyImage): GreyImage {
  const out = new Uint8Array(width * height);
  const window = new Uint8Array(9);
  for (let y = 0; y < height; y++) {
    const above = Math.max(0, y - 1) * width;
    const row = y * width;
    const below = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      const left = Math.max(0, x - 1);
      const right = Math.min(width - 1, x + 1);
      window[0] = data[above + left]!;
      window[1] = data[above + x]!;
      window[2] = data[above + right]!;
      window[3] = data[row + left]!;
      window[4] = data[row + x]!;
      window[5] = data[row + right]!;
      window[6] = data[below + left]!;
      window[7] = data[below + x]!;
      window[8] = data[below + right]!;
      out[row + x] = medianOfNine(window);
    }
  }
  return { width, height, data: out };
}
