import type { Blob } from './components.ts';

/**
 * Filled round marks standing apart from words: bullets drawn as pictures, the dots of a
 * "match the pairs" exercise. They carry no text, and the recogniser reads them as "e", "©"
 * or "«"; they are painted out before reading.
 */
export function findLoneDots(blobs: Blob[], letters: Blob[], letterHeight: number): Blob[] {
  if (letterHeight <= 0) return [];
  return blobs.filter((blob) => {
    const w = blob.x1 - blob.x0;
    const h = blob.y1 - blob.y0;
    if (h < letterHeight * 0.5 || h > letterHeight * 1.2 || w < h * 0.75 || w > h * 1.33) return false;
    // A disc fills π/4 of its box; an "o" or "e" far less.
    if (blob.pixels < w * h * 0.65) return false;
    const middle = (blob.y0 + blob.y1) / 2;
    const gap = (side: -1 | 1) => {
      let nearest = Infinity;
      for (const letter of letters) {
        if (letter === blob || letter.y0 > middle + letterHeight * 0.5 || letter.y1 < middle - letterHeight * 0.5) continue;
        const distance = side > 0 ? letter.x0 - blob.x1 : blob.x0 - letter.x1;
        if (distance >= -1 && distance < nearest) nearest = distance;
      }
      return nearest;
    };
    // A colon's or an "i"'s dot has a mark just above or below it.
    const stacked = blobs.some(
      (other) =>
        other !== blob &&
        other.x0 < blob.x1 &&
        other.x1 > blob.x0 &&
        (Math.abs(other.y0 - blob.y1) < letterHeight || Math.abs(blob.y0 - other.y1) < letterHeight),
    );
    // Dot-matrix print is made of such dots, close together; a bullet stands alone.
    const crowded = blobs.some(
      (other) =>
        other !== blob &&
        Math.abs(other.x0 - blob.x0) < letterHeight * 1.5 &&
        Math.abs(other.y0 - blob.y0) < letterHeight * 1.5 &&
        other.y1 - other.y0 < h * 1.5,
    );
    return !stacked && !crowded && Math.min(gap(-1), gap(1)) >= letterHeight * 0.3 && Math.max(gap(-1), gap(1)) >= letterHeight * 1.5;
  });
}
