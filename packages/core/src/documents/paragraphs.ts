/**
 * Paragraphs from OCR text: tesseract ends every printed line with a newline and separates
 * paragraphs with a blank line. Lines of a paragraph are rejoined; a word broken with a hyphen
 * at the end of a line is mended ("com-" + "pile" -> "compile").
 */
export function textToParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .reduce((joined, line) => {
          if (!joined) return line;
          if (/\p{L}-$/u.test(joined) && /^\p{Ll}/u.test(line)) return joined.slice(0, -1) + line;
          return `${joined} ${line}`;
        }, ''),
    )
    .filter(Boolean);
}
