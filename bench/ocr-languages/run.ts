// The bench of issue 38 (not a test): a picture of real translated sentences per language (Debian's
// message catalogues, sentences.ts), read by our server's OCR through its API and by the
// tesseract command told the right language, on the same picture in the same run. Per language:
// character error rate of each, the language our answer names (Content-Language) against the
// right one when ours is asked to find it, and the seconds each took. Prints a markdown table.
//
// Run: node bench/ocr-languages/run.ts [flags]      (npm run bench:ocr-languages -- [flags])
//   --language right|auto   ours told the right language (default), or left to find it ("auto")
//   --langs ara,heb,de      only these (Tesseract codes or catalogue locales)
//   --fonts DIR[,DIR]       more fonts (e.g. fonts-noto-core unpacked: Devanagari, Thai), read by fc-query
//   --tessdata DIR[,DIR]    more model folders for the CLI, after .data/tessdata (ours) and before Debian's
//   --lines N               sentences per picture (default 6)
//   --port N                the server's port (default 4391)
//   --out DIR               keep each picture, its truth and both readings there
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { catalogueEntry } from '../../packages/core/src/ocr/language-catalogue.ts';
import { characterErrorRate } from '../../test-support/cer.ts';
import { listFlag, percent } from '../ocr/readers.ts';
import { startServer } from '../server-process.ts';
import { candidateSentences } from './sentences.ts';
import { fittingLines, fontFor, renderLines } from './render.ts';

/** The 13 languages (10 scripts) and our 13 interface languages: Tesseract code, catalogue folder, fontconfig language, script. */
const LANGUAGES: Array<{ code: string; locale: string; fcLang: string; script: string; name: string }> = [
  { code: 'ara', locale: 'ar', fcLang: 'ar', script: 'Arab', name: 'Arabic' },
  { code: 'hin', locale: 'hi', fcLang: 'hi', script: 'Deva', name: 'Hindi' },
  { code: 'tha', locale: 'th', fcLang: 'th', script: 'Thai', name: 'Thai' },
  { code: 'ukr', locale: 'uk', fcLang: 'uk', script: 'Cyrl', name: 'Ukrainian' },
  { code: 'heb', locale: 'he', fcLang: 'he', script: 'Hebr', name: 'Hebrew' },
  { code: 'kor', locale: 'ko', fcLang: 'ko', script: 'Kore', name: 'Korean' },
  { code: 'ell', locale: 'el', fcLang: 'el', script: 'Grek', name: 'Greek' },
  { code: 'jpn', locale: 'ja', fcLang: 'ja', script: 'Jpan', name: 'Japanese' },
  { code: 'vie', locale: 'vi', fcLang: 'vi', script: 'Latn', name: 'Vietnamese' },
  { code: 'tur', locale: 'tr', fcLang: 'tr', script: 'Latn', name: 'Turkish' },
  { code: 'pol', locale: 'pl', fcLang: 'pl', script: 'Latn', name: 'Polish' },
  { code: 'deu', locale: 'de', fcLang: 'de', script: 'Latn', name: 'German' },
  { code: 'eng', locale: 'en', fcLang: 'en', script: 'Latn', name: 'English' },
  { code: 'rus', locale: 'ru', fcLang: 'ru', script: 'Cyrl', name: 'Russian' },
  { code: 'spa', locale: 'es', fcLang: 'es', script: 'Latn', name: 'Spanish' },
  { code: 'fra', locale: 'fr', fcLang: 'fr', script: 'Latn', name: 'French' },
  { code: 'fil', locale: 'fil', fcLang: 'fil', script: 'Latn', name: 'Filipino' },
  { code: 'ind', locale: 'id', fcLang: 'id', script: 'Latn', name: 'Indonesian' },
  { code: 'por', locale: 'pt_BR', fcLang: 'pt', script: 'Latn', name: 'Portuguese (Brazil)' },
  { code: 'dan', locale: 'da', fcLang: 'da', script: 'Latn', name: 'Danish' },
  { code: 'nld', locale: 'nl', fcLang: 'nl', script: 'Latn', name: 'Dutch' },
  { code: 'ita', locale: 'it', fcLang: 'it', script: 'Latn', name: 'Italian' },
];

