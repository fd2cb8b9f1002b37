import { expect, test } from 'vitest';
import type { ProgressStage } from './conversion.ts';
import { ocrPageProgress, progressPart } from './progress.ts';

test('a part of a job moves the whole bar within its share, clamped to it', () => {
  const seen: number[] = [];
  const part = progressPart((fraction) => seen.push(fraction), 0.85, 1)!;
  part(0, 'translating');
  part(0.5, 'translating');
  part(1.2, 'translating');
  expect(seen).toEqual([0.85, 0.925, 1]);
});

test("an OCR page's steps, each counting its own 0 to 1, move one bar forward through the page's share", () => {
  const seen: Array<[number, ProgressStage]> = [];
  const report = ocrPageProgress((fraction, stage) => seen.push([fraction, stage]), {
    from: 0.2,
    to: 0.3,
    detail: { page: 3, pages: 10 },
    stageOf: (stage) => (stage === 'recognizing' ? 'reading' : stage),
  })!;
  const steps: Array<[number, ProgressStage]> = [
    [0, 'loading'],
    [1, 'loading'],
    [0, 'preparing'],
    [0, 'recognizing'],
    [0.5, 'recognizing'],
    [1, 'recognizing'],
    [0, 'loading-model'],
    [1, 'loading-model'],
    [0, 'rereading'],
    [1, 'rereading'],
  ];
  for (const [fraction, stage] of steps) report(fraction, stage);
  const fractions = seen.map(([fraction]) => fraction);
  expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  expect(fractions[0]).toBeCloseTo(0.2);
  expect(fractions.at(-1)).toBeCloseTo(0.3);
  expect(seen.filter(([, stage]) => stage === 'reading')).toHaveLength(3);
});
