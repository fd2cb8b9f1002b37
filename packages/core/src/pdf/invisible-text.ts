import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, decodePDFRawStream, type PDFContext } from '@cantoo/pdf-lib';

// A page's text drawn invisibly (text render mode 3) is an earlier OCR's layer: OCR PDF's
// "redo" finds pages whose only text is that, and takes it out before reading them again. The
// page's content streams (and the forms it draws) are read as tokens, following the render
// mode through q/Q and text objects; a text object that shows only invisible text is dropped,
// its text-state operators kept (they outlast the object and may be relied on after it).

type Token = { kind: 'operand' | 'operator'; start: number; end: number; text: string };

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));

/** The content's tokens: operands (numbers, names, strings, arrays, dictionaries) and operators. */
function* tokens(bytes: Uint8Array): Generator<Token> {
  const latin = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, Math.min(end, start + 64)));
  let i = 0;
  let depth = 0;
  let groupStart = 0;
  const emit = function* (start: number, end: number, operator: boolean): Generator<Token> {
    if (depth > 0) return;
    yield { kind: operator ? 'operator' : 'operand', start, end, text: latin(start, end) };
  };
  while (i < bytes.length) {
    const c = bytes[i]!;
    if (WHITE.has(c)) {
      i++;
      continue;
    }
    const start = i;
    if (c === 0x25) {
      while (i < bytes.length && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
      continue;
    }
    if (c === 0x28) {
      // A literal string: balanced parentheses, backslash escapes.
      let nest = 0;
      for (; i < bytes.length; i++) {
        const b = bytes[i]!;
        if (b === 0x5c) i++;
        else if (b === 0x28) nest++;
        else if (b === 0x29 && --nest === 0) break;
      }
      i++;
      yield* emit(start, i, false);
      continue;
    }
    if (c === 0x3c && bytes[i + 1] !== 0x3c) {
      while (i < bytes.length && bytes[i] !== 0x3e) i++;
      i++;
      yield* emit(start, i, false);
      continue;
    }
    if ((c === 0x3c && bytes[i + 1] === 0x3c) || c === 0x5b) {
      if (depth++ === 0) groupStart = start;
      i += c === 0x5b ? 1 : 2;
      continue;
    }
    if ((c === 0x3e && bytes[i + 1] === 0x3e) || c === 0x5d) {
      i += c === 0x5d ? 1 : 2;
      if (depth > 0 && --depth === 0) yield { kind: 'operand', start: groupStart, end: i, text: latin(groupStart, i) };
      continue;
    }
    if (c === 0x2f) i++;
    while (i < bytes.length && !WHITE.has(bytes[i]!) && !DELIMITERS.has(bytes[i]!)) i++;
    if (i === start) i++;
    const word = latin(start, i);
    const operator = c !== 0x2f && !/^[+\-.\d]/.test(word) && word !== 'true' && word !== 'false' && word !== 'null';
    if (operator && word === 'BI' && depth === 0) {
      // An inline image: its data runs from ID to an EI standing alone; it is skipped whole.
      let at = i;
      while (at < bytes.length && !(bytes[at] === 0x49 && bytes[at + 1] === 0x44 && WHITE.has(bytes[at + 2] ?? 0x20) && WHITE.has(bytes[at - 1] ?? 0x20))) at++;
      at += 3;
      while (
        at < bytes.length &&
        !(bytes[at] === 0x45 && bytes[at + 1] === 0x49 && WHITE.has(bytes[at - 1]!) && (at + 2 >= bytes.length || WHITE.has(bytes[at + 2]!)))
      )
        at++;
      i = Math.min(bytes.length, at + 2);
      yield { kind: 'operator', start, end: i, text: 'BI' };
      continue;
    }
    yield* emit(start, i, operator);
  }
}

const SHOW = new Set(['Tj', 'TJ', "'", '"']);
/** Text-state operators: they set what lasts beyond the text object they are in. */
const TEXT_STATE = new Set(['Tc', 'Tw', 'Tz', 'TL', 'Tf', 'Tr', 'Ts']);

interface Scan {
  visible: number;
  invisible: number;
  /** The content with the text objects that show only invisible text left out (their text state kept). */
  stripped: Uint8Array;
  /** Forms drawn by `Do`, each with the render mode in force where it is drawn. */
  forms: Array<{ name: string; mode: number }>;
}

