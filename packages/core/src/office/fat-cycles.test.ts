import * as CFB from 'cfb';
import { describe, expect, test } from 'vitest';
import { corpusFile } from '../../../../test-support/corpus.ts';
import { fatHasLoop } from './fat-cycles.ts';

/** A compound file written by cfb with one sector's FAT entry pointed back at the sector itself. */
function looped(): { sound: Uint8Array; damaged: Uint8Array } {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'WordDocument', new Uint8Array(20_000).fill(7));
  const sound = new Uint8Array(CFB.write(container, { type: 'array' }) as number[]);
  const damaged = new Uint8Array(sound);
  const view = new DataView(damaged.buffer);
  const fatSector = view.getUint32(0x4c, true);
  // Sector 5's next is sector 5.
  view.setUint32((fatSector + 1) * 512 + 5 * 4, 5, true);
  return { sound, damaged };
}

describe('fatHasLoop', () => {
  test("the corpus's Word 97 documents and a file cfb writes have chains that end", () => {
    expect(fatHasLoop(new Uint8Array(corpusFile('word/poi-Bug47742.doc')))).toBe(false);
    expect(fatHasLoop(new Uint8Array(corpusFile('word/poi-61490-zh.doc')))).toBe(false);
    expect(fatHasLoop(looped().sound)).toBe(false);
  });

  test('a chain that points back at itself is a loop', () => {
    expect(fatHasLoop(looped().damaged)).toBe(true);
  });

  test('too short to be a compound file: no loop claimed, the reader judges it', () => {
    expect(fatHasLoop(new Uint8Array(100))).toBe(false);
  });
});
