import { isRightToLeft } from '../text-direction.ts';

/** One paragraph's text in RTF: RTF's own characters escaped, anything past ASCII as \uN?. */
function escapeRtf(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\\' || char === '{' || char === '}') out += `\\${char}`;
    else if (code === 0x09) out += '\\tab ';
    else if (code < 0x80) out += char;
    else {
      // RTF counts in UTF-16 units, as signed 16-bit numbers; '?' is the fallback for old readers.
      for (const unit of String.fromCodePoint(code).split('')) {
        const value = unit.charCodeAt(0);
        out += `\\u${value > 0x7fff ? value - 0x10000 : value}?`;
      }
    }
  }
  return out;
}

/** A paragraph in RTF; right to left (`\rtlpar`, its text `\rtlch`) where its first letter with a direction is. */
function rtfParagraph(text: string): string {
  const format = '\\sa200\\sl276\\slmult1';
  return isRightToLeft(text) ? `\\pard\\rtlpar${format}{\\rtlch ${escapeRtf(text)}}\\par` : `\\pard${format} ${escapeRtf(text)}\\par`;
}

/** A plain RTF document, one paragraph per entry, for the word processors that want RTF. */
export function paragraphsToRtf(paragraphs: string[]): Uint8Array {
  const body = paragraphs.map(rtfParagraph).join('\n');
  const rtf = `{\\rtf1\\ansi\\ansicpg1252\\deff0\\uc1{\\fonttbl{\\f0\\fswiss Calibri;}}\\f0\\fs22\n${body}\n}`;
  return new TextEncoder().encode(rtf);
}
