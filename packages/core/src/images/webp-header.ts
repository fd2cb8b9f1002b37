import { ascii } from './image-headers.ts';

/**
 * Whether a WebP's (first) picture is stored losslessly (VP8L) rather than as lossy VP8, read
 * from its RIFF chunks: a simple file has one, an extended one (VP8X) has the picture after
 * its metadata, an animation has it inside its first frame (ANMF, 16 bytes of frame header).
 */
export function isLosslessWebp(bytes: Uint8Array): boolean {
  const u32 = (at: number) => (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
  let at = 12;
  let end = bytes.length;
  while (at + 8 <= end) {
    if (ascii(bytes, at, 'VP8L')) return true;
    if (ascii(bytes, at, 'VP8 ')) return false;
    const size = u32(at + 4);
    if (ascii(bytes, at, 'ANMF')) {
      end = Math.min(end, at + 8 + size);
      at += 8 + 16;
      continue;
    }
    // Chunks are padded to an even length.
    at += 8 + size + (size & 1);
  }
  return false;
}
