import { randomBytes } from 'node:crypto';

/** How long a searchable PDF can be fetched after its answer: OCR.space keeps its files about an hour too. */
export const SEARCHABLE_PDF_TTL_MS = 60 * 60 * 1000;
/** Bytes all kept PDFs may hold together (memory only, never disk); past it the oldest go first. */
export const SEARCHABLE_PDF_MAX_BYTES = 256 * 1024 * 1024;
/** Bytes of randomness in an id: 128 bits, not to be guessed. */
const ID_BYTES = 16;

interface Kept {
  name: string;
  bytes: Uint8Array;
  expires: number;
  timer: NodeJS.Timeout;
}

/**
 * The searchable PDFs made for isCreateSearchablePdf, in memory for SEARCHABLE_PDF_TTL_MS under
 * a random id. Nothing is written to disk; the server keeps no other part of a request.
 */
export class SearchablePdfStore {
  private readonly kept = new Map<string, Kept>();
  private heldBytes = 0;
  private readonly ttlMs: number;
  private readonly maxBytes: number;

  constructor(options: { ttlMs?: number; maxBytes?: number } = {}) {
    this.ttlMs = options.ttlMs ?? SEARCHABLE_PDF_TTL_MS;
    this.maxBytes = options.maxBytes ?? SEARCHABLE_PDF_MAX_BYTES;
  }

  /** Keeps a PDF and returns its id, or undefined where it alone is larger than the store. */
  put(name: string, bytes: Uint8Array): string | undefined {
    if (bytes.length > this.maxBytes) return undefined;
    // Maps iterate in insertion order: the first are the oldest.
    for (const id of this.kept.keys()) {
      if (this.heldBytes + bytes.length <= this.maxBytes) break;
      this.delete(id);
    }
    const id = randomBytes(ID_BYTES).toString('hex');
    const timer = setTimeout(() => this.delete(id), this.ttlMs);
    // An hour's timer must not keep a stopping server alive.
    timer.unref();
    this.kept.set(id, { name, bytes, expires: Date.now() + this.ttlMs, timer });
    this.heldBytes += bytes.length;
    return id;
  }

  get(id: string): { name: string; bytes: Uint8Array } | undefined {
    const kept = this.kept.get(id);
    if (!kept) return undefined;
    if (Date.now() >= kept.expires) {
      this.delete(id);
      return undefined;
    }
    return { name: kept.name, bytes: kept.bytes };
  }

  get bytes(): number {
    return this.heldBytes;
  }

  private delete(id: string) {
    const kept = this.kept.get(id);
    if (!kept) return;
    clearTimeout(kept.timer);
    this.kept.delete(id);
    this.heldBytes -= kept.bytes.length;
  }

  clear() {
    for (const id of [...this.kept.keys()]) this.delete(id);
  }
}
