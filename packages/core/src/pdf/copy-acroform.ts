/**
 * Form fields of merged PDFs. The widgets (the fields' boxes on the page) come along with the
 * pages as annotations, but the fields' values are only shown as filled in when the merged
 * catalog has an /AcroForm listing them: a LibreOffice form, for one, leaves it to the viewer
 * to draw each value (NeedAppearances), and without the form dictionary "Alice" would vanish.
 *
 * Each input's top-level fields join one form. Two inputs may use the same field name (the
 * same form merged twice); fields with one name are one field to a viewer, so typing in one
 * would change the other, and one of the values would be lost. A name already used by an
 * earlier input is given a suffix ("Name_2" for the second file). Default resources are joined,
 * the first input's entry winning where two use one resource name. XFA and signature flags are
 * not kept: XFA describes the source's pages, not the merged file's, and signatures do not hold
 * over a merged file.
 */
import { PDFArray, PDFBool, PDFDict, PDFHexString, PDFName, PDFRef, PDFString, type PDFContext, type PDFObject } from '@cantoo/pdf-lib';
import type { ObjectCopier } from './copy-objects.ts';
import { ACRO_FORM, DR, FIELDS, T } from './pdf-names.ts';

export class AcroFormMerger {
  private readonly context: PDFContext;
  private readonly fields: PDFRef[] = [];
  private readonly copied = new Set<PDFRef>();
  private readonly names = new Set<string>();
  private readonly resources: PDFDict;
  private needAppearances = false;
  /** Form-wide text defaults (appearance string, alignment): the first input's. */
  private readonly defaults = new Map<PDFName, PDFObject>();

  /** `context`: the merged document's. */
  constructor(context: PDFContext) {
    this.context = context;
    this.resources = PDFDict.withContext(context);
  }

  /** Adds the form of a source document whose pages `copier` has copied; `index` is its place. */
  add(catalog: PDFDict, copier: ObjectCopier, index: number): void {
    const form = catalog.lookup(ACRO_FORM);
    if (!(form instanceof PDFDict)) return;
    const fields = form.lookup(FIELDS);
    const added: Array<{ dict: PDFDict; name?: string }> = [];
    if (fields instanceof PDFArray) {
      for (let position = 0; position < fields.size(); position++) {
        const field = fields.get(position);
        if (!(field instanceof PDFRef)) continue;
        // The copier maps a field already copied as a page's widget to that same copy.
        const copy = copier.copy(field);
        const dict = copy instanceof PDFRef ? this.context.lookup(copy) : undefined;
        if (!(copy instanceof PDFRef) || !(dict instanceof PDFDict) || this.copied.has(copy)) continue;
        this.fields.push(copy);
        this.copied.add(copy);
        const title = dict.lookup(T);
        added.push({ dict, name: title instanceof PDFString || title instanceof PDFHexString ? title.decodeText() : undefined });
      }
    }
    // Names are changed only where an earlier input used them, and a new name must clash with
    // no name of this input either; fields of one input that share a name keep sharing it.
    const own = new Set(added.flatMap(({ name }) => (name === undefined ? [] : [name])));
    const renamed = new Map<string, string>();
    for (const { dict, name } of added) {
      if (name === undefined || !this.names.has(name)) continue;
      let unique = renamed.get(name);
      for (let n = 1; unique === undefined; n++) {
        const candidate = n === 1 ? `${name}_${index + 1}` : `${name}_${index + 1}_${n}`;
        if (!this.names.has(candidate) && !own.has(candidate) && ![...renamed.values()].includes(candidate)) unique = candidate;
      }
      renamed.set(name, unique);
      dict.set(T, PDFHexString.fromText(unique));
    }
    for (const name of own) this.names.add(renamed.get(name) ?? name);
    if (form.lookup(PDFName.of('NeedAppearances')) === PDFBool.True) this.needAppearances = true;
    for (const key of ['DA', 'Q'].map((name) => PDFName.of(name))) {
      const value = form.get(key);
      if (value !== undefined && !this.defaults.has(key)) this.defaults.set(key, copier.copy(value));
    }
    this.addResources(form.lookup(DR), copier);
  }

  /** Writes the merged form into `catalog`, if any input had fields. */
  write(catalog: PDFDict): void {
    if (this.fields.length === 0) return;
    const form = this.context.obj({ Fields: this.fields });
    if (this.resources.keys().length > 0) form.set(DR, this.resources);
    for (const [key, value] of this.defaults) form.set(key, value);
    if (this.needAppearances) form.set(PDFName.of('NeedAppearances'), PDFBool.True);
    catalog.set(ACRO_FORM, this.context.register(form));
  }

  /** Joins a source's /DR into the merged one, category by category (/Font, /XObject, ...). */
  private addResources(resources: PDFObject | undefined, copier: ObjectCopier): void {
    if (!(resources instanceof PDFDict)) return;
    for (const [category, value] of resources.entries()) {
      const source = value instanceof PDFRef ? copier.sourceLookup(value) : value;
      if (!(source instanceof PDFDict)) {
        if (!this.resources.has(category)) this.resources.set(category, copier.copy(value));
        continue;
      }
      let target = this.resources.get(category);
      if (!(target instanceof PDFDict)) {
        target = PDFDict.withContext(this.context);
        this.resources.set(category, target);
      }
      for (const [name, entry] of source.entries()) {
        if (!(target as PDFDict).has(name)) (target as PDFDict).set(name, copier.copy(entry));
      }
    }
  }
}
