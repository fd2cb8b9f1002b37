/**
 * The buffers of these files that can move to another thread without a copy: each wholly one
 * file's own (a Buffer from Node's pool shares its ArrayBuffer with others and must be copied).
 */
export function ownBuffers(files: readonly { bytes: Uint8Array }[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const { bytes } of files) {
    const { buffer } = bytes;
    if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) buffers.add(buffer);
  }
  return [...buffers];
}
