/**
 * Seeded mutations of a file, the kinds of damage parsers meet: bytes flipped, spans of noise,
 * spans zeroed, the file cut short, a span repeated (lengths and offsets then point at the
 * wrong place), a number in the text made huge (a PDF's sizes, counts and offsets).
 */
export function mutate(source: Uint8Array, next: () => number): Uint8Array {
  const at = (n: number) => Math.floor(next() * n);
  const bytes = new Uint8Array(source);
  const span = 1 + at(Math.min(64, bytes.length));
  const start = at(Math.max(1, bytes.length - span));
  switch (at(6)) {
    case 0: // a few bytes flipped
      for (let i = 0, n = 1 + at(8); i < n; i++) {
        const where = at(bytes.length);
        bytes[where] = bytes[where]! ^ (1 << at(8));
      }
      return bytes;
    case 1: // a span of noise
      for (let i = start; i < start + span; i++) bytes[i] = at(256);
      return bytes;
    case 2: // a span zeroed
      return bytes.fill(0, start, start + span);
    case 3: // cut short
      return bytes.subarray(0, at(bytes.length));
    case 4: {
      // a span repeated (lengths and offsets now point at the wrong place)
      const copy = bytes.subarray(start, start + span);
      return new Uint8Array([...bytes.subarray(0, start + span), ...copy, ...bytes.subarray(start + span)]);
    }
    default: {
      // a number in the text made huge (PDF sizes, counts, offsets)
      const text = new TextDecoder('latin1').decode(bytes);
      const digits = [...text.matchAll(/\d+/g)];
      if (digits.length === 0) return bytes;
      const chosen = digits[at(digits.length)]!;
      const huge = String(10 ** (3 + at(8)));
      return new Uint8Array([...bytes.subarray(0, chosen.index), ...new TextEncoder().encode(huge), ...bytes.subarray(chosen.index + chosen[0].length)]);
    }
  }
}
