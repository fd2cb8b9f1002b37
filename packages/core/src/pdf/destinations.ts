/**
 * Turns any destination of a source PDF (an explicit array, a name, a string, a named dest's
 * dictionary) into an explicit one: the index of the page it shows in that document and the
 * view on it (/XYZ left top zoom, /Fit, ...).
 *
 * Merging needs this because the merged document cannot keep every input's name tables: two
 * inputs may use the same names (every LaTeX file has "page.1"), and links and bookmarks that
 * pointed at a name would then go to the wrong file, or to nothing. Resolving each name in its
 * own file, then writing the destination out explicitly, keeps every link and bookmark pointing
 * at the right copied page.
 */
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNull, PDFNumber, PDFRef, PDFString, type PDFContext, type PDFObject } from '@cantoo/pdf-lib';
import { D, DESTS, KIDS, NAMES, XYZ } from './pdf-names.ts';

export interface ExplicitDestination {
  /** 0-based index of the target page in the source document. */
  page: number;
  /** What follows the page in a destination array: a fit type and its numbers. */
  view: PDFObject[];
}

/** A name tree can be large, but not larger than this many entries in a file we accept. */
const MAX_NAMES = 200_000;

/** A byte string as a JS string of char codes 0-255, a key that compares names exactly. */
function bytesKey(bytes: Uint8Array): string {
  let key = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    key += String.fromCharCode(...bytes.subarray(start, start + 8192));
  }
  return key;
}

function stringKey(value: PDFObject | undefined): string | undefined {
  return value instanceof PDFString || value instanceof PDFHexString ? bytesKey(value.asBytes()) : undefined;
}

export class DestinationResolver {
  private readonly context: PDFContext;
  private readonly catalog: PDFDict;
  private readonly pageIndex: Map<PDFRef, number>;
  private readonly pageCount: number;
  private names: Map<string, PDFObject> | undefined;

  constructor(context: PDFContext, catalog: PDFDict, pageRefs: readonly PDFRef[]) {
    this.context = context;
    this.catalog = catalog;
    this.pageIndex = new Map(pageRefs.map((ref, index) => [ref, index]));
    this.pageCount = pageRefs.length;
  }

  /** The destination as page index and view, or undefined if it leads to no page of this file. */
  resolve(value: PDFObject | undefined): ExplicitDestination | undefined {
    // A named destination's value may itself be a dictionary whose /D holds the array; a few
    // hops allow for that and for indirect objects, without looping on names that name names.
    for (let hop = 0; hop < 4 && value !== undefined; hop++) {
      if (value instanceof PDFRef) value = this.context.lookup(value);
      if (value instanceof PDFArray) return this.explicit(value);
      if (value instanceof PDFDict) value = value.get(D);
      else if (value instanceof PDFName) value = this.lookupName(value);
      else if (value instanceof PDFString || value instanceof PDFHexString) value = this.lookupString(value);
      else return undefined;
    }
    return undefined;
  }

  private explicit(array: PDFArray): ExplicitDestination | undefined {
    const target = array.get(0);
    let page: number | undefined;
    if (target instanceof PDFRef) page = this.pageIndex.get(target);
    // A page number in place of a reference is only right in remote destinations, but some
    // producers write it in local ones too; viewers accept it, so do we.
    else if (target instanceof PDFNumber) page = target.asNumber();
    if (page === undefined || !Number.isInteger(page) || page < 0 || page >= this.pageCount) return undefined;
    const view: PDFObject[] = [];
    for (let index = 1; index < array.size(); index++) {
      const item = array.get(index);
      view.push(item instanceof PDFRef ? (this.context.lookup(item) ?? PDFNull) : item);
    }
    // Without a fit type the array is not a destination; /XYZ with nulls keeps the reader's
    // position and zoom, the nearest to "go to this page".
    if (!(view[0] instanceof PDFName)) return { page, view: [XYZ] };
    return { page, view };
  }

  /** PDF 1.1 named destinations: a dictionary in the catalog's /Dests, keyed by name. */
  private lookupName(name: PDFName): PDFObject | undefined {
    const dests = this.catalog.lookup(DESTS);
    const found = dests instanceof PDFDict ? dests.get(name) : undefined;
    // Some producers put the name in the name tree instead, as a string.
    return found ?? this.nameTree().get(name.decodeText());
  }

  /** PDF 1.2+ named destinations: the /Names /Dests name tree, keyed by string. */
  private lookupString(value: PDFString | PDFHexString): PDFObject | undefined {
    const found = this.nameTree().get(stringKey(value)!);
    if (found !== undefined) return found;
    const dests = this.catalog.lookup(DESTS);
    return dests instanceof PDFDict ? dests.get(PDFName.of(value.decodeText())) : undefined;
  }

  /**
   * Every entry of the destinations name tree, read once. Reading the whole tree, rather than
   * searching it by its /Limits, also works on trees whose limits or order are wrong, which
   * are common enough.
   */
  private nameTree(): Map<string, PDFObject> {
    if (this.names) return this.names;
    const names = new Map<string, PDFObject>();
    this.names = names;
    const namesDict = this.catalog.lookup(NAMES);
    const root = namesDict instanceof PDFDict ? namesDict.get(DESTS) : undefined;
    if (root === undefined) return names;
    const visited = new Set<PDFObject>();
    const stack: PDFObject[] = [root];
    while (stack.length > 0 && names.size < MAX_NAMES) {
      const item = stack.pop()!;
      if (visited.has(item)) continue;
      visited.add(item);
      const node = item instanceof PDFRef ? this.context.lookup(item) : item;
      if (!(node instanceof PDFDict)) continue;
      const pairs = node.lookup(NAMES);
      if (pairs instanceof PDFArray) {
        for (let index = 0; index + 1 < pairs.size(); index += 2) {
          const key = stringKey(pairs.lookup(index));
          // The first entry wins, as a search of a well-formed tree would find it.
          if (key !== undefined && !names.has(key)) names.set(key, pairs.get(index + 1));
        }
      }
      const kids = node.lookup(KIDS);
      if (kids instanceof PDFArray) {
        for (let index = kids.size() - 1; index >= 0; index--) stack.push(kids.get(index));
      }
    }
    return names;
  }
}
