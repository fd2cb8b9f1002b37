/// <reference path="./opencc-dict.d.ts" />
import simplifiedToTraditional from 'opencc-js/dict/STCharacters';
import traditionalToSimplified from 'opencc-js/dict/TSCharacters';

// OpenCC's character tables (Apache-2.0, shipped by opencc-js): "简 簡|…" maps each simplified
// character to its traditional form(s), and TSCharacters the other way. A character whose forms
// on the other side do not include itself is written in one form only, and tells which a page uses.

function oneFormOnly(table: string): Set<string> {
  const only = new Set<string>();
  for (const entry of table.split('|')) {
    const [character, ...others] = entry.split(' ');
    if (character && others.length > 0 && !others.includes(character)) only.add(character);
  }
  return only;
}

/** Characters only Simplified Chinese writes (这, 们, 说…). */
export const simplifiedOnly = oneFormOnly(simplifiedToTraditional);
/** Characters only Traditional Chinese writes (這, 們, 說…). */
export const traditionalOnly = oneFormOnly(traditionalToSimplified);
