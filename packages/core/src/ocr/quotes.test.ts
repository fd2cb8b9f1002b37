import { describe, expect, test } from 'vitest';
import { pairedQuotes } from './quotes.ts';

describe('double quotes read as two singles', () => {
  test('a pair of single marks at the start or end of a word is the double mark', () => {
    expect(pairedQuotes('‘‘defector’’')).toBe('“defector”');
    expect(pairedQuotes('System,’’')).toBe('System,”');
    expect(pairedQuotes("''Great")).toBe('"Great');
    expect(pairedQuotes('persons’’')).toBe('persons”');
  });

  test('single marks, marks between letters and lone pairs stay as read', () => {
    for (const word of ['don’t', "it's", '‘Out', 'Russians’', 'rock’n’roll', '’’', "''", 'a’’b', '“An']) expect(pairedQuotes(word)).toBe(word);
  });
});