/** Follows the render mode through the content, counting text shown visibly and invisibly. */
function scan(bytes: Uint8Array, startMode: number): Scan {
  const out: Uint8Array[] = [];
  const modes: number[] = [];
  let mode = startMode;
  let operands: Token[] = [];
  let copiedTo = 0;
  let block: { start: number; visible: number; invisible: number; state: Token[][] } | undefined;
  const result = { visible: 0, invisible: 0, forms: [] as Array<{ name: string; mode: number }> };
  for (const token of tokens(bytes)) {
    if (token.kind === 'operand') {
      operands.push(token);
      continue;
    }
    const op = token.text;
    if (op === 'q') modes.push(mode);
    else if (op === 'Q') mode = modes.pop() ?? mode;
    else if (op === 'Tr') mode = Number(operands.at(-1)?.text ?? mode);
    else if (op === 'Do' && operands.length > 0) result.forms.push({ name: operands.at(-1)!.text.slice(1), mode });
    else if (op === 'BT') block = { start: operands[0]?.start ?? token.start, visible: 0, invisible: 0, state: [] };
    if (SHOW.has(op)) {
      if (mode === 3) result.invisible++;
      else result.visible++;
      if (block) block[mode === 3 ? 'invisible' : 'visible']++;
    }
    if (block && TEXT_STATE.has(op)) block.state.push([...operands, token]);
    if (op === 'ET' && block) {
      if (block.invisible > 0 && block.visible === 0) {
        out.push(bytes.subarray(copiedTo, block.start));
        const state = block.state.map((group) => group.map((t) => new TextDecoder('latin1').decode(bytes.subarray(t.start, t.end))).join(' ')).join('\n');
        out.push(new TextEncoder().encode(`\n${state}\n`));
        copiedTo = token.end;
      }
      block = undefined;
    }
    operands = [];
  }
  out.push(bytes.subarray(copiedTo));
  const stripped = new Uint8Array(out.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of out) {
    stripped.set(part, at);
    at += part.length;
  }
  return { ...result, stripped };
}

const decoded = (stream: PDFRawStream) => decodePDFRawStream(stream).decode();

/** The page's content streams, as one content. */
function pageContent(context: PDFContext, page: PDFDict): { bytes: Uint8Array; refs: PDFRef[] } | undefined {
  const contents = page.get(PDFName.of('Contents'));
  const resolved = contents instanceof PDFRef ? context.lookup(contents) : contents;
  const refs: PDFRef[] = [];
  if (resolved instanceof PDFArray) {
    for (let i = 0; i < resolved.size(); i++) {
      const item = resolved.get(i);
      if (item instanceof PDFRef) refs.push(item);
    }
  } else if (contents instanceof PDFRef) refs.push(contents);
  const parts = refs
    .map((ref) => context.lookup(ref))
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map(decoded);
  if (parts.length === 0) return undefined;
  // Streams of one page are one content, split anywhere between tokens.
  const bytes = new Uint8Array(parts.reduce((n, part) => n + part.length + 1, 0)).fill(0x0a);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length + 1;
  }
  return { bytes, refs };
}

function resourcesOf(dict: PDFDict, fallback?: PDFDict): PDFDict | undefined {
  const seen = new Set<PDFDict>();
  for (let node: unknown = dict; node instanceof PDFDict && !seen.has(node); node = node.lookup(PDFName.of('Parent'))) {
    seen.add(node);
    const resources = node.lookup(PDFName.of('Resources'));
    if (resources instanceof PDFDict) return resources;
  }
  return fallback;
}

/** The form XObjects drawn under these names, with their references. */
function formsOf(context: PDFContext, resources: PDFDict | undefined, drawn: Scan['forms']) {
  const xobjects = resources?.lookup(PDFName.of('XObject'));
  if (!(xobjects instanceof PDFDict)) return [];
  return drawn.flatMap(({ name, mode }) => {
    const ref = xobjects.get(PDFName.of(name));
    const form = ref instanceof PDFRef ? context.lookup(ref) : undefined;
    if (!(ref instanceof PDFRef) || !(form instanceof PDFRawStream) || form.dict.get(PDFName.of('Subtype')) !== PDFName.of('Form')) return [];
    return [{ ref, form, mode }];
  });
}

/** Counts of text shown visibly and invisibly on the page, its forms (one level deep) included. */
function textCounts(context: PDFContext, page: PDFDict) {
  const content = pageContent(context, page);
  if (!content) return { visible: 0, invisible: 0 };
  const own = scan(content.bytes, 0);
  let { visible, invisible } = own;
  const resources = resourcesOf(page);
  for (const { form, mode } of formsOf(context, resources, own.forms)) {
    const inner = scan(decoded(form), mode);
    visible += inner.visible;
    invisible += inner.invisible;
  }
  return { visible, invisible };
}

/** Whether the page shows text, all of it invisibly (an earlier OCR's text layer). */
export function hasOnlyInvisibleText(context: PDFContext, page: PDFDict): boolean {
  const { visible, invisible } = textCounts(context, page);
  return invisible > 0 && visible === 0;
}

/** Takes the invisible text out of the page's content and of the forms it draws. */
export function stripInvisibleText(context: PDFContext, page: PDFDict): void {
  const content = pageContent(context, page);
  if (!content) return;
  const own = scan(content.bytes, 0);
  const resources = resourcesOf(page);
  for (const { ref, form, mode } of formsOf(context, resources, own.forms)) {
    const inner = scan(decoded(form), mode);
    if (inner.invisible === 0) continue;
    const replaced = context.flateStream(inner.stripped);
    for (const [key, value] of form.dict.entries()) {
      if (![PDFName.of('Filter'), PDFName.of('DecodeParms'), PDFName.of('Length')].includes(key)) replaced.dict.set(key, value);
    }
    context.assign(ref, replaced);
  }
  if (own.invisible > 0) page.set(PDFName.of('Contents'), context.register(context.flateStream(own.stripped)));
}
