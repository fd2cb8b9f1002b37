/**
 * Bookmarks (the outline) of merged PDFs: each input's outline is read into a plain tree, its
 * destinations already turned into explicit ones on the copied pages, and all the trees are
 * written as one outline, the inputs' top-level items one after another in file order.
 *
 * The outline is rebuilt rather than copied object by object because its links must all be
 * rewritten anyway: /Parent of each input's top items becomes the merged root, /Prev and /Next
 * join the last item of one file to the first of the next, and the /Count of the root is the
 * sum over all files. Rebuilding also drops what a damaged outline may hold (cycles in /Next,
 * items whose /Parent is wrong) instead of carrying it into a file that looks fine.
 */
import { PDFDict, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString, type PDFContext, type PDFObject } from '@cantoo/pdf-lib';
import type { ObjectCopier } from './copy-objects.ts';
import { A, C, COUNT, DEST, F, FIRST, NEXT, OUTLINES, TITLE } from './pdf-names.ts';

export interface OutlineItem {
  title: PDFObject;
  /** An explicit destination, already in the merged document. */
  dest?: PDFObject;
  /** Any other action (a web link, a named action), already in the merged document. */
  action?: PDFObject;
  /** Colour and style flags (italic, bold) of the title. */
  color?: PDFObject;
  flags?: PDFObject;
  /** Whether its children are shown: a positive /Count in the source. */
  open: boolean;
  children: OutlineItem[];
}

/** Levels deeper than this are dropped: real outlines have a few, and recursion must stay bounded. */
const MAX_DEPTH = 64;
/** Items per input beyond this are dropped; a book's outline has a few thousand at most. */
const MAX_ITEMS = 50_000;

/** The outline of a source document, with destinations copied through `copier`. */
export function readOutline(context: PDFContext, catalog: PDFDict, copier: ObjectCopier): OutlineItem[] {
  const root = catalog.lookup(OUTLINES);
  if (!(root instanceof PDFDict)) return [];
  const state = { visited: new Set<PDFObject>(), items: 0 };
  return readLevel(context, root.get(FIRST), copier, state, 0);
}

function readLevel(
  context: PDFContext,
  first: PDFObject | undefined,
  copier: ObjectCopier,
  state: { visited: Set<PDFObject>; items: number },
  depth: number,
): OutlineItem[] {
  const items: OutlineItem[] = [];
  if (depth >= MAX_DEPTH) return items;
  // Siblings are followed with a loop over /Next; `visited` ends a chain that loops back.
  for (let next = first; next !== undefined && state.items < MAX_ITEMS; ) {
    if (state.visited.has(next)) break;
    state.visited.add(next);
    const node = next instanceof PDFRef ? context.lookup(next) : next;
    if (!(node instanceof PDFDict)) break;
    state.visited.add(node);
    state.items++;
    items.push(readItem(context, node, copier, state, depth));
    next = node.get(NEXT);
  }
  return items;
}

function readItem(context: PDFContext, node: PDFDict, copier: ObjectCopier, state: { visited: Set<PDFObject>; items: number }, depth: number): OutlineItem {
  const title = node.lookup(TITLE);
  const count = node.lookup(COUNT);
  const item: OutlineItem = {
    title: title instanceof PDFString || title instanceof PDFHexString ? title : PDFString.of(''),
    open: count instanceof PDFNumber && count.asNumber() > 0,
    children: readLevel(context, node.get(FIRST), copier, state, depth + 1),
  };
  // An item has /Dest or /A, not both; /Dest wins where a producer wrote both, as in viewers.
  const dest = node.get(DEST);
  if (dest !== undefined) item.dest = copier.destination(dest);
  else {
    const action = node.get(A);
    if (action !== undefined) item.action = copier.action(action);
  }
  const color = node.get(C);
  if (color !== undefined) item.color = copier.copy(color);
  const flags = node.lookup(F);
  if (flags instanceof PDFNumber) item.flags = flags;
  return item;
}

/**
 * Writes `items` as the outline of the document whose catalog is `catalog`. /Count follows the
 * specification: on the root, the number of items shown; on an item with children, the number
 * of its descendants shown when it is open, positive if it is open and negative if closed.
 */
export function writeOutline(context: PDFContext, catalog: PDFDict, items: readonly OutlineItem[]): void {
  if (items.length === 0) return;
  const rootRef = context.nextRef();
  const level = writeLevel(context, items, rootRef);
  context.assign(rootRef, context.obj({ Type: 'Outlines', First: level.first, Last: level.last, Count: level.shown }));
  catalog.set(OUTLINES, rootRef);
}

/** Writes one level of items under `parent`; returns its ends and how many items it shows. */
function writeLevel(context: PDFContext, items: readonly OutlineItem[], parent: PDFRef): { first: PDFRef; last: PDFRef; shown: number } {
  const refs = items.map(() => context.nextRef());
  let shown = 0;
  items.forEach((item, index) => {
    const ref = refs[index]!;
    const dict = context.obj({ Title: item.title, Parent: parent });
    if (index > 0) dict.set(PDFName.of('Prev'), refs[index - 1]!);
    if (index < refs.length - 1) dict.set(NEXT, refs[index + 1]!);
    let descendantsShown = 0;
    if (item.children.length > 0) {
      const children = writeLevel(context, item.children, ref);
      dict.set(FIRST, children.first);
      dict.set(PDFName.of('Last'), children.last);
      // What opening this item would show: its children, and their own shown descendants.
      descendantsShown = children.shown;
      dict.set(COUNT, PDFNumber.of(item.open ? descendantsShown : -descendantsShown));
    }
    if (item.dest) dict.set(DEST, item.dest);
    if (item.action) dict.set(A, item.action);
    if (item.color) dict.set(C, item.color);
    if (item.flags) dict.set(F, item.flags);
    context.assign(ref, dict);
    shown += 1 + (item.open ? descendantsShown : 0);
  });
  return { first: refs[0]!, last: refs[refs.length - 1]!, shown };
}
