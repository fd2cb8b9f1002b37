import { describe, expect, test } from 'vitest';
import type { OcrEngine, OcrLine, OcrOptions } from './engine.ts';
import { createGreyImage } from './preprocess/grey-image.ts';
import { pipelineSteps, recognizePage, type StepName } from './pipeline.ts';

const box = { x0: 10, y0: 10, x1: 190, y1: 40 };

/** A stand-in engine that reads `text` at `confidence` anywhere, and notes each call's options. */
function standIn(text: string, confidence: number, off: StepName[] = []) {
  const calls: OcrOptions[] = [];
  const ran: string[] = [];
  const line: OcrLine = { words: text.split(' ').map((word, i) => ({ text: word, confidence, box: { ...box, x0: 10 + 40 * i, x1: 45 + 40 * i } })), box, paragraph: '1.1' };
  const engine: OcrEngine = {
    name: 'stand-in',
    recognize: async (_image, options) => {
      calls.push(options);
      return { lines: [structuredClone(line)] };
    },
    steps: { off: new Set(off), onStep: (run) => ran.push(run.name) },
    terminate: async () => {},
  };
  return { engine, calls, ran };
}

const blankPage = () => createGreyImage(200, 60);

describe('the OCR pipeline, one ordered list of steps', () => {
  test('recognizePage runs the list’s steps in the list’s order, each where it applies', async () => {
    const { engine, ran } = standIn('Read ‘‘well’’', 95);
    await recognizePage(engine, blankPage(), { languages: ['eng'] });
    // A clean, confident page: read once prepared, twice as it came (even paper), then repaired;
    // no frames, rules, second recogniser, turned look, nor figures (no table tool asked).
    expect(ran).toEqual(['prepare', 'read', 'read-page', 'as-came-300', 'as-came-96', 'stray-marks', 'noise-lines', 'row-order', 'lone-i', 'letters-reread', 'bullets', 'paired-quotes']);
    const order = pipelineSteps().map((step) => step.name);
    // A step within another ends before it: read within read-page.
    const top = ran.filter((name) => name !== 'read');
    expect(order.indexOf('read')).toBeGreaterThan(order.indexOf('read-page'));
    expect(top.map((name) => order.indexOf(name))).toEqual([...top.map((name) => order.indexOf(name))].sort((a, b) => a - b));
  });

  test('an unsure page goes to the turned look and the second recogniser; a table tool’s figures are sought', async () => {
    const { engine, ran } = standIn('faded print', 40);
    const page = await recognizePage({ ...engine, lineModel: () => Promise.reject(new Error('not here')) }, blankPage(), { languages: ['eng'] }, { figures: true });
    expect(ran).toContain('second-recogniser');
    expect(ran).toContain('turned-look');
    expect(ran.at(-1)).toBe('figures');
    expect(page.partial).toBe(true);
  });

  test('a step switched off is skipped: its reading is not made and its repair not done', async () => {
    const on = standIn('Read ‘‘well’’', 95);
    const all = await recognizePage(on.engine, blankPage(), { languages: ['eng'] });
    expect(all.text).toBe('Read “well”');
    expect(on.calls.some((options) => options.dpi === 96)).toBe(true);

    const off = standIn('Read ‘‘well’’', 95, ['as-came-96', 'paired-quotes']);
    const some = await recognizePage(off.engine, blankPage(), { languages: ['eng'] });
    expect(off.ran).not.toContain('as-came-96');
    expect(off.ran).not.toContain('paired-quotes');
    expect(off.ran).toContain('as-came-300');
    expect(off.calls.some((options) => options.dpi === 96)).toBe(false);
    expect(some.text).toBe('Read ‘‘well’’');
  });

  test('preparation switched off reads the page as it came', async () => {
    const { engine, ran, calls } = standIn('Read well', 95, ['prepare']);
    const grey = blankPage();
    const page = await recognizePage(engine, grey, { languages: ['eng'] });
    // Laid out by Tesseract itself, so ink its layout left unread is sought.
    expect(ran.slice(0, 3)).toEqual(['read', 'unread-ink', 'read-page']);
    expect(calls[0]!.segmentation).toBe('auto');
    expect(page.image).toBe(grey);
  });

  test('a step that is not there, or one the reading needs, cannot be switched off', async () => {
    await expect(recognizePage(standIn('x', 95, ['no-such-step' as StepName]).engine, blankPage(), { languages: ['eng'] })).rejects.toThrow(/no-such-step/);
    await expect(recognizePage(standIn('x', 95, ['read-page']).engine, blankPage(), { languages: ['eng'] })).rejects.toThrow(/read-page/);
    expect(pipelineSteps().filter((step) => !step.switchable).map((step) => step.name)).toEqual(['read-page', 'read', 'frames-back', 'as-came-kept']);
  });
});
