/**
 * Whether a colour pair will scan, for the QR generator's page to warn before anyone prints
 * it. Pure and dependency-free, so the page can call it on every colour change without loading
 * the QR encoder.
 *
 * Two separate problems:
 * - 'low-contrast': the WCAG contrast ratio of the two colours (relative luminance, what a
 *   reader's greyscale conversion sees) is below MIN_QR_CONTRAST. On perfect pixels our
 *   test readers still decode less: zbar grey #f0f0f0 on white (1.14:1), jsQR from about
 *   2:1 (#b4b4b4 on white), but a phone camera adds glare, blur, noise and print gain, and the
 *   margin between 2:1 and 3:1 is that allowance. 3:1 is also WCAG's minimum for graphical
 *   objects, a figure designers already know. Hue never helps: red on black is 5.25:1 in
 *   luminance yet only black on red scans, which the second check catches.
 * - 'inverted': the modules are lighter than the background. ISO/IEC 18004:2015 allows such
 *   "reflectance reversal", but readers need to try it on purpose: zbar and jsQR (with its
 *   inversion attempts) both failed on white modules on black in our test, as do many older
 *   phone apps; the iPhone camera and recent Android readers cope. Worth a warning, not a
 *   refusal: it is a legitimate design choice for people who know their readers.
 */

/** Below this contrast ratio the page warns that the code may not scan. */
export const MIN_QR_CONTRAST = 3;

export type QrContrastWarning = 'low-contrast' | 'inverted';

export interface QrContrast {
  /** WCAG contrast ratio, 1 (same luminance) to 21 (black and white). */
  ratio: number;
  /** The modules are lighter than the background. */
  inverted: boolean;
  /** What the page should warn about, most serious first; empty when the pair is fine. */
  warnings: QrContrastWarning[];
}

/** sRGB channel (0-255) to linear light, as WCAG 2's relative luminance defines it. */
function linear(channel: number): number {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of `#rrggbb` or `#rgb`; NaN for anything else. */
export function relativeLuminance(color: string): number {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return Number.NaN;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  const [red, green, blue] = [0, 2, 4].map((start) => linear(parseInt(digits.slice(start, start + 2), 16)));
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

/** How well a code in `color` on `bgcolor` will scan; an unreadable colour string counts as no contrast. */
export function qrContrast(color: string, bgcolor: string): QrContrast {
  const foreground = relativeLuminance(color);
  const background = relativeLuminance(bgcolor);
  if (Number.isNaN(foreground) || Number.isNaN(background)) return { ratio: 1, inverted: false, warnings: ['low-contrast'] };
  const ratio = (Math.max(foreground, background) + 0.05) / (Math.min(foreground, background) + 0.05);
  const inverted = foreground > background;
  const warnings: QrContrastWarning[] = [];
  if (ratio < MIN_QR_CONTRAST) warnings.push('low-contrast');
  if (inverted) warnings.push('inverted');
  return { ratio, inverted, warnings };
}

/** The page's yes/no: would a reader likely fail on this pair? */
export function qrColorsScanPoorly(color: string, bgcolor: string): boolean {
  return qrContrast(color, bgcolor).warnings.length > 0;
}
