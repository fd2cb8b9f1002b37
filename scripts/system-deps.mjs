// Installs the Debian packages a command needs, when it may (root with apt-get), or says the
// exact command to run. Usage: node scripts/system-deps.mjs start|test
// TEXTLIFT_SKIP_SYSTEM_DEPS=1 turns it off (for machines managed some other way).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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

/** Each package with the command that shows it is installed, and whether the mode needs it. */
const packages = {
  start: [
    { name: 'tesseract-ocr', command: 'tesseract', required: false },
    // Russian OCR data is not on npm; Debian has it.
    { name: 'tesseract-ocr-rus', file: '/usr/share/tesseract-ocr/5/tessdata/rus.traineddata', required: false },
    ...office(false),
    ...apertium(false),
  ],
  test: [
    ...office(true),
    ...apertium(true),
    { name: 'chromium', command: 'chromium', required: true },
    { name: 'tesseract-ocr', command: 'tesseract', required: true },
    { name: 'tesseract-ocr-rus', file: '/usr/share/tesseract-ocr/5/tessdata/rus.traineddata', required: true },
    // Independent readers of what the PDF tools write: qpdf checks structure, poppler reads text and images.
    { name: 'poppler-utils', command: 'pdftotext', required: true },
    { name: 'qpdf', command: 'qpdf', required: true },
    // A second decoder of the QR codes we draw, and the reference of bench/codes.
    { name: 'zbar-tools', command: 'zbarimg', required: true },
    // An independent reader of the workbooks PDF to Excel and JPG to Excel write (to CSV).
    { name: 'libreoffice-calc-nogui', file: '/usr/lib/libreoffice/program/libsclo.so', required: true },
  ],
};

const mode = process.argv[2];
if (!(mode in packages)) {
  console.error('usage: node scripts/system-deps.mjs start|test');
  process.exit(2);
}
if (process.env.TEXTLIFT_SKIP_SYSTEM_DEPS === '1') process.exit(0);

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const missing = packages[mode].filter((pkg) => (pkg.file ? !existsSync(pkg.file) : !has(pkg.command)));
if (missing.length === 0) process.exit(0);

const names = missing.map((pkg) => pkg.name).join(' ');
const command = `apt-get update && apt-get install -y --no-install-recommends ${names}`;
const canInstall = process.getuid?.() === 0 && has('apt-get');
if (canInstall) {
  console.log(`Installing Debian packages: ${names}`);
  try {
    execFileSync('sh', ['-c', command], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    process.exit(0);
  } catch {
    console.error(`Installing ${names} failed.`);
  }
}
const required = missing.filter((pkg) => pkg.required);
const message = `Missing Debian packages: ${names}. Install them with:\n  sudo sh -c '${command}'`;
if (required.length > 0) {
  console.error(message);
  process.exit(1);
}
console.warn(`${message}\nStarting without them: the API uses the WebAssembly OCR engine if tesseract is missing, Russian OCR is left out if its data is, Word to PDF and Word to JPG say on their pages that the server cannot convert Word documents if LibreOffice is missing, and the Image Translator says which languages it cannot translate if Apertium is missing.`);
