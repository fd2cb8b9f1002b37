// Installs the Debian packages a command needs, when it may (root with apt-get), or says the
// exact command to run. Usage: node scripts/system-deps.mjs start|test
// TEXTLIFT_SKIP_SYSTEM_DEPS=1 turns it off (for machines managed some other way).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Word to PDF and Word to JPG: LibreOffice's Writer without its desktop, and the fonts Word
 * documents ask for, metric-compatible so lines break where Word breaks them (Liberation for
 * Arial, Times New Roman and Courier New; Carlito for Calibri; Caladea for Cambria), with DejaVu
 * and Noto CJK for the rest of the world's scripts.
 */
const office = (required) => [
  { name: 'libreoffice-writer-nogui', file: '/usr/lib/libreoffice/program/libswlo.so', required },
  { name: 'fonts-liberation', file: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', required },
  { name: 'fonts-crosextra-carlito', file: '/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf', required },
  { name: 'fonts-crosextra-caladea', file: '/usr/share/fonts/truetype/crosextra/Caladea-Regular.ttf', required },
  { name: 'fonts-dejavu', file: '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf', required },
  { name: 'fonts-noto-cjk', file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', required },
];

/**
 * The Image Translator's server engine: Apertium's APy, with the English–Spanish and
 * French–Spanish pairs (English to French goes through Spanish).
 */
const apertium = (required) => [
  { name: 'apertium-apy', command: 'apertium-apy', required },
  { name: 'apertium-eng-spa', file: '/usr/share/apertium/modes/eng-spa.mode', required },
  { name: 'apertium-fr-es', file: '/usr/share/apertium/modes/es-fr.mode', required },
];

/**
 * Debian's `fast` LSTM models of the OCR languages (packages/core/src/ocr/languages.ts; Debian
 * spells chi_sim chi-sim). Russian's is the one model we read it with (npm has none); every
 * other language's is a second model beside npm's best_int, each word chosen between the two
 * (core's ocr/choose-words.ts), on the server and, served by us, in the browser.
 */
const TESSERACT_MODELS = ['rus', 'spa', 'fra', 'fil', 'ind', 'deu', 'por', 'dan', 'nld', 'pol', 'ita', 'tur', 'chi_sim', 'jpn'];
const tesseractModels = (required) =>
  TESSERACT_MODELS.map((code) => ({
    name: `tesseract-ocr-${code.replace('_', '-')}`,
    file: `/usr/share/tesseract-ocr/5/tessdata/${code}.traineddata`,
    required,
  }));

/**
 * What builds the kept-loaded tesseract (scripts/native-build.mjs): a compiler and libtesseract's
 * headers. Without them the server starts a tesseract process per reading, slower.
 */
const tesseractBuild = (required) => [
  { name: 'g++', command: 'g++', required },
  { name: 'pkg-config', command: 'pkg-config', required },
  { name: 'libtesseract-dev', file: '/usr/include/tesseract/baseapi.h', required },
];

/** Each package with the command that shows it is installed, and whether the mode needs it. */
export const packages = {
  start: [
    { name: 'tesseract-ocr', command: 'tesseract', required: false },
    ...tesseractModels(false),
    ...tesseractBuild(false),
    ...office(false),
    ...apertium(false),
  ],
  test: [
    ...office(true),
    ...apertium(true),
    // The browser tests run in Chromium's headless shell (a page opens in about half the time the
    // full browser takes here); Lighthouse audits in the full browser, as a visitor's would be.
    { name: 'chromium-headless-shell', command: 'chromium-headless-shell', required: true },
    { name: 'chromium', command: 'chromium', required: true },
    { name: 'tesseract-ocr', command: 'tesseract', required: true },
    ...tesseractModels(true),
    ...tesseractBuild(true),
    // Independent readers of what the PDF tools write: qpdf checks structure, poppler reads text and images.
    { name: 'poppler-utils', command: 'pdftotext', required: true },
    { name: 'qpdf', command: 'qpdf', required: true },
    // A second decoder of the QR codes we draw, and the reference of bench/codes.
    { name: 'zbar-tools', command: 'zbarimg', required: true },
    // An independent reader of the workbooks PDF to Excel and JPG to Excel write (to CSV).
    { name: 'libreoffice-calc-nogui', file: '/usr/lib/libreoffice/program/libsclo.so', required: true },
    // The queue mode's tests start a redis-server of their own; a site on one machine needs none (README, Scale-out).
    { name: 'redis-server', command: 'redis-server', required: true },
  ],
};

/** apt's and dpkg's whole output of the last install, shown only when it fails. */
export const APT_LOG = 'node_modules/.cache/apt-install.log';

/** Lines of apt's output printed when it fails (the error is at the end). */
const FAILURE_TAIL_LINES = 20;

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** The packages of a mode that this machine lacks. */
export function missingPackages(mode, { commandExists = has, fileExists = existsSync } = {}) {
  return packages[mode].filter((pkg) => (pkg.file ? !fileExists(pkg.file) : !commandExists(pkg.command)));
}

/** The command a person runs to install them (printed when this script may not). */
export function installCommand(names) {
  return `apt-get update && apt-get install -y --no-install-recommends ${names.join(' ')}`;
}

const seconds = (ms) => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);

/**
 * Installs the packages with apt, saying which before and how long after; apt's own output (a
 * few hundred lines of downloads and dpkg steps) goes to APT_LOG and is shown only if it fails.
 * On a terminal one line follows dpkg's steps in place, so minutes of work are not silent.
 * Resolves true when apt succeeded.
 */
export async function installQuietly(names, { out = process.stdout, env = process.env, log = APT_LOG } = {}) {
  out.write(`Installing Debian packages (once, it takes a few minutes): ${names.join(' ')}\n`);
  const started = Date.now();
  const quiet = '-qq -o Dpkg::Use-Pty=0';
  const command = `apt-get ${quiet} update && apt-get ${quiet} install -y --no-install-recommends ${names.join(' ')}`;
  const child = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } });
  const chunks = [];
  let pending = '';
  const step = (text) => {
    chunks.push(text);
    if (!out.isTTY) return;
    const lines = (pending + text.toString()).split('\n');
    pending = lines.pop() ?? '';
    const last = lines.reverse().find((line) => /^(Unpacking|Setting up) /.test(line));
    if (last) out.write(`\r\x1b[K  ${last.replace(/ \(.*$/, '').slice(0, 70)}…`);
  };
  child.stdout.on('data', step);
  child.stderr.on('data', step);
  const status = await new Promise((resolve) => {
    child.on('error', () => resolve(-1));
    child.on('close', (code, signal) => resolve(code ?? signal));
  });
  if (out.isTTY) out.write('\r\x1b[K');
  const output = Buffer.concat(chunks).toString();
  mkdirSync(path.dirname(log), { recursive: true });
  writeFileSync(log, output);
  if (status === 0) {
    out.write(`Installed ${names.length === 1 ? 'the Debian package' : `${names.length} Debian packages`} in ${seconds(Date.now() - started)}.\n`);
    return true;
  }
  const tail = output.trimEnd().split('\n').slice(-FAILURE_TAIL_LINES).join('\n');
  out.write(`Installing them failed (apt-get: ${status}). Its last lines:\n${tail}\nAll of apt's output: ${log}\n`);
  return false;
}

