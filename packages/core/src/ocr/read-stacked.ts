import type { OcrBox, OcrEngine, OcrOptions, OcrWord } from './engine.ts';
import { stackCells } from './preprocess/frames.ts';
import { encodePgm, shiftBox, type GreyImage } from './preprocess/grey-image.ts';

/**
 * Boxes of a page stacked on one sheet and read as one block: one call of the recogniser for
 * them all. Their words come back box by box, found by the line each landed on, with their
 * boxes moved back from the sheet to the page.
 */
export async function readStacked(
  engine: OcrEngine,
  image: GreyImage,
  boxes: OcrBox[],
  letterHeight: number,
  options: Omit<OcrOptions, 'segmentation'>,
): Promise<OcrWord[][]> {
  const gap = Math.max(8, Math.round(letterHeight * 1.5));
  const { sheet, cells } = stackCells(image, boxes, gap);
  const { lines } = await engine.recognize(encodePgm(sheet), { ...options, segmentation: 'block' });
  const words = cells.map(() => [] as OcrWord[]);
  for (const line of lines) {
    const middle = (line.box.y0 + line.box.y1) / 2;
    const at = cells.findIndex((cell) => middle >= cell.y0 - gap / 2 && middle < cell.y1 + gap / 2);
    if (at < 0) continue;
    const dx = boxes[at]!.x0 - gap;
    const dy = boxes[at]!.y0 - cells[at]!.y0;
    words[at]!.push(...line.words.map((word) => ({ ...word, box: shiftBox(word.box, dx, dy) })));
  }
  return words;
}
