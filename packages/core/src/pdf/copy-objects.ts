/**
 * Copies the pages of one parsed PDF, and everything they use, into another document.
 *
 * pdf-lib has copyPages, but it is not used here because of how it treats references to pages:
 * a link annotation whose destination is another page makes it copy that page a second time,
 * as an orphan outside the page tree, so links go nowhere and the file grows by a copy of
 * every linked page. This copier knows every page's new reference before it copies anything,
 * so a reference to a page (from a link, a widget's /P, a bookmark) becomes a reference to the
 * copied page. It also:
 * - writes named destinations out as explicit ones (see destinations.ts), since the merged file
 *   has no name tables of its own;
 * - never pulls in the source's catalog or page tree (a reference to them becomes null), which
 *   would otherwise drag the whole source file along with one stray reference;
 * - works through indirect objects with a queue, not recursion, so long chains (threads,
 *   /Next actions, widget parents) cannot overflow the stack;
 * - shares stream bytes instead of copying them: neither document changes them.
 */
import {
  PDFArray,
  PDFCatalog,
  PDFDict,
  PDFName,
  PDFNull,
  PDFPageLeaf,
  PDFPageTree,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { DestinationResolver } from './destinations.ts';
import type { SourcePage } from './page-list.ts';
import { A, D, DEST, GOTO, MEDIA_BOX, PARENT, RESOURCES, S, TYPE } from './pdf-names.ts';

/** Objects that belong to the source document as a whole, never to a page. */
const DOCUMENT_TYPES = new Set([PDFName.of('Catalog'), PDFName.of('Pages'), PDFName.of('Page'), PDFName.of('Outlines'), PDFName.of('StructTreeRoot')]);
const INHERITABLE = PDFPageLeaf.InheritableEntries.map((key) => PDFName.of(key));

/** Direct objects nested deeper than this are damage, not content: they become null. */
const MAX_DIRECT_DEPTH = 256;
/** Page tree levels searched for inherited attributes; real files have a handful. */
const MAX_TREE_DEPTH = 64;

export class ObjectCopier {
  readonly destinations: DestinationResolver;
  private readonly src: PDFContext;
  private readonly dest: PDFContext;
  /** Source reference to target reference: the pages from the start, the rest as copied. */
  private readonly refs = new Map<PDFRef, PDFRef>();
  /** Source objects whose copies are still to be made, with the references they will have. */
  private readonly queue: Array<[PDFObject, PDFRef]> = [];
  private readonly pageRefs: PDFRef[];

  /**
   * Prepares the copy of `pages` (from the document whose catalog is `catalog`) into `dest`:
   * each page gets its reference in `dest` now, before anything is copied.
   */
  constructor(src: PDFContext, catalog: PDFDict, pages: readonly SourcePage[], dest: PDFContext) {
    this.src = src;
    this.dest = dest;
    this.pageRefs = pages.map(() => dest.nextRef());
    pages.forEach((page, index) => this.refs.set(page.ref, this.pageRefs[index]!));
    this.destinations = new DestinationResolver(
      src,
      catalog,
      pages.map((page) => page.ref),
    );
  }

  /** The references of the copied pages in `dest`, in the order of the source pages. */
  get pages(): readonly PDFRef[] {
    return this.pageRefs;
  }

  /**
   * Copies every page. Their /Parent is left out: the caller puts them in its page tree. What
   * a page inherited from its tree (resources, media box, crop box, rotation) is written on
   * the page itself, as the merged tree will not have it.
   */
  copyPages(pages: readonly SourcePage[]): void {
    pages.forEach((page, index) => {
      const copy = PDFPageLeaf.fromMapWithContext(new Map(), this.dest, false);
      for (const [key, value] of page.dict.entries()) {
        if (key !== PARENT) this.copyEntry(copy, key, value, 0);
      }
      for (const key of INHERITABLE) {
        if (copy.has(key)) continue;
        const inherited = this.inherited(page.dict, key);
        if (inherited !== undefined) copy.set(key, this.copy(inherited));
      }
      // Both are required; a page without them is damaged, and an empty resource dictionary
      // and US Letter (what viewers assume) keep the output valid.
      if (!copy.has(RESOURCES)) copy.set(RESOURCES, this.dest.obj({}));
      if (!copy.has(MEDIA_BOX)) copy.set(MEDIA_BOX, this.dest.obj([0, 0, 612, 792]));
      this.dest.assign(this.pageRefs[index]!, copy);
    });
    this.drain();
  }

  /** A copy of any source object in `dest`; call drain() before the document is saved. */
  copy(object: PDFObject, depth = 0): PDFObject {
    if (object instanceof PDFRef) return this.copyRef(object);
    if (depth > MAX_DIRECT_DEPTH) return PDFNull;
    if (object instanceof PDFDict) {
      const copy = PDFDict.withContext(this.dest);
      for (const [key, value] of object.entries()) this.copyEntry(copy, key, value, depth + 1);
      return copy;
    }
    if (object instanceof PDFArray) {
      const copy = PDFArray.withContext(this.dest);
      for (let index = 0; index < object.size(); index++) copy.push(this.copy(object.get(index), depth + 1));
      return copy;
    }
    if (object instanceof PDFRawStream) {
      return PDFRawStream.of(this.copy(object.dict, depth + 1) as PDFDict, object.contents);
    }
    if (object instanceof PDFStream) {
      // Streams pdf-lib made itself (not parsed): its own clone, then our copy of the dict.
      const copy = object.clone(this.dest);
      for (const [key, value] of object.dict.entries()) this.copyEntry(copy.dict, key, value, depth + 1);
      return copy;
    }
    // Names, numbers, strings, booleans, null: values nobody changes, safe to share.
    return object;
  }

  /**
   * A destination of the source as an explicit destination array in `dest` pointing at the
   * copied page, or undefined where it leads to no page of the source.
   */
  destination(value: PDFObject | undefined): PDFArray | undefined {
    const explicit = this.destinations.resolve(value);
    if (!explicit) return undefined;
    const array = PDFArray.withContext(this.dest);
    array.push(this.pageRefs[explicit.page]!);
    for (const item of explicit.view) array.push(this.copy(item));
    return array;
  }

  /**
   * An action of the source for `dest`: a go-to action with its destination made explicit (or
   * undefined if it has none that leads anywhere), any other action as it is.
   */
  action(value: PDFObject): PDFObject | undefined {
    const action = value instanceof PDFRef ? this.src.lookup(value) : value;
    if (!(action instanceof PDFDict) || action.get(S) !== GOTO) return this.copy(value);
    const destination = this.destination(action.get(D));
    // A chained /Next action is dropped with the rest: a go-to is what a bookmark or link does.
    return destination && this.dest.obj({ S: GOTO, D: destination });
  }

  /** An object of the source document, by its reference there. */
  sourceLookup(ref: PDFRef): PDFObject | undefined {
    return this.src.lookup(ref);
  }

  /** Copies the objects queued by references met so far, and those they refer to in turn. */
  drain(): void {
    for (let next = this.queue.pop(); next; next = this.queue.pop()) {
      const [object, ref] = next;
      this.dest.assign(ref, this.copy(object));
    }
  }

  private copyEntry(target: PDFDict, key: PDFName, value: PDFObject, depth: number): void {
    // /Dest (links, bookmarks) and /A (their actions) are where destinations live.
    if (key === DEST) {
      const destination = this.destination(value);
      if (destination) target.set(key, destination);
    } else if (key === A) {
      const action = this.action(value);
      if (action) target.set(key, action);
    } else {
      target.set(key, this.copy(value, depth));
    }
  }

  private copyRef(ref: PDFRef): PDFObject {
    const known = this.refs.get(ref);
    if (known) return known;
    const object = this.src.lookup(ref);
    if (object === undefined || this.isDocumentLevel(object)) return PDFNull;
    const copy = this.dest.nextRef();
    this.refs.set(ref, copy);
    this.queue.push([object, copy]);
    return copy;
  }

  /** The catalog, the page tree, the outline: reached from a page only by damage or by way of pages we do not have. */
  private isDocumentLevel(object: PDFObject): boolean {
    if (object instanceof PDFCatalog || object instanceof PDFPageTree || object instanceof PDFPageLeaf) return true;
    if (!(object instanceof PDFDict)) return false;
    const type = object.get(TYPE);
    return type instanceof PDFName && DOCUMENT_TYPES.has(type);
  }

  private inherited(page: PDFDict, key: PDFName): PDFObject | undefined {
    const seen = new Set<PDFObject>();
    let node = page.lookup(PARENT);
    for (let level = 0; level < MAX_TREE_DEPTH && node instanceof PDFDict && !seen.has(node); level++) {
      seen.add(node);
      const value = node.get(key);
      if (value !== undefined) return value;
      node = node.lookup(PARENT);
    }
    return undefined;
  }
}
