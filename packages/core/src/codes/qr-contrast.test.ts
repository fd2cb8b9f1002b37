import { describe, expect, test } from 'vitest';
import { MIN_QR_CONTRAST, qrColorsScanPoorly, qrContrast, relativeLuminance } from './qr-contrast.ts';

describe('qrContrast', () => {
  test('black on white is 21:1 and fine', () => {
    expect(qrContrast('#000000', '#ffffff')).toEqual({ ratio: 21, inverted: false, warnings: [] });
    expect(qrColorsScanPoorly('#000', '#FFF')).toBe(false);
  });

  test('WCAG luminance: mid grey #777 on white is about 4.48:1, #aaa about 2.32:1', () => {
    expect(qrContrast('#777777', '#ffffff').ratio).toBeCloseTo(4.48, 2);
    expect(qrContrast('#777777', '#ffffff').warnings).toEqual([]);
    expect(qrContrast('#aaaaaa', '#ffffff').ratio).toBeCloseTo(2.32, 2);
    expect(qrContrast('#aaaaaa', '#ffffff').warnings).toEqual(['low-contrast']);
    expect(relativeLuminance('#ffffff')).toBe(1);
  });

  test('hue does not count: yellow on white is too close, dark blue on red is fine', () => {
    expect(qrContrast('#ffff00', '#ffffff').warnings).toEqual(['low-contrast']);
    expect(qrContrast('#1a237e', '#ff5252').ratio).toBeGreaterThan(MIN_QR_CONTRAST);
  });

  test('light modules on a dark background are flagged inverted, whatever the ratio', () => {
    expect(qrContrast('#ffffff', '#000000')).toEqual({ ratio: 21, inverted: true, warnings: ['inverted'] });
    expect(qrContrast('#ff0000', '#000000').warnings).toEqual(['inverted']);
    expect(qrContrast('#333333', '#222222').warnings).toEqual(['low-contrast', 'inverted']);
  });

  test('the same colour twice, or a colour that is not one, is no contrast', () => {
    expect(qrContrast('#3366cc', '#3366cc')).toEqual({ ratio: 1, inverted: false, warnings: ['low-contrast'] });
    expect(qrColorsScanPoorly('red', '#ffffff')).toBe(true);
  });
});
