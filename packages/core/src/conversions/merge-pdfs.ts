import { PDFDict, PDFDocument, PDFName, PDFNumber, type PDFRef } from '@cantoo/pdf-lib';
import type { Conversion, InputFile } from '../conversion.ts';
import { ConversionError } from '../errors.ts';
import { MERGE_PDF_MAX_PAGES } from '../limits.ts';
import { AcroFormMerger } from '../pdf/copy-acroform.ts';
import { ObjectCopier } from '../pdf/copy-objects.ts';
import { readOutline, writeOutline, type OutlineItem } from '../pdf/copy-outlines.ts';
import { isPasswordError, loadPdfLib, NEEDS_PASSWORD, WRONG_PASSWORD } from '../pdf/load-pdf-lib.ts';
import { catalogOf, listPages } from '../pdf/page-list.ts';
import { impossibleXrefClaim } from '../pdf/xref-claims.ts';
import { nameAfterFile } from '../output-names.ts';

/**
 * Merge PDF: every page of every file, in the order given, in one PDF. Each file's bookmarks
 * are kept, pointing at its pages in the merged file; links between pages keep working, and
 * form fields keep their values.
 * Encrypted files are opened with the password given for them and written out decrypted.
 */
export const mergePdfs: Conversion<{ passwords: string[] }> = async ({ files }, options, { onProgress, signal }) => {
  const merged = await PDFDocument.create({ updateMetadata: false });
  const pageRefs: PDFRef[] = [];
  const outline: OutlineItem[] = [];
  const form = new AcroFormMerger(merged.context);

  for (const [index, file] of files.entries()) {
    if (signal?.aborted) throw new ConversionError('cancelled', 'The merge was cancelled.');
    onProgress?.(index / files.length, 'reading', { page: index + 1, pages: files.length });
    const source = await open(file, index, options.passwords[index] ?? '');
    try {
      const catalog = catalogOf(source.context);
      if (!catalog) throw new Error('no document catalog: the file is cut short or its trailer is lost');
      const pages = listPages(source.context, catalog);
      if (pages.length === 0) throw new Error('no pages');
      // The limit is on all files together; the files after the one that crosses it are not
      // even read, so the count given is the pages so far.
      if (pageRefs.length + pages.length > MERGE_PDF_MAX_PAGES) {
        throw new ConversionError(
          'too-large',
          `The PDFs have more than ${MERGE_PDF_MAX_PAGES} pages together (${pageRefs.length + pages.length} in the first ${index + 1} files).`,
          {
            maxPages: MERGE_PDF_MAX_PAGES,
            pages: pageRefs.length + pages.length,
            files: files.length,
          },
        );
      }
      const copier = new ObjectCopier(source.context, catalog, pages, merged.context);
      copier.copyPages(pages);
      // A file without bookmarks adds none: inventing one per file (its name) would change
      // the outline of a merge of plain files from nothing to a list nobody asked for.
      outline.push(...readOutline(source.context, catalog, copier));
      form.add(catalog, copier, index);
      copier.drain();
      pageRefs.push(...copier.pages);
    } catch (error) {
      if (error instanceof ConversionError) throw error;
      throw new ConversionError('corrupt', `${file.name} is damaged and cannot be merged (${describe(error)}).`, { index, name: file.name });
    }
  }
  if (signal?.aborted) throw new ConversionError('cancelled', 'The merge was cancelled.');

  // One flat page tree: every page is a kid of the root, which viewers and qpdf read as well as
  // a balanced tree, and which takes no bookkeeping.
  const tree = merged.catalog.Pages();
  const treeRef = merged.catalog.get(PDFName.of('Pages')) as PDFRef;
  const kids = tree.Kids();
  for (const ref of pageRefs) {
    merged.context.lookup(ref, PDFDict).set(PDFName.of('Parent'), treeRef);
    kids.push(ref);
  }
  tree.set(PDFName.of('Count'), PDFNumber.of(pageRefs.length));
  writeOutline(merged.context, merged.catalog, outline);
  form.write(merged.catalog);

  const bytes = await merged.save(SAVE_OPTIONS);
  return {
    // After the first file, which a merge most often extends (a contract, then its annexes).
    outputs: [{ name: nameAfterFile(files[0]!.name, '_merged.pdf', 'merged.pdf'), type: 'application/pdf', bytes }],
    summary: { files: files.length, pages: pageRefs.length },
  };
};

/**
 * Chosen by measurement, merging two 200-page files (tracemonkey and GeoTopo pages, 1.0 + 1.6 MB)
 * on 2 cores, Node 24: without object streams the save takes 26-74 ms and the whole merge
 * 120-260 ms; with them 90-165 ms and 180-360 ms, for a file only 8% smaller (2.45 MB against
 * 2.65 MB; qpdf's own merge of the same files is 2.66 MB). The inputs' streams are already
 * compressed; object streams only pack the small dictionaries, at the cost of writing every
 * object twice and deflating the result.
 * objectsPerTick: pdf-lib by default waits for a timer tick every 50 objects, which on a worker
 * thread only slows the save down (it took 300-600 ms instead of 40-150 here); nothing else
 * needs that thread meanwhile.
 */
const SAVE_OPTIONS = { useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false, objectsPerTick: Infinity } as const;

/**
 * Opens one input. Every file is first tried with the empty password: that opens files that
 * are not encrypted and those encrypted with only an owner password (which anyone may open),
 * without asking. Only a file that needs a user password uses the one given for it.
 */
async function open(file: InputFile, index: number, password: string): Promise<PDFDocument> {
  const details = { index, name: file.name };
  const claimed = impossibleXrefClaim(file.bytes);
  if (claimed !== undefined) throw new ConversionError('corrupt', `${file.name} is damaged: its cross-reference claims ${claimed} objects.`, details);
  try {
    return await loadPdfLib(file.bytes, '');
  } catch (error) {
    if (!isPasswordError(error, NEEDS_PASSWORD)) {
      throw new ConversionError('corrupt', `${file.name} cannot be read as a PDF (${describe(error)}).`, details);
    }
  }
  if (!password) throw new ConversionError('password-required', `${file.name} needs a password.`, details);
  try {
    return await loadPdfLib(file.bytes, password);
  } catch (error) {
    if (isPasswordError(error, WRONG_PASSWORD)) throw new ConversionError('wrong-password', `The password for ${file.name} is not right.`, details);
    throw new ConversionError('corrupt', `${file.name} cannot be read as a PDF (${describe(error)}).`, details);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
