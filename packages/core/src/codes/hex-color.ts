import { ConversionError } from '../errors.ts';

export type Rgb = readonly [red: number, green: number, blue: number];

/** `#rrggbb` (the checked form of a `color` option) as its three channels. */
export function parseHexColor(value: string, field = 'color'): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  if (!match) throw new ConversionError('bad-request', `Invalid ${field}: expected #rrggbb, got "${value}"`, { field });
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}
