import { expect, test } from 'vitest';
import { segmentationMode } from './engine.ts';

test('a vertical model reads one block as a block of vertical text (psm 5), its layout analysis as any other (psm 3)', () => {
  expect(segmentationMode({ languages: ['jpn_vert'], segmentation: 'block' })).toBe('5');
  expect(segmentationMode({ languages: ['eng', 'chi_tra_vert'], segmentation: 'line' })).toBe('5');
  expect(segmentationMode({ languages: ['jpn_vert'], segmentation: 'auto' })).toBe('3');
  expect(segmentationMode({ languages: ['jpn'], segmentation: 'block' })).toBe('6');
  expect(segmentationMode({ languages: ['eng'], segmentation: 'line' })).toBe('7');
  expect(segmentationMode({ languages: ['eng'] })).toBe('3');
});
