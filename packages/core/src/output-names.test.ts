import { describe, expect, test } from 'vitest';
import { asciiFileName, batchZipName, fileStem, nameAfterFile, nameAfterText } from './output-names.ts';

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

describe('names after the input file', () => {
  test('the stem is kept as the visitor wrote it, non-ASCII included', () => {
    expect(nameAfterFile('Überweisung 2026.jpg', '_extracted.txt', 'extracted-text.txt')).toBe('Überweisung 2026_extracted.txt');
    expect(nameAfterFile('报告.pdf', '.docx', 'document.docx')).toBe('报告.docx');
    expect(nameAfterFile('Привет мир.PNG', '_page_1.jpg', 'x')).toBe('Привет мир_page_1.jpg');
    // Decomposed accents (as macOS writes names) come out composed, one character each.
    expect(nameAfterFile('Cafe\u0301.jpg', '.pdf', 'x')).toBe('Café.pdf');
  });

  test('only a real extension goes: a date or a version number stays', () => {
    expect(fileStem('my.photo.jpeg')).toBe('my.photo');
    expect(fileStem('Scan 12.05.2026')).toBe('Scan 12.05.2026');
    expect(fileStem('Report v1.2')).toBe('Report v1.2');
    expect(fileStem('README')).toBe('README');
    expect(nameAfterFile('scan', '_inverted.png', 'image_inverted.png')).toBe('scan_inverted.png');
  });

  test('a path sent as a name keeps its last part; characters Windows forbids and control characters are replaced', () => {
    expect(nameAfterFile('Rechnung: Müller*.pdf', '.docx', 'document.docx')).toBe('Rechnung_ Müller_.docx');
    expect(nameAfterFile('C:\\Users\\ana\\scan.jpg', '_extracted.txt', 'x')).toBe('scan_extracted.txt');
    expect(nameAfterFile('photos/2026/Mein Foto.jpg', '.pdf', 'x')).toBe('Mein Foto.pdf');
    expect(nameAfterFile('a?b"c<d>e|f.png', '.pdf', 'x')).toBe('a_b_c_d_e_f.pdf');
    expect(nameAfterFile('line\nbreak\u0007.jpg', '.pdf', 'x')).toBe('line break_.pdf');
    // The right-to-left override that shows "photo‮gpj.exe" as "photoexe.jpg" is not kept.
    expect(nameAfterFile('photo\u202Egpj.exe.png', '.pdf', 'x')).toBe('photo_gpj.exe.pdf');
    expect(nameAfterFile('../../etc/passwd', '.pdf', 'x')).not.toMatch(/[/\\]|^\./);
  });

  test('Windows reserved names are changed, also when the suffix makes one', () => {
    expect(nameAfterFile('CON.docx', '.pdf', 'x')).not.toMatch(/^CON\.pdf$/i);
    expect(nameAfterFile('nul.jpg', '.pdf', 'x').toLowerCase()).not.toBe('nul.pdf');
    expect(nameAfterFile('CON.jpg', '_extracted.txt', 'x')).toMatch(/^CON_+extracted\.txt$/);
  });

  test("a hidden file gives a visible name; a name of nothing falls back to the spec's", () => {
    expect(nameAfterFile('.hidden', '_extracted.txt', 'extracted-text.txt')).toBe('hidden_extracted.txt');
    expect(nameAfterFile('.jpg', '_extracted.txt', 'extracted-text.txt')).toBe('extracted-text.txt');
    expect(nameAfterFile('...', '.pdf', 'merged.pdf')).toBe('merged.pdf');
    expect(nameAfterFile('', '.pdf', 'merged.pdf')).toBe('merged.pdf');
    expect(nameAfterFile('***.png', '.pdf', 'images.pdf')).toBe('images.pdf');
    expect(nameAfterFile('   .png', '.pdf', 'images.pdf')).toBe('images.pdf');
    // Trailing dots and spaces, which Windows drops, are not left before the suffix.
    expect(nameAfterFile('Notes. .png', '.pdf', 'x')).toBe('Notes.pdf');
  });

  test('a 300-character name is cut to a safe length on a character boundary', () => {
    const latin = nameAfterFile(`${'Abcdefghij'.repeat(30)}.jpg`, '_extracted.txt', 'x');
    expect(latin).toBe(`${'Abcdefghij'.repeat(15)}_extracted.txt`);
    const chinese = nameAfterFile(`${'报告'.repeat(150)}.pdf`, '.docx', 'x');
    expect(utf8Bytes(chinese)).toBeLessThanOrEqual(200);
    expect(chinese).toMatch(/^(报告)+报?\.docx$/u);
    // An emoji of several code points (a family, a flag) is kept whole or not at all.
    const emoji = nameAfterFile(`${'a'.repeat(130)}${'👨‍👩‍👧'.repeat(10)}.png`, '.pdf', 'x');
    expect(emoji).toBe(`${'a'.repeat(130)}👨‍👩‍👧.pdf`);
    expect(utf8Bytes(emoji.replace('.pdf', ''))).toBeLessThanOrEqual(150);
  });
});

