import type { Blob } from './components.ts';

/** A row of dashes ("-------") printed as a separator, as receipts and forms have. */
export interface DashRule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  dashes: number;
}

/**
 * Finds rows of dashes. Tesseract's line finder takes them for ruled lines and drops them,
 * and its recogniser cannot count a long run of identical marks, so a receipt loses its
 * separators; here they are found as what they are — short flat blobs, evenly spaced on one
 * line, nothing else on it — and put back into the text where they stood.
 */
export function findDashRules(blobs: Blob[], letterHeight: number): DashRule[] {
  if (letterHeight <= 0) return [];
  const dashes = blobs
    .filter((blob) => {
      const w = blob.x1 - blob.x0;
      const h = blob.y1 - blob.y0;
      return h <= Math.max(2, letterHeight * 0.45) && w >= h * 1.8 && w <= letterHeight * 1.6 && w >= letterHeight * 0.25;
    })
    .sort((a, b) => a.x0 - b.x0);
  const rules: DashRule[] = [];
  const used = new Set<Blob>();
  for (const first of dashes) {
    if (used.has(first)) continue;
    const row = [first];
    const centre = (blob: Blob) => (blob.y0 + blob.y1) / 2;
    for (const next of dashes) {
      const last = row[row.length - 1]!;
      if (next.x0 <= last.x0 || used.has(next)) continue;
      const gap = next.x0 - last.x1;
      if (gap > letterHeight * 1.2) continue;
      if (Math.abs(centre(next) - centre(last)) > letterHeight * 0.3) continue;
      row.push(next);
    }
    if (row.length < 6) continue;
    const pitches = row
      .slice(1)
      .map((blob, i) => blob.x0 - row[i]!.x0)
      .sort((a, b) => a - b);
    const pitch = pitches[Math.floor(pitches.length / 2)]!;
    // Evenly spaced: a printer's dashes, not a line of hyphens and underscores in text.
    if (pitches[0]! < pitch * 0.6 || pitches[pitches.length - 1]! > pitch * 1.6) continue;
    for (const blob of row) used.add(blob);
    rules.push({
      x0: row[0]!.x0,
      y0: Math.min(...row.map((blob) => blob.y0)),
      x1: row[row.length - 1]!.x1,
      y1: Math.max(...row.map((blob) => blob.y1)),
      dashes: row.length,
    });
  }
  return rules;
}

/** The rules alone on their line: a row of dashes with words beside it is text, not a rule. */
export function keepLoneRules(rules: DashRule[], letters: Blob[], letterHeight: number): DashRule[] {
  return rules.filter((rule) => {
    const middle = (rule.y0 + rule.y1) / 2;
    return !letters.some(
      (letter) => letter.y0 - letterHeight * 0.2 < middle && letter.y1 + letterHeight * 0.2 > middle && letter.y1 - letter.y0 > letterHeight * 0.6,
    );
  });
}
