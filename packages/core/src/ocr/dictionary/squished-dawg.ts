/** Tesseract writes this first so a reader can tell the byte order (src/dict/dawg.h). */
const DAWG_MAGIC = 42;
/** The edge's flags, above its letter: last edge of its node, backward edge, end of a word. */
const LAST_EDGE = 1;
const WORD_END = 4;
const FLAG_BITS = 3;
/** Bytes before the edges: int16 magic, uint32 unicharset size, uint32 edge count. */
const HEADER_BYTES = 10;

/** The bytes as little-endian 32-bit words: a typed array over an aligned copy on a little-endian host (all of ours), else decoded one by one. */
function littleEndianWords(bytes: Uint8Array): Uint32Array {
  // A copy, aligned (and a Node Buffer's slice() would be a view).
  const copy = new Uint8Array(bytes);
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] === 1) return new Uint32Array(copy.buffer, 0, copy.byteLength >>> 2);
  const view = new DataView(copy.buffer);
  return Uint32Array.from({ length: copy.byteLength >>> 2 }, (_, i) => view.getUint32(i * 4, true));
}

/**
 * A word graph as tesseract stores its dictionaries (SquishedDawg, src/dict/dawg.cpp): a
 * directed acyclic word graph whose nodes are runs of edges. Each edge is a 64-bit record
 * holding a letter (a unicharset id) in its low bits, three flags above it and the next node
 * (the index of that node's first edge) in the rest, as many bits for the letter as the
 * unicharset's size takes. The file keeps forward edges only, node by node; the root's edges
 * come first, sorted by letter. Next node 0 means no word goes on.
 *
 * Held as two typed arrays, letter+flags and next node: 6 bytes an edge against the file's 8,
 * and no 64-bit arithmetic on lookup.
 */
export class SquishedDawg {
  readonly unicharsetSize: number;
  readonly edgeCount: number;
  private readonly labels: Uint16Array | Uint32Array;
  private readonly next: Uint32Array;
  private readonly letterBits: number;
  private readonly letterMask: number;
  private readonly rootEdges: number;

  constructor(bytes: Uint8Array) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.byteLength < HEADER_BYTES || view.getInt16(0, true) !== DAWG_MAGIC) throw new Error('Not a tesseract word graph: bad magic number.');
    this.unicharsetSize = view.getUint32(2, true);
    this.edgeCount = view.getUint32(6, true);
    if (this.unicharsetSize === 0 || this.edgeCount === 0) throw new Error('An empty tesseract word graph.');
    if (HEADER_BYTES + this.edgeCount * 8 > bytes.byteLength) throw new Error('A tesseract word graph cut short.');
    // Tesseract's CeilLog2: the bit length of the size, which leaves the size itself free as a null letter.
    this.letterBits = 32 - Math.clz32(this.unicharsetSize);
    this.letterMask = 2 ** this.letterBits - 1;
    const labelBits = this.letterBits + FLAG_BITS;
    if (labelBits > 31) throw new Error('A tesseract word graph over too large a unicharset.');
    this.labels = labelBits <= 16 ? new Uint16Array(this.edgeCount) : new Uint32Array(this.edgeCount);
    this.next = new Uint32Array(this.edgeCount);
    const words = littleEndianWords(bytes.subarray(HEADER_BYTES, HEADER_BYTES + this.edgeCount * 8));
    const labelMask = 2 ** labelBits - 1;
    // The next node straddles the record's two halves: its low part is above the flags in the low half.
    const highScale = 2 ** (32 - labelBits);
    for (let edge = 0; edge < this.edgeCount; edge += 1) {
      const low = words[2 * edge]!;
      const next = words[2 * edge + 1]! * highScale + (low >>> labelBits);
      if (next >= this.edgeCount) throw new Error(`A tesseract word graph's edge ${edge} points outside it.`);
      this.labels[edge] = low & labelMask;
      this.next[edge] = next;
    }
    if (!this.isLastEdge(this.edgeCount - 1)) throw new Error('A tesseract word graph whose last node does not end.');
    let rootEdges = 0;
    while (rootEdges < this.edgeCount && !this.isLastEdge(rootEdges)) rootEdges += 1;
    this.rootEdges = rootEdges + 1;
  }

  /** Memory held, in bytes. */
  get byteLength(): number {
    return this.labels.byteLength + this.next.byteLength;
  }

  letter(edge: number): number {
    return this.labels[edge]! & this.letterMask;
  }

  endsWord(edge: number): boolean {
    return ((this.labels[edge]! >>> this.letterBits) & WORD_END) !== 0;
  }

  /** The node this edge leads to, 0 where no word goes on. */
  nextNode(edge: number): number {
    return this.next[edge]!;
  }

  private isLastEdge(edge: number): boolean {
    return ((this.labels[edge]! >>> this.letterBits) & LAST_EDGE) !== 0;
  }

  /**
   * The edge out of `node` that carries `letter`, or -1. Tesseract's trie never puts one
   * letter twice in a node (checked on all 13 languages we ship). The root's edges are sorted
   * (binary search); the others, at most about a hundred and mostly a few, are scanned.
   */
  edgeOf(node: number, letter: number): number {
    if (node === 0) {
      let low = 0;
      let high = this.rootEdges;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.letter(middle) < letter) low = middle + 1;
        else high = middle;
      }
      return low < this.rootEdges && this.letter(low) === letter ? low : -1;
    }
    const labels = this.labels;
    const lastEdge = LAST_EDGE << this.letterBits;
    // Bounded: the graph's last edge ends its node (checked on load).
    for (let edge = node; ; edge += 1) {
      const label = labels[edge]!;
      if ((label & this.letterMask) === letter) return edge;
      if (label & lastEdge) break;
    }
    return -1;
  }

  /** Every word, as letter ids, in tesseract's own order (dawg2wordlist's): for checking this reader against it. */
  *words(node = 0, prefix: number[] = []): Generator<number[]> {
    for (let edge = node; edge < this.edgeCount; edge += 1) {
      const word = [...prefix, this.letter(edge)];
      if (this.endsWord(edge)) yield word;
      if (this.nextNode(edge) !== 0) yield* this.words(this.nextNode(edge), word);
      if (this.isLastEdge(edge)) break;
    }
  }
}
