export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/bmp' | 'image/tiff' | 'image/webp' | 'image/heic' | 'image/avif';
export type DocumentType =
  | 'application/msword'
  | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  | 'application/vnd.oasis.opendocument.text'
  | 'application/rtf';
export type SniffedType = ImageType | 'application/pdf' | DocumentType;

export const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);

/** The type a file really is, from its first bytes; the name and the browser's guess are not trusted. */
export function sniffType(bytes: Uint8Array): SniffedType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length > 26) return 'image/bmp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return sniffHeifType(bytes) ?? sniffDocumentType(bytes);
}

/** How many bytes from a file's start sniffType needs (a HEIF's boxes may name its codec a few KB in). */
export const SNIFF_HEAD_BYTES = 64 * 1024;

/** HEIF brands of HEVC-coded pictures (HEIC, the iPhone's default) and of AV1-coded ones (AVIF). */
const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs'];
const AVIF_BRANDS = ['avif', 'avis'];
/** Brands that say "HEIF" without the codec: the codec's configuration box (hvcC, av1C) tells. */
const HEIF_BRANDS = ['mif1', 'msf1', 'mif2', 'miaf'];

/**
 * HEIC and AVIF by their ISO-BMFF `ftyp` box: the major brand and the compatible ones. AVIF is
 * looked for first, as AVIF files list mif1 too; a file with only the generic HEIF brands is
 * judged by the codec configuration in its item properties. A video (isom, mp42) is neither.
 */
function sniffHeifType(bytes: Uint8Array): ImageType | undefined {
  if (bytes.length < 16 || !startsWith(bytes, ascii('ftyp'), 4)) return undefined;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(boxSize, bytes.length);
  const brands: string[] = [];
  for (let at = 8; at + 4 <= end; at += at === 8 ? 8 : 4) brands.push(String.fromCharCode(...bytes.subarray(at, at + 4)));
  if (brands.some((brand) => AVIF_BRANDS.includes(brand))) return 'image/avif';
  if (brands.some((brand) => HEIC_BRANDS.includes(brand))) return 'image/heic';
  if (!brands.some((brand) => HEIF_BRANDS.includes(brand))) return undefined;
  const head = bytes.subarray(0, SNIFF_HEAD_BYTES);
  if (contains(head, ascii('hvcC'))) return 'image/heic';
  if (contains(head, ascii('av1C'))) return 'image/avif';
  return undefined;
}

/** Zip (.docx, .odt) and Compound File (.doc) containers: their type is known only from the whole file. */
export function isContainer(head: Uint8Array): boolean {
  return startsWith(head, ZIP_SIGNATURE) || startsWith(head, CFB_SIGNATURE);
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** OLE2 Compound File: Word 97-2003, and an encrypted .docx (its package sealed inside one). */
const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const utf16 = (text: string) => [...text].flatMap((char) => [char.charCodeAt(0), 0]);

function contains(bytes: Uint8Array, needle: readonly number[], from = 0): boolean {
  const first = needle[0]!;
  for (let i = bytes.indexOf(first, from); i !== -1 && i + needle.length <= bytes.length; i = bytes.indexOf(first, i + 1)) {
    if (startsWith(bytes, needle, i)) return true;
  }
  return false;
}

const WORD_PART = ascii('word/document.xml');
const ODT_MIMETYPE = ascii('mimetypeapplication/vnd.oasis.opendocument.text');
const WORD_STREAM = utf16('WordDocument');
const ENCRYPTED_PACKAGE = utf16('EncryptedPackage');

/**
 * Word documents by their content: RTF's opening, an OpenDocument text's stored mimetype, a zip
 * that holds word/document.xml (its name is in the central directory, near the end), a Compound
 * File with a WordDocument stream or an encrypted package. The names are searched in the file
 * rather than parsed, so a damaged container still gets its type and then its own message.
 */
function sniffDocumentType(bytes: Uint8Array): DocumentType | undefined {
  if (startsWith(bytes, ascii('{\\rtf'))) return 'application/rtf';
  if (startsWith(bytes, ZIP_SIGNATURE)) {
    if (startsWith(bytes, ODT_MIMETYPE, 30)) return 'application/vnd.oasis.opendocument.text';
    if (contains(bytes, WORD_PART)) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    return undefined;
  }
  if (startsWith(bytes, CFB_SIGNATURE) && (contains(bytes, WORD_STREAM) || contains(bytes, ENCRYPTED_PACKAGE))) return 'application/msword';
  return undefined;
}

export const wordTypes: readonly DocumentType[] = [
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
];

/** The extension LibreOffice is given, for it picks its import filter by the name first. */
export const documentExtension: Record<DocumentType, string> = {
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/rtf': 'rtf',
};

export const imageTypes: readonly ImageType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/tiff', 'image/webp', 'image/heic', 'image/avif'];

export function isImageType(type: string | undefined): type is ImageType {
  return imageTypes.includes(type as ImageType);
}