describe('names after typed text', () => {
  test('the first words of the first line, cut at a word', () => {
    expect(nameAfterText('Grüße aus Łódź — Привет!\nSecond line', '.pdf', 'converted_document.pdf')).toBe('Grüße aus Łódź — Привет!.pdf');
    expect(nameAfterText('\n\n   \nMeeting notes for the 3 March review of the budget and the plan', '.docx', 'x')).toBe(
      'Meeting notes for the 3 March review of.docx',
    );
    expect(nameAfterText('Menu: week 12 / soups', '.png', 'x')).toBe('Menu week 12 soups.png');
    expect(nameAfterText('会议记录'.repeat(20), '.pdf', 'x')).toBe(`${'会议记录'.repeat(10)}.pdf`);
  });

  test('an address is named by its host and path, never its query; a Wi-Fi code by its network alone', () => {
    expect(nameAfterText('https://www.example.com/menu/today?token=s3cret#top', '_qr-code.png', 'qr-code.png')).toBe('example.com menu today_qr-code.png');
    expect(nameAfterText('WIFI:T:WPA;S:Cafe\\;Bar;P:hunter2;;', '_qr-code.png', 'qr-code.png')).toBe('Cafe;Bar_qr-code.png');
    expect(nameAfterText('BEGIN:VCARD\nVERSION:3.0\nFN:Ana Pérez\nTEL:+34 600 000 000\nEND:VCARD', '_qr-code.svg', 'x')).toBe('Ana Pérez_qr-code.svg');
    expect(nameAfterText('mailto:ana@example.com', '_qr-code.png', 'x')).toBe('ana@example.com_qr-code.png');
  });

  test("a text with no word in it falls back to the spec's name", () => {
    expect(nameAfterText('...\n---\n', '.pdf', 'converted_document.pdf')).toBe('converted_document.pdf');
    expect(nameAfterText('🎉 party', '.png', 'x')).toBe('🎉 party.png');
  });
});

test("a batch's .zip is named after its first output and how many came with it", () => {
  expect(batchZipName('Foto_extracted.txt', 10)).toBe('Foto_extracted (+9).zip');
  expect(batchZipName('报告.xlsx', 1)).toBe('报告.zip');
});

test('the ASCII name beside the UTF-8 one keeps what ASCII can say', () => {
  expect(asciiFileName('Überweisung 2026_extracted.txt', 'download')).toBe('Uberweisung 2026_extracted.txt');
  expect(asciiFileName('Grüße aus Łódź, Ærø — Привет!.pdf', 'download')).toBe('Grusse aus Lodz, AEro_!.pdf');
  expect(asciiFileName('报告_extracted.txt', 'download')).toBe('extracted.txt');
  expect(asciiFileName('报告.pdf', 'download')).toBe('download.pdf');
  expect(asciiFileName('Bericht 报告_page_1.jpg', 'download')).toBe('Bericht_page_1.jpg');
  expect(asciiFileName('50% "off".pdf', 'download')).toBe('50_off.pdf');
});