const DEBIAN_TESSDATA = '/usr/share/tesseract-ocr/5/tessdata';

const args = process.argv.slice(2);
const flag = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const mode = flag('language') ?? 'right';
if (mode !== 'right' && mode !== 'auto') throw new Error('--language is right or auto');
const only = listFlag(args, 'langs');
const fontDirs = listFlag(args, 'fonts') ?? [];
// Our server's own models first (the same files ours reads), then the ones given, then Debian's.
const modelDirs = [path.resolve('.data/tessdata'), ...(listFlag(args, 'tessdata') ?? []), DEBIAN_TESSDATA];
const lineCount = Number(flag('lines') ?? 6);
const port = Number(flag('port') ?? 4391);
const outDir = flag('out');
if (outDir) mkdirSync(outDir, { recursive: true });

const chosen = LANGUAGES.filter((language) => !only || only.includes(language.code) || only.includes(language.locale));
if (chosen.length === 0) throw new Error('no language matches --langs');

interface Reading {
  text: string;
  seconds: number;
  language?: string;
  error?: string;
}

async function ours(bytes: Uint8Array, code: string): Promise<Reading> {
  const form = new FormData();
  form.append('language', mode === 'auto' ? 'auto' : code);
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'page.png');
  let started = performance.now();
  const send = () => fetch(`http://127.0.0.1:${port}/api/v1/convert/image-to-text`, { method: 'POST', body: form }).catch((error: Error) => error);
  let response = await send();
  // A kept-alive connection the server has just closed fails at once (EPIPE): asked again on a new one.
  if (response instanceof Error) {
    started = performance.now();
    response = await send();
  }
  if (response instanceof Error) return { text: '', seconds: (performance.now() - started) / 1000, error: String(response.cause ?? response.message) };
  const body = await response.text();
  const seconds = (performance.now() - started) / 1000;
  if (!response.ok) {
    let message = body;
    try {
      message = (JSON.parse(body) as { error: { message: string } }).error.message;
    } catch {}
    return { text: '', seconds, error: `${response.status} ${message}` };
  }
  return { text: body, seconds, language: response.headers.get('content-language') ?? undefined };
}

const scratch = mkdtempSync(path.join(tmpdir(), 'textlift-bench-languages-'));

