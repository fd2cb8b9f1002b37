// Fails when a line of source is longer than the formatter's width. Biome keeps code within it
// but leaves comments, strings and template literals as they were written: those are wrapped by hand.
// Run: node scripts/check-line-length.mjs (a part of npm run lint)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Biome's lineWidth (biome.jsonc), in characters. */
export const LIMIT = 160;

/** The source checked. JSON is not: a translation or a fixture's string cannot be split. */
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css|html)$/;

/** `file:line: N characters` for each line over the limit, counted in characters (not UTF-16 units). */
export function longLines(file, text, limit = LIMIT) {
  return text.split('\n').flatMap((line, index) => {
    const length = [...line].length;
    return length > limit ? [`${file}:${index + 1}: ${length} characters`] : [];
  });
}

/** The files Biome sees too: tracked or new, and not ignored by .gitignore. */
function sourceFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { encoding: 'utf8' });
  return listed.split('\0').filter((file) => SOURCE.test(file) && existsSync(file));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = sourceFiles();
  const found = files.flatMap((file) => longLines(file, readFileSync(file, 'utf8')));
  if (found.length > 0) {
    console.error(`${found.join('\n')}\n${found.length} lines longer than ${LIMIT} characters: wrap the comment or split the string.`);
    process.exit(1);
  }
  console.log(`Checked ${files.length} files: no line longer than ${LIMIT} characters.`);
}
