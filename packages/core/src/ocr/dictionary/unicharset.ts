/**
 * The characters of a Tesseract unicharset, by id: the text format tesseract writes
 * (src/ccutil/unicharset.cpp), a count on the first line, then one line per id whose first
 * field is the character. Only that field matters to a dictionary; the rest are shapes and
 * properties. Id 0 is written "NULL" and is the space.
 */
export function parseUnicharset(text: string): string[] {
  const lines = text.split('\n');
  const count = Number.parseInt(lines[0] ?? '', 10);
  if (!Number.isInteger(count) || count <= 0 || lines.length <= count) throw new Error('Not a unicharset: bad count.');
  const characters: string[] = [];
  for (let id = 0; id < count; id += 1) {
    // C++'s stream split: ASCII white space only, so a no-break space stays a character.
    const field = lines[id + 1]!.replace(/^[ \t\v\f\r]+/, '').split(/[ \t\v\f\r]/, 1)[0] ?? '';
    if (!field) throw new Error(`Not a unicharset: line ${id + 2} is empty.`);
    characters.push(field === 'NULL' ? ' ' : field);
  }
  return characters;
}