/** Installs what the mode lacks when it may, else says how; exits when a required one is missing. */
export async function ensureSystemPackages(mode) {
  if (!(mode in packages)) {
    console.error('usage: node scripts/system-deps.mjs start|test');
    process.exit(2);
  }
  if (process.env.TEXTLIFT_SKIP_SYSTEM_DEPS === '1') return;

  let missing = missingPackages(mode);
  if (missing.length === 0) return;
  const names = missing.map((pkg) => pkg.name);
  if (process.getuid?.() === 0 && has('apt-get')) {
    if (await installQuietly(names)) return;
    missing = missingPackages(mode);
    if (missing.length === 0) return;
  }
  const left = missing.map((pkg) => pkg.name);
  const message = `Missing Debian packages: ${left.join(' ')}. Install them with:\n  sudo sh -c '${installCommand(left)}'`;
  if (missing.some((pkg) => pkg.required)) {
    console.error(message);
    process.exit(1);
  }
  const without = [
    'the API uses the WebAssembly OCR engine if tesseract is missing',
    'Russian OCR is left out if its data is',
    "a language without Debian's second model is read with one",
    'Word to PDF and Word to JPG say on their pages that the server cannot convert Word documents if LibreOffice is missing',
    'and the Image Translator says which languages it cannot translate if Apertium is missing',
  ];
  console.warn(`${message}\nStarting without them: ${without.join(', ')}.`);
}

// Run as a script (not imported); import.meta.main would need Node 24, and this may run on another.
if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureSystemPackages(process.argv[2]);
