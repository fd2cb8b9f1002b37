import { bilinearSpans } from './geometry.ts';
import { type GreyImage, roundLevel } from './grey-image.ts';
import { brightLevel, cellHistogram } from './histogram.ts';

/**
 * Evens out the light across a page: phone photos are brighter where the lamp is, receipts
 * greyer where they faded. The paper's brightness is estimated in cells (a high percentile,
 * so ink and noise do not count), spread over neighbouring cells so a bold heading filling a
 * cell still sees paper, smoothed, and divided out: paper becomes white everywhere and ink
 * keeps its contrast to it.
 */
export function normalizeIllumination(image: GreyImage, cell = 16): GreyImage {
  const { width, height, data } = image;
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  let grid: Float32Array = new Float32Array(columns * rows);
  const histogram = new Uint32Array(256);
  for (let gy = 0; gy < rows; gy++) {
    for (let gx = 0; gx < columns; gx++) {
      const count = cellHistogram(histogram, image, gx * cell, gy * cell, (gx + 1) * cell, (gy + 1) * cell);
      // The 90th percentile: brighter than the ink, not as bright as a noise spike.
      grid[gy * columns + gx] = brightLevel(histogram, count, 0.1);
    }
  }
  grid = maxFilter(grid, columns, rows, 1);
  for (let pass = 0; pass < 2; pass++) grid = boxFilter(grid, columns, rows, 1);

  // Bilinear interpolation between cell centres. A column's cells and weights are the same on
  // every row, and the two grid rows a row lies between change once a cell, so each grid row's
  // values along x are worked out once per cell, not per pixel (the same sums, in the same order).
  const { left, right, weight } = bilinearSpans(width, columns, cell);
  const alongRow = (gridRow: number, into: Float64Array) => {
    const base = gridRow * columns;
    for (let x = 0; x < width; x++) into[x] = grid[base + left[x]!]! * (1 - weight[x]!) + grid[base + right[x]!]! * weight[x]!;
  };
  const above = new Float64Array(width);
  const below = new Float64Array(width);
  let cached = -1;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(rows - 1, Math.max(0, (y + 0.5) / cell - 0.5));
    const y0 = Math.floor(fy);
    const wy = fy - y0;
    if (y0 !== cached) {
      alongRow(y0, above);
      alongRow(Math.min(rows - 1, y0 + 1), below);
      cached = y0;
    }
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const background = above[x]! * (1 - wy) + below[x]! * wy;
      out[i] = Math.min(255, roundLevel((data[i]! * 255) / Math.max(1, background)));
    }
  }
  return { width, height, data: out };
}

function maxFilter(grid: Float32Array, columns: number, rows: number, radius: number): Float32Array {
  const out = new Float32Array(grid.length);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      let best = 0;
      for (let dy = -radius; dy <= radius; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= rows) continue;
        for (let dx = -radius; dx <= radius; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < columns) best = Math.max(best, grid[yy * columns + xx]!);
        }
      }
      out[y * columns + x] = best;
    }
  }
  return out;
}

function boxFilter(grid: Float32Array, columns: number, rows: number, radius: number): Float32Array {
  const out = new Float32Array(grid.length);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -radius; dy <= radius; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= rows) continue;
        for (let dx = -radius; dx <= radius; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= columns) continue;
          sum += grid[yy * columns + xx]!;
          n++;
        }
      }
      out[y * columns + x] = sum / n;
    }
  }
  return out;
}
