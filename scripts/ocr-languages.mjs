// npm run ocr-languages -- all | ara hin kor | --list
// Fetches OCR languages' models ahead of their first use, as the server would on a visitor's
// first page in that language (packages/server/src/models/): from the npm registry of
// TEXTLIFT_NPM_REGISTRY, checked against its integrity, into TEXTLIFT_DATA_DIR. `--list` shows
// which languages this machine has.
import './check-node.mjs';

const { loadConfig } = await import('../packages/server/src/config.ts');
const { createModelStore } = await import('../packages/server/src/models/model-store.ts');
const { bundledOcrLanguages, isBundledOcrLanguage, isOcrLanguage, ocrLanguages } = await import('@textlift/core/ocr/languages');
const { modelPackageOf } = await import('@textlift/core/ocr/language-catalogue');

const config = loadConfig();
const store = createModelStore({ dataDir: config.dataDir, registry: config.npmRegistry });
const args = process.argv.slice(2);
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

if (args.length === 0 || args.includes('--help')) {
  console.log('Usage: npm run ocr-languages -- all | <code> [<code>…] | --list');
  console.log(`Codes: ${ocrLanguages.join(' ')}`);
  process.exit(args.length === 0 ? 1 : 0);
}

if (args.includes('--list')) {
  const installed = await store.installed();
  console.log(`Bundled with the install (${bundledOcrLanguages.length}): ${bundledOcrLanguages.join(' ')}`);
  console.log(`Fetched into ${config.dataDir} (${installed.length}):`);
  for (const { code, record } of installed)
    console.log(`  ${code.padEnd(13)} ${megabytes(record.tarballBytes).padStart(8)} downloaded  ${record.integrity.slice(0, 24)}…`);
  const fetched = new Set(installed.map(({ code }) => code));
  const rest = ocrLanguages.filter((code) => !isBundledOcrLanguage(code) && !fetched.has(code));
  console.log(`Fetched on first use (${rest.length}): ${rest.join(' ')}`);
  process.exit(0);
}

const asked = args.includes('all') ? ocrLanguages.filter((code) => !isBundledOcrLanguage(code) && modelPackageOf(code)) : [...new Set(args)];
const unknown = asked.filter((code) => !isOcrLanguage(code));
if (unknown.length > 0) {
  console.error(`Not OCR languages: ${unknown.join(' ')} (npm run ocr-languages -- --help lists them)`);
  process.exit(1);
}
let failed = 0;
const before = new Set((await store.installed()).map(({ code }) => code));
// One at a time: the registry is asked as a visitor's first page would ask it, never in a burst.
for (const code of asked) {
  if (isBundledOcrLanguage(code)) {
    console.log(`${code.padEnd(13)} bundled with the install`);
    continue;
  }
  const started = performance.now();
  try {
    const [model] = await store.ensure([code]);
    const how = before.has(code) ? 'already here, checked' : `fetched in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    console.log(`${code.padEnd(13)} ${megabytes(model.record.tarballBytes).padStart(8)}  ${how}`);
  } catch (error) {
    failed += 1;
    console.error(`${code.padEnd(13)} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
if (failed > 0) {
  console.error(`${failed} of ${asked.length} could not be fetched.`);
  process.exit(1);
}
