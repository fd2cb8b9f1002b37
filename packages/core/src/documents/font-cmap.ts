/**
 * The characters a TrueType/OpenType font has glyphs for, read from its `cmap` table: the
 * Unicode full-repertoire subtable (format 12) where the font has one, else the BMP one (format
 * 4). Read here rather than with fontkit, 700 KB of script a page would fetch for this alone.
 */
export function fontCodePoints(font: Uint8Array): Set<number> {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const u16 = (at: number) => view.getUint16(at);
  const u32 = (at: number) => view.getUint32(at);
  const covered = new Set<number>();
  let cmap = -1;
  for (let i = 0, tables = u16(4); i < tables; i++) {
    const record = 12 + i * 16;
    if (u32(record) === 0x636d6170) cmap = u32(record + 8); // 'cmap'
  }
  if (cmap < 0) return covered;
  // platform 3 (Windows) encoding 10 or platform 0 encodings 4 and 6: all of Unicode; 3/1 and 0/3: the BMP.
  const subtables = new Map<string, number>();
  for (let i = 0, count = u16(cmap + 2); i < count; i++) {
    const record = cmap + 4 + i * 8;
    subtables.set(`${u16(record)}/${u16(record + 2)}`, cmap + u32(record + 4));
  }
  const table = ['3/10', '0/4', '0/6', '3/1', '0/3'].map((key) => subtables.get(key)).find((at) => at !== undefined);
  if (table === undefined) return covered;
  const format = u16(table);
  if (format === 12) {
    for (let i = 0, groups = u32(table + 12); i < groups; i++) {
      const group = table + 16 + i * 12;
      const start = u32(group);
      const firstGlyph = u32(group + 8);
      for (let c = start, end = u32(group + 4); c <= end; c++) if (firstGlyph + (c - start) !== 0) covered.add(c);
    }
  } else if (format === 4) {
    const segments = u16(table + 6) / 2;
    const ends = table + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    for (let s = 0; s < segments; s++) {
      const start = u16(starts + s * 2);
      const end = u16(ends + s * 2);
      const delta = u16(deltas + s * 2);
      const rangeOffset = u16(rangeOffsets + s * 2);
      for (let c = start; c <= end && c !== 0xffff; c++) {
        let glyph: number;
        if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
        else {
          glyph = u16(rangeOffsets + s * 2 + rangeOffset + (c - start) * 2);
          if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
        }
        if (glyph !== 0) covered.add(c);
      }
    }
  }
  return covered;
}