/** The tesseract command told the language, one thread as our server runs it, from the first folder holding the model. */
async function cli(bytes: Uint8Array, code: string): Promise<Reading> {
  const dir = modelDirs.find((folder) => existsSync(path.join(folder, `${code}.traineddata`)));
  if (!dir) return { text: '', seconds: 0, error: `no ${code}.traineddata here (${modelDirs.join(', ')})` };
  const file = path.join(scratch, `${code}.png`);
  writeFileSync(file, bytes);
  const started = performance.now();
  const { out, err, exit } = await new Promise<{ out: string; err: string; exit: number | null }>((resolve, reject) => {
    const child = spawn('tesseract', [file, 'stdout', '--tessdata-dir', dir, '-l', code], { env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('close', (exit) => resolve({ out, err, exit }));
  });
  const seconds = (performance.now() - started) / 1000;
  return exit === 0 ? { text: out, seconds, language: path.basename(dir) } : { text: out, seconds, error: err.trim().split('\n').pop() };
}

/** Whether the language our answer names is the right one: the same primary subtag (Chinese: the same script too). */
function sameLanguage(found: string | undefined, tag: string): boolean {
  if (!found) return false;
  const named = found.split(',')[0]!.trim().toLowerCase();
  return tag.startsWith('zh') ? named === tag.toLowerCase() : named.split('-')[0] === tag.split('-')[0]!.toLowerCase();
}

const server = await startServer(port);
const rows: string[] = [];
const notes: string[] = [];
const totals = { ours: [] as number[], cli: [] as number[], detected: 0, asked: 0 };
try {
  // The first reading loads the engine: not a page's time.
  const warm = renderLines(['The first reading loads the engine and is not counted'], 'DejaVu Sans', false);
  await ours(warm, 'eng');
  for (const language of chosen) {
    const tag = catalogueEntry(language.code)?.tag ?? language.locale;
    const rightToLeft = catalogueEntry(language.code)?.rtl ?? false;
    const font = fontFor(language.fcLang, fontDirs);
    if (!font) {
      notes.push(`${language.name}: no font here has the ${language.script} script (fc-list :lang=${language.fcLang}); give one with --fonts.`);
      rows.push(`| ${language.name} | ${language.code} | ${language.script} | — | — | — | — | — | — | — | no font |`);
      continue;
    }
    const lines = fittingLines(candidateSentences(language), font.family, lineCount);
    if (lines.length < lineCount) notes.push(`${language.name}: ${lines.length} sentences of 8+ words in its catalogues (${lineCount} asked).`);
    if (lines.length === 0) continue;
    const truth = lines.join('\n');
    const picture = renderLines(lines, font.family, rightToLeft);
    const our = await ours(picture, language.code);
    const their = await cli(picture, language.code);
    const ourCer = our.error ? undefined : characterErrorRate(our.text.normalize('NFC'), truth);
    const theirCer = their.error ? undefined : characterErrorRate(their.text.normalize('NFC'), truth);
    if (ourCer !== undefined) totals.ours.push(ourCer);
    if (theirCer !== undefined) totals.cli.push(theirCer);
    let detection = '—';
    if (mode === 'auto') {
      totals.asked++;
      const right = sameLanguage(our.language, tag);
      if (right) totals.detected++;
      detection = `${our.language ?? 'none'} ${right ? '✓' : '✗'}`;
    }
    const cell = (cer: number | undefined) => (cer === undefined ? 'error' : percent(cer));
    const delta = ourCer !== undefined && theirCer !== undefined ? `${((ourCer - theirCer) * 100).toFixed(1)}` : '—';
    const note = [our.error && `ours: ${our.error.slice(0, 80)}`, their.error && `CLI: ${their.error.slice(0, 80)}`].filter(Boolean).join('; ');
    rows.push(
      `| ${language.name} | ${language.code} | ${language.script} | ${truth.length} | ${cell(ourCer)} | ${cell(theirCer)} | ${delta} | ${detection} | ` +
        `${our.seconds.toFixed(2)} | ${their.error ? '—' : their.seconds.toFixed(2)} | ${note || path.basename(font.file)} |`,
    );
    if (outDir) {
      const stem = path.join(outDir, language.code);
      writeFileSync(`${stem}.png`, picture);
      writeFileSync(`${stem}.truth.txt`, truth);
      writeFileSync(`${stem}.ours.txt`, our.error ?? our.text);
      writeFileSync(`${stem}.cli.txt`, their.error ?? their.text);
    }
    process.stderr.write(`${language.name} done\n`);
  }
} finally {
  server.kill();
  rmSync(scratch, { recursive: true, force: true });
}

const mean = (values: number[]) => (values.length ? percent(values.reduce((sum, value) => sum + value, 0) / values.length) : '—');
console.log(
  `\nOCR of real translated sentences (Debian's message catalogues), ${lineCount} a picture; ` +
    `ours asked with language=${mode === 'auto' ? 'auto' : 'the right code'}.\n`,
);
console.log('| language | code | script | chars | CER ours | CER CLI (right language) | Δ points | detected | s ours | s CLI | note (font) |');
console.log('|---|---|---|---:|---:|---:|---:|---|---:|---:|---|');
for (const row of rows) console.log(row);
console.log(`\nMean CER: ours ${mean(totals.ours)} over ${totals.ours.length} languages, CLI ${mean(totals.cli)} over ${totals.cli.length}.`);
if (mode === 'auto') console.log(`Detection: ${totals.detected} of ${totals.asked} right (Content-Language).`);
for (const note of notes) console.log(`- ${note}`);
