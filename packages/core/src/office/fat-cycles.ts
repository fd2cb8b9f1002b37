/**
 * Whether a compound file's allocation table (FAT) sends a chain of sectors round in a loop.
 * The cfb reader follows a stream's chain without remembering where it has been: one damaged
 * entry that points back made it gather the same sectors until memory ran out (a 27 KB .doc:
 * 30 s, then a crash). A sound FAT is a set of chains that each end, so any loop is damage.
 *
 * Layout from [MS-CFB] 2.2: the header's sector shift at 0x1E, the number of FAT sectors at
 * 0x2C, the first 109 FAT sector numbers (the DIFAT) from 0x4C, further ones in DIFAT sectors
 * chained from 0x44; a FAT sector holds the next sector's number for each sector, or a mark
 * (end of chain, free, FAT or DIFAT sector), all of which are above MAX_SECTOR.
 */

const MAX_SECTOR = 0xfffffffa;
const HEADER_DIFAT_ENTRIES = 109;

export function fatHasLoop(bytes: Uint8Array): boolean {
  if (bytes.length < 512) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return false; // the reader refuses such a header itself
  const size = 1 << shift;
  const sectorCount = Math.floor((bytes.length - size) / size) + 1;
  const sectorOffset = (sector: number) => (sector + 1) * size;
  const readable = (sector: number) => sector <= MAX_SECTOR && sectorOffset(sector) + size <= bytes.length;

  // The FAT's own sectors: the header's DIFAT, then the DIFAT sectors' chain (bounded by the file).
  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES; i++) fatSectors.push(view.getUint32(0x4c + 4 * i, true));
  let difat = view.getUint32(0x44, true);
  for (let hops = 0; readable(difat) && hops < sectorCount; hops++) {
    const at = sectorOffset(difat);
    for (let i = 0; i < size / 4 - 1; i++) fatSectors.push(view.getUint32(at + 4 * i, true));
    difat = view.getUint32(at + size - 4, true);
  }
  const next: number[] = [];
  for (const sector of fatSectors.filter(readable)) {
    const at = sectorOffset(sector);
    for (let i = 0; i < size / 4; i++) next.push(view.getUint32(at + 4 * i, true));
  }

  // Each sector is walked once: 1 while on the current walk, 2 once known to end.
  const state = new Uint8Array(next.length);
  for (let start = 0; start < next.length; start++) {
    const walk: number[] = [];
    let sector = start;
    while (sector < next.length && state[sector] === 0) {
      state[sector] = 1;
      walk.push(sector);
      sector = next[sector]!;
    }
    if (sector < next.length && state[sector] === 1) return true;
    for (const done of walk) state[done] = 2;
  }
  return false;
}
