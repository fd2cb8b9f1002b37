/**
 * The pages of a parsed PDF in reading order, found by walking its page tree ourselves.
 *
 * pdf-lib's own walk (PDFPageTree.traverse) recurses without remembering where it has been, so
 * a damaged file whose /Kids point back up the tree overflows the stack or loops; this walk is
 * iterative, visits every node once and skips what is not a page. It also returns each page's
 * reference, which the merge needs to map destinations onto the copied pages.
 *
 * When the tree leads to no page at all (its root object lost, as in fuzzed files), every object
 * typed /Page is taken instead, in object-number order: the recovery pdf.js makes, and usually
 * the pages in their order.
 */
import { PDFArray, PDFDict, PDFRef, type PDFContext } from '@cantoo/pdf-lib';
import { KIDS, PAGE, PAGES, TYPE } from './pdf-names.ts';

export interface SourcePage {
  ref: PDFRef;
  dict: PDFDict;
}

/**
 * The document catalog, or undefined when the trailer does not lead to one. No search for a
 * stray catalog object: a file without its trailer is almost always cut short (a download that
 * stopped), and the pages we could find in it would lack the fonts and images written after
 * them. An error naming the file serves better than pages that show nothing.
 */
export function catalogOf(context: PDFContext): PDFDict | undefined {
  const root = context.trailerInfo.Root;
  const catalog = root ? context.lookup(root) : undefined;
  return catalog instanceof PDFDict ? catalog : undefined;
}

export function listPages(context: PDFContext, catalog: PDFDict): SourcePage[] {
  const pages = walkPageTree(context, catalog);
  if (pages.length > 0) return pages;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(TYPE) === PAGE) pages.push({ ref, dict: object });
  }
  return pages;
}

function walkPageTree(context: PDFContext, catalog: PDFDict): SourcePage[] {
  const pages: SourcePage[] = [];
  const visited = new Set<PDFRef>();
  const rootRef = catalog.get(PAGES);
  if (!(rootRef instanceof PDFRef)) return pages;
  // Depth-first, left to right: a stack of the kids still to visit, the next one on top.
  const stack: PDFRef[] = [rootRef];
  while (stack.length > 0) {
    const ref = stack.pop()!;
    if (visited.has(ref)) continue;
    visited.add(ref);
    const node = context.lookup(ref);
    if (!(node instanceof PDFDict)) continue;
    const kids = node.lookup(KIDS);
    if (kids instanceof PDFArray) {
      // An intermediate node: push its kids in reverse so the first is visited first.
      for (let index = kids.size() - 1; index >= 0; index--) {
        const kid = kids.get(index);
        if (kid instanceof PDFRef) stack.push(kid);
      }
      continue;
    }
    // A leaf without /Type is taken as a page too (as pdf.js and poppler do); a leaf with another
    // type (a stray /Pages without kids, an annotation) is not.
    const type = node.get(TYPE);
    if (type === undefined || type === PAGE) pages.push({ ref, dict: node });
  }
  return pages;
}
