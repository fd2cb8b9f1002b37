/**
 * The parts of a Tesseract .traineddata file we read, by their place in its table of contents
 * (tesseract's TessdataType, src/ccutil/tessdatamanager.h). The LSTM models we ship carry
 * their language's word list beside the network, so the dictionary costs no extra download.
 */
export const TraineddataPart = {
  lstmPunctuationDawg: 18,
  lstmWordDawg: 19,
  lstmNumberDawg: 20,
  lstmUnicharset: 21,
} as const;
export type TraineddataPart = (typeof TraineddataPart)[keyof typeof TraineddataPart];

/** Above this many entries the count was written on a machine of the other byte order (tesseract's own test). */
const MAX_ENTRIES = 1000;

/**
 * Every part present in a traineddata file, as views into `bytes` (no copy). The file is an
 * int32 entry count, that many int64 offsets (-1 for an absent part), then the parts in
 * order; a part ends where the next present one starts. Little-endian, as every model
 * published since 4.0; a big-endian one is refused rather than misread.
 */
export function readTraineddata(bytes: Uint8Array): Map<number, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 4) throw new Error('Not a traineddata file: too short.');
  const count = view.getUint32(0, true);
  if (count > MAX_ENTRIES) throw new Error('A big-endian traineddata file is not supported.');
  const tableEnd = 4 + count * 8;
  if (tableEnd > bytes.byteLength) throw new Error('Not a traineddata file: its table runs past the end.');
  const offsets: number[] = [];
  for (let i = 0; i < count; i += 1) offsets.push(Number(view.getBigInt64(4 + i * 8, true)));
  const parts = new Map<number, Uint8Array>();
  for (let i = 0; i < count; i += 1) {
    const start = offsets[i]!;
    if (start < 0) continue;
    const end = offsets.slice(i + 1).find((offset) => offset >= 0) ?? bytes.byteLength;
    if (start < tableEnd || end < start || end > bytes.byteLength) throw new Error(`Traineddata part ${i} lies outside the file.`);
    parts.set(i, bytes.subarray(start, end));
  }
  return parts;
}
