// Whether two runs of the OCR benches read the same texts: a change meant to leave behaviour
// alone (a restructure of pipeline.ts) is checked this way. Takes two --out files of docs.ts
// (.json) or of sweep.ts (.jsonl), names each reading that differs, and exits 1 if any does.
//
// Run: node bench/ocr/same-texts.ts BEFORE AFTER
import { readFileSync } from 'node:fs';

/** Each reading's text by its key: document and engine, or picture, variant and engine. */
function textsOf(file: string): Map<string, string> {
  const raw = readFileSync(file, 'utf8');
  const texts = new Map<string, string>();
  if (file.endsWith('.jsonl')) {
    for (const line of raw.split('\n').filter(Boolean)) {
      const row = JSON.parse(line) as { image: string; variant: string; engine: string; text: string };
      texts.set(`${row.image} ${row.variant} ${row.engine}`, row.text);
    }
  } else {
    for (const [name, byEngine] of Object.entries(JSON.parse(raw) as Record<string, Record<string, { text: string }>>)) {
      for (const [engine, score] of Object.entries(byEngine)) texts.set(`${name} ${engine}`, score.text);
    }
  }
  return texts;
}

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) throw new Error('usage: node bench/ocr/same-texts.ts BEFORE AFTER');
const [before, after] = [textsOf(beforeFile), textsOf(afterFile)];
const differ = [...new Set([...before.keys(), ...after.keys()])].filter((key) => before.get(key) !== after.get(key));
for (const key of differ) console.log(`differs: ${key}${before.has(key) && after.has(key) ? '' : ' (in one run only)'}`);
console.log(`${before.size} readings before, ${after.size} after: ${differ.length === 0 ? 'every text the same' : `${differ.length} differ`}`);
process.exitCode = differ.length === 0 ? 0 : 1;
