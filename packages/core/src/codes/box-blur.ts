/**
 * The mean of each value's (2rx+1)×(2ry+1) neighbourhood, clipped at the edges: running sums
 * along rows, then down columns, so the cost does not grow with the radius.
 */
export function boxMean(values: Float32Array, width: number, height: number, rx: number, ry: number): Float32Array {
  const across = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x < Math.min(width, rx + 1); x++) sum += values[row + x]!;
    for (let x = 0; x < width; x++) {
      across[row + x] = sum / (Math.min(width - 1, x + rx) - Math.max(0, x - rx) + 1);
      if (x + rx + 1 < width) sum += values[row + x + rx + 1]!;
      if (x - rx >= 0) sum -= values[row + x - rx]!;
    }
  }
  const out = new Float32Array(width * height);
  // Float64: a column's running sum over thousands of rows would drift in single precision.
  const sums = new Float64Array(width);
  for (let y = 0; y < Math.min(height, ry + 1); y++) for (let x = 0; x < width; x++) sums[x]! += across[y * width + x]!;
  for (let y = 0; y < height; y++) {
    const count = Math.min(height - 1, y + ry) - Math.max(0, y - ry) + 1;
    for (let x = 0; x < width; x++) out[y * width + x] = sums[x]! / count;
    if (y + ry + 1 < height) for (let x = 0; x < width; x++) sums[x]! += across[(y + ry + 1) * width + x]!;
    if (y - ry >= 0) for (let x = 0; x < width; x++) sums[x]! -= across[(y - ry) * width + x]!;
  }
  return out;
}
