import { describe, expect, test } from 'vitest';
import { hasMisreadStroke, strokesOnlyChanged } from './misread-strokes.ts';

describe('letters misread as strokes', () => {
  test('bars and ones standing for I and l', () => {
    for (const word of ['||', 'I11/Elle/On', 'I1s/Elles', '|ls', 'l|e', "|'homme", 'I1', 'I!']) expect(hasMisreadStroke(word), word).toBe(true);
  });

  test('numbers, codes and lone bars are left as read', () => {
    for (const word of ['|', '11', '1st', 'B1', 'A11', '2.58', 'Il/Elle/On', 'Ils', 'lls', '11:37', 'SR-0012', "aa4's", '1/2', 'Stop!', '!']) expect(hasMisreadStroke(word), word).toBe(false);
  });

  test('a new reading is kept only when nothing but strokes changed', () => {
    expect(strokesOnlyChanged('||', 'Il')).toBe(true);
    expect(strokesOnlyChanged('I11/Elle/On', 'Il/Elle/On')).toBe(true);
    expect(strokesOnlyChanged('I1s/Elles', 'Ils/Elles')).toBe(true);
    expect(strokesOnlyChanged('I!', 'Il')).toBe(true);
    // Ink next door came into the crop, a bar is still there, nothing changed.
    expect(strokesOnlyChanged('||', 'AL')).toBe(false);
    expect(strokesOnlyChanged('||', 'I|')).toBe(false);
    expect(strokesOnlyChanged('I1s', 'I1s')).toBe(false);
    expect(strokesOnlyChanged('I11/Elle/On', 'Il/Etle/On')).toBe(false);
  });
});
