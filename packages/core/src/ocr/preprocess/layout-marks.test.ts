import { describe, expect, test } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { otsuThreshold } from './binarize.ts';
import { columnsOf } from './columns.ts';
import { findBlobs, letterLike, median } from './components.ts';
import { findLoneDots } from './dots.ts';
import { findFrames } from './frames.ts';
import { greyFromRgba, type GreyImage } from './grey-image.ts';
import { findVanishingPoint, levelLines } from './line-perspective.ts';
import { unreadInk } from './unread-ink.ts';

type Draw = (context: ReturnType<ReturnType<typeof createCanvas>['getContext']>) => void;

function page(width: number, height: number, draw: Draw): GreyImage {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000';
  context.strokeStyle = '#000';
  context.font = '28px sans-serif';
  draw(context);
  return greyFromRgba(context.getImageData(0, 0, width, height).data, width, height);
}

function ink(image: GreyImage) {
  const blobs = findBlobs(image, otsuThreshold(image));
  const letters = letterLike(blobs, image);
  return { blobs, letters, height: median(letters.map((letter) => letter.y1 - letter.y0)) };
}

describe('ruled frames', () => {
  test('a 3 × 2 table, a little off level, comes out as its rows of cells; a box of one cell as one', () => {
    const image = page(1200, 900, (context) => {
      context.lineWidth = 2;
      context.save();
      context.translate(600, 250);
      context.rotate(0.01);
      context.translate(-600, -250);
      for (const y of [100, 200, 300, 400]) context.strokeRect(100, y, 900, 0);
      for (const x of [100, 400, 1000]) context.strokeRect(x, 100, 0, 300);
      [
        ['Name', 'Price'],
        ['Apple', '1.20'],
        ['Pear', '0.90'],
      ].forEach(([a, b], row) => {
        context.fillText(a!, 120, 160 + row * 100);
        context.fillText(b!, 420, 160 + row * 100);
      });
      context.restore();
      context.strokeRect(200, 550, 600, 200);
      context.fillText('An aside in a box', 240, 660);
    });
    const { blobs, height } = ink(image);
    const frames = findFrames(image, blobs, height);
    expect(frames.map((frame) => frame.rows.map((row) => row.length))).toEqual([[2, 2, 2], [1]]);
    const [first] = frames[0]!.rows[0]!;
    expect(first!.x0).toBeGreaterThan(100);
    expect(first!.x1).toBeLessThan(400);
  });

  test('underlined words and a picture-free page have none', () => {
    const image = page(1000, 400, (context) => {
      context.fillText('A heading that is underlined', 100, 100);
      context.fillRect(100, 108, 380, 3);
      context.fillText('and a plain line of text under it', 100, 200);
    });
    const { blobs, height } = ink(image);
    expect(findFrames(image, blobs, height)).toEqual([]);
  });

  test('a box drawn in mid grey (a thin line in a photo saved small) is still a frame', () => {
    const image = page(1000, 500, (context) => {
      context.strokeStyle = '#8c8c8c';
      context.lineWidth = 2;
      context.strokeRect(100, 100, 800, 250);
      context.fillText('An aside in a faint box', 150, 200);
      context.fillText('with a second line', 150, 260);
    });
    const { blobs, height } = ink(image);
    expect(findFrames(image, blobs, height).map((frame) => frame.rows.length)).toEqual([1]);
  });
});

describe('columns of a boxed aside', () => {
  const lists = (right: string[]) =>
    page(1400, 500, (context) => {
      ['Être', 'Je suis', 'Tu es', 'Nous sommes', 'Vous êtes'].forEach((text, row) => context.fillText(text, 100, 80 + row * 60));
      right.forEach((text, row) => context.fillText(text, 1000, 80 + row * 60));
    });

  test('two lists far apart are cut apart between them', () => {
    const image = lists(['Avoir', "J'ai", 'Tu as', 'Nous avons', 'Vous avez']);
    const parts = columnsOf(image, ink(image).height);
    expect(parts).toHaveLength(2);
    expect(parts[0]!.x1).toBeGreaterThan(300);
    expect(parts[0]!.x1).toBeLessThan(1000);
    expect(parts[1]!.x1).toBe(1400);
  });

  test('a column of prices beside the items is not cut off', () => {
    const image = lists(['4.20', '12.00', '0.99', '3.50', '7.25']);
    expect(columnsOf(image, ink(image).height)).toEqual([{ x0: 0, y0: 0, x1: 1400, y1: 500 }]);
  });
});

