import QRCode, { type QRCode as QrCode } from 'qrcode';
import { ConversionError } from '../errors.ts';

export type QrEcc = 'L' | 'M' | 'Q' | 'H';

/** The modules of one QR code, row by row: 1 dark, 0 light, `size` × `size`. */
export interface QrMatrix {
  size: number;
  version: number;
  modules: Uint8Array;
}

/** Bytes a version-40 code holds in byte mode at each level: the most any text can use. */
export const QR_BYTE_CAPACITY: Readonly<Record<QrEcc, number>> = { L: 2953, M: 2331, Q: 1663, H: 1273 };

const ASCII = /^\p{ASCII}*$/u;

/**
 * Encodes text as UTF-8 in byte mode (qrcode 1.5 writes strings with TextEncoder; it uses
 * Kanji mode only when given a Shift_JIS converter, which we never give). Text with anything
 * beyond ASCII goes as one byte segment: qrcode would otherwise cut it into byte, numeric and
 * alphanumeric runs, and readers that guess the charset run by run (ZXing's Java decoder) can
 * take a short UTF-8 run ("é" alone) for Shift_JIS or Latin-1. ASCII keeps qrcode's mixed
 * segments, which hold digits and capitals in fewer modules and decode the same everywhere.
 * No ECI header is written: qrcode cannot, and UTF-8 without one is what readers expect from
 * generators today. Bytes (Latin-1 for the goqr API's charset-target) go as they are.
 */
export function makeQrMatrix(data: string | Uint8Array, ecc: QrEcc): QrMatrix {
  const segments =
    typeof data === 'string' && ASCII.test(data) ? data : [{ mode: 'byte' as const, data: typeof data === 'string' ? new TextEncoder().encode(data) : data }];
  let code: QrCode;
  try {
    code = QRCode.create(segments, { errorCorrectionLevel: ecc });
  } catch (error) {
    if (error instanceof Error && /too big/i.test(error.message)) {
      const maxLength = QR_BYTE_CAPACITY[ecc];
      throw new ConversionError('too-long', `The text is more than a QR code holds at error correction ${ecc} (${maxLength} bytes of UTF-8).`, {
        maxLength,
      });
    }
    throw error;
  }
  return { size: code.modules.size, version: code.version, modules: Uint8Array.from(code.modules.data) };
}
