import type { GreyImage } from './grey-image.ts';

/** The bounding box of one connected blob of ink, and how many pixels it has. */
export interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  pixels: number;
}

/**
 * Connected components (8-connected) of the pixels darker than `threshold`, labelled run by
 * run: a page has far fewer horizontal runs than pixels, so this stays fast on a 12 MP photo.
 */
export function findBlobs(image: GreyImage, threshold: number): Blob[] {
  const { width, height, data } = image;
  const parent: number[] = [];
  const find = (label: number): number => {
    while (parent[label] !== label) {
      parent[label] = parent[parent[label]!]!;
      label = parent[label]!;
    }
    return label;
  };
  const runs: number[] = []; // y, x0, x1 (exclusive), label
  let previousStart = 0;
  let previousEnd = 0;
  for (let y = 0; y < height; y++) {
    const rowStart = runs.length;
    let p = previousStart;
    for (let x = 0, i = y * width; x < width; ) {
      if (data[i]! >= threshold) {
        x++;
        i++;
        continue;
      }
      const x0 = x;
      while (x < width && data[i]! < threshold) {
        x++;
        i++;
      }
      let label = -1;
      // Runs of the row above that touch this one, diagonals included.
      while (p < previousEnd && runs[p + 2]! < x0) p += 4;
      for (let q = p; q < previousEnd && runs[q + 1]! <= x; q += 4) {
        const other = find(runs[q + 3]!);
        if (label < 0) label = other;
        else if (other !== label) parent[Math.max(other, label)] = Math.min(other, label);
        label = Math.min(label, other);
      }
      if (label < 0) {
        label = parent.length;
        parent.push(label);
      }
      runs.push(y, x0, x, label);
    }
    previousStart = rowStart;
    previousEnd = runs.length;
  }
  const boxes = new Map<number, Blob>();
  for (let r = 0; r < runs.length; r += 4) {
    const y = runs[r]!;
    const x0 = runs[r + 1]!;
    const x1 = runs[r + 2]!;
    const root = find(runs[r + 3]!);
    const box = boxes.get(root);
    if (!box) boxes.set(root, { x0, y0: y, x1, y1: y + 1, pixels: x1 - x0 });
    else {
      box.x0 = Math.min(box.x0, x0);
      box.x1 = Math.max(box.x1, x1);
      box.y1 = y + 1;
      box.pixels += x1 - x0;
    }
  }
  return [...boxes.values()];
}

/** Blobs shaped like letters: not specks of noise, not rules, frames or pictures. */
export function letterLike(blobs: Blob[], image: GreyImage): Blob[] {
  // A picture or frame is taller than an eighth of a page; on a strip holding one line of text
  // (a cropped screenshot, a scanned line) the letters themselves may be nearly that tall.
  const maxHeight = Math.max(image.height / 8, Math.min(image.height, 120));
  return blobs.filter((blob) => {
    const w = blob.x1 - blob.x0;
    const h = blob.y1 - blob.y0;
    return h >= 4 && h <= maxHeight && w <= h * 4 && w >= 1 && blob.pixels >= 6;
  });
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