describe('lone dots', () => {
  test('the dots of a match-the-pairs exercise go; a colon, an i and a full stop stay', () => {
    const image = page(1200, 300, (context) => {
      context.fillText('Je mange', 100, 100);
      context.beginPath();
      context.arc(400, 90, 9, 0, Math.PI * 2);
      context.arc(700, 90, 9, 0, Math.PI * 2);
      context.fill();
      context.fillText('Des pommes', 740, 100);
      context.fillText('Exercice 1 : ici, la fin.', 100, 200);
    });
    const { blobs, letters, height } = ink(image);
    const dots = findLoneDots(blobs, letters, height);
    expect(dots.map((dot) => Math.round((dot.x0 + dot.x1) / 2))).toEqual(expect.arrayContaining([400, 700]));
    expect(dots).toHaveLength(2);
  });
});

describe('fanning lines', () => {
  const lines = (fan: number) =>
    page(1400, 1000, (context) => {
      for (let i = 0; i < 10; i++) {
        const y = 100 + i * 80;
        context.save();
        // Lines meeting far to the left, as a page photographed from its right side.
        context.translate(100, y);
        context.rotate(fan * (y - 500));
        context.fillText('The quick brown fox jumps over the lazy dog again', 0, 0);
        context.restore();
      }
    });

  test('parallel lines have no vanishing point', () => {
    const image = lines(0);
    const { letters, height } = ink(image);
    expect(findVanishingPoint(letters, height, image)).toBeUndefined();
  });

  test('lines fanning out are found meeting to the left, and come out level', () => {
    const image = lines(0.00004);
    const { letters, height } = ink(image);
    const point = findVanishingPoint(letters, height, image);
    expect(point).toBeDefined();
    expect(point!.x).toBeLessThan(0);
    const level = levelLines(image, point!);
    const after = ink(level);
    expect(findVanishingPoint(after.letters, after.height, level)).toBeUndefined();
  });
});

describe('ink no word covers', () => {
  // A body line, an underlined bold heading, a filled shadow and a picture-sized block.
  const image = page(1200, 900, (context) => {
    context.fillText('A line of body text that was read', 100, 100);
    context.font = 'bold 28px sans-serif';
    context.fillText('Heading', 100, 300);
    context.fillRect(100, 304, 120, 4);
    context.fillRect(700, 280, 200, 30);
    context.fillRect(100, 500, 400, 300);
  });
  const height = ink(image).height;
  const bodyLine = { x0: 95, y0: 75, x1: 560, y1: 110 };

  test('a heading no word covers is found; read text, filled shapes and pictures are not', () => {
    const places = unreadInk(image, [bodyLine], height);
    expect(places).toHaveLength(1);
    // The heading's ink with a margin of paper.
    expect(places[0]!.x0).toBeGreaterThanOrEqual(85);
    expect(places[0]!.x0).toBeLessThanOrEqual(100);
    expect(places[0]!.x1).toBeLessThanOrEqual(250);
    expect(places[0]!.y0).toBeGreaterThan(250);
    expect(places[0]!.y1).toBeLessThan(330);
  });

  test('a smooth grey wedge (a shadowed edge of the photo) is no text', () => {
    const wedged = page(1200, 400, (context) => {
      context.fillText('A line of body text that was read', 100, 100);
      context.fillStyle = '#777';
      context.beginPath();
      context.moveTo(100, 250);
      context.lineTo(900, 230);
      context.lineTo(900, 270);
      context.closePath();
      context.fill();
    });
    expect(unreadInk(wedged, [bodyLine], ink(wedged).height)).toEqual([]);
  });

  test('nothing is found when the words cover it all', () => {
    expect(unreadInk(image, [bodyLine, { x0: 90, y0: 260, x1: 240, y1: 320 }], height)).toEqual([]);
  });
});
