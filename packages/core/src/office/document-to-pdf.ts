import type { ConversionContext, InputFile } from '../conversion.ts';
import { inspectDocument } from './inspect-document.ts';

/**
 * A Word document (.doc, .docx, .odt, .rtf) laid out as PDF by the host's word processor, after
 * the checks either host can make itself: a sealed, damaged or bomb document is answered at once.
 */
export async function documentToPdf(file: InputFile, { host, signal, onProgress }: ConversionContext): Promise<Uint8Array> {
  onProgress?.(0, 'preparing');
  const { extension } = await inspectDocument(file.bytes, signal);
  return host.engines.office.toPdf({ bytes: file.bytes, extension }, { signal, onProgress });
}
