/**
 * Cross-reference streams that claim more objects than they can hold, found from the file's
 * bytes before pdf-lib reads it. pdf-lib makes an entry for every object an xref stream's
 * /Index (or /Size) claims, whatever its data holds: one damaged number, `/Index [0 100000000]`
 * in a 1 KB file, held a merge for minutes while its map of references grew. pdf.js bounds
 * its reading by the data and needs no such check.
 *
 * A claim is impossible when it exceeds the PDF specification's limit on indirect objects
 * (8,388,607, ISO 32000 Annex C), or when its entries (each Σ/W bytes) are more than the
 * stream's data could inflate to (Flate packs at most about 1032:1; unfiltered data is what it is).
 */

const MAX_OBJECTS = 8_388_607;
const FLATE_MAX_RATIO = 1032;

const latin1 = new TextDecoder('latin1');

function numbers(text: string | undefined): number[] {
  return (text ?? '').trim().split(/\s+/).filter(Boolean).map(Number);
}

/** The objects the first impossible cross-reference stream claims, or undefined where each is possible. */
export function impossibleXrefClaim(bytes: Uint8Array): number | undefined {
  const text = latin1.decode(bytes);
  for (const match of text.matchAll(/\/Type\s*\/XRef\b/g)) {
    // The stream's dictionary: back to its object's start, on to its data.
    const from = Math.max(text.lastIndexOf(' obj', match.index), match.index - 4096, 0);
    const end = text.indexOf('stream', match.index);
    const dictionary = text.slice(from, end === -1 ? match.index + 4096 : end);
    const widths = numbers(/\/W\s*\[([^\]]*)\]/.exec(dictionary)?.[1]);
    const index = numbers(/\/Index\s*\[([^\]]*)\]/.exec(dictionary)?.[1]);
    const size = Number(/\/Size\s+(\d+)/.exec(dictionary)?.[1] ?? 0);
    const claimed = index.length >= 2 ? index.filter((_, i) => i % 2 === 1).reduce((sum, n) => sum + n, 0) : size;
    if (!Number.isFinite(claimed) || claimed > MAX_OBJECTS) return claimed;
    // An indirect /Length ("12 0 R") is not followed: the object limit above still bounds it.
    const length = /\/Length\s+(\d+)\b(?!\s+\d+\s+R)/.exec(dictionary)?.[1];
    const entryBytes = widths.reduce((sum, width) => sum + (Number.isFinite(width) ? width : 0), 0);
    if (length === undefined || entryBytes === 0) continue;
    const ratio = /\/FlateDecode/.test(dictionary) ? FLATE_MAX_RATIO : 1;
    if (claimed * entryBytes > Number(length) * ratio + entryBytes) return claimed;
  }
  return undefined;
}
