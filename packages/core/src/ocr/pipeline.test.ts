import { describe, expect, test } from 'vitest';
import type { OcrEngine, OcrLine, OcrOptions } from './engine.ts';
import { createGreyImage } from './preprocess/grey-image.ts';
import { pipelineSteps, recognizePage, type StepName } from './pipeline.ts';

const box = { x0: 10, y0: 10, x1: 190, y1: 40 };

/** A stand-in engine that reads `text` at `confidence` anywhere, and notes each call's options. */
function standIn(text: string, confidence: number, off: StepName[] = []) {
  const calls: OcrOptions[] = [];
  const ran: string[] = [];
  const line: OcrLine = {
    words: text.split(' ').map((word, i) => ({ text: word, confidence, box: { ...box, x0: 10 + 40 * i, x1: 45 + 40 * i } })),
    box,
    paragraph: '1.1',
  };
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
  test('a scan read for a text layer over it is read once, at print resolution', async () => {
    const { engine, ran, calls } = standIn('Read well', 95);
    await recognizePage(engine, blankPage(), { languages: ['eng'] }, { scan: true });
    expect(ran).not.toContain('as-came-96');
    expect(ran).not.toContain('read-page');
    expect(calls.map((call) => [call.segmentation, call.dpi])).toEqual([['auto', 300]]);
  });

  test('recognizePage runs the list’s steps in the list’s order, each where it applies', async () => {
    const { engine, ran, calls } = standIn('Read ‘‘well’’', 95);
    await recognizePage(engine, blankPage(), { languages: ['eng'] });
    expect(calls.filter((call) => call.dpi !== undefined).map((call) => call.dpi)).toEqual([300]);
    // A clean, confident page: measured for blur (none, so left as it came), looked over for
    // screens (none), prepared only to measure it, read as it came (even paper, upright, level,
    // no frames) at print's resolution, sure, so not at a screen's too (as-came-96 looks and
    // reads nothing), the plain reading weighed, then repaired; no prepared
    // reading, frames, rules, second recogniser, turned look, nor figures (no table tool asked).
    // Read at Tesseract's own layout, it is looked over for lines that layout left out (none).
    // The second model is not there to choose words with.
    expect(ran).toEqual([
      'sharpen-soft',
      'descreen',
      'prepare',
      'clean-once',
      'as-came-300',
      'as-came-96',
      'as-came-kept',
      'never-noise',
      'lost-lines',
      'stray-marks',
      'noise-lines',
      'row-order',
      'lone-i',
      'letters-reread',
      'bullets',
      'paired-quotes',
    ]);
    const order = pipelineSteps().map((step) => step.name);
    const top = ran;
    expect(top.map((name) => order.indexOf(name))).toEqual([...top.map((name) => order.indexOf(name))].sort((a, b) => a - b));
  });

  test('an unsure page goes to the turned look and the second recogniser; a table tool’s figures are sought', async () => {
    // Read prepared (clean-once off): the stand-in's blank page is as clean as a page comes.
    const { engine, ran } = standIn('faded print', 40, ['clean-once']);
    const page = await recognizePage(
      { ...engine, lineModel: () => Promise.reject(new Error('not here')) },
      blankPage(),
      { languages: ['eng'] },
      { figures: true },
    );
    expect(ran).toContain('second-recogniser');
    expect(ran).toContain('turned-look');
    // Read as poorly as a page upside down, the prepared reading waits for its turn to be
    // settled: the second recogniser reads it within turned-look, once, not within read-page.
    expect(ran.filter((name) => name === 'second-recogniser')).toHaveLength(1);
    expect(ran.indexOf('second-recogniser')).toBeGreaterThan(ran.indexOf('read-page'));
    expect(ran.indexOf('second-recogniser')).toBeLessThan(ran.indexOf('turned-look'));
    expect(ran.at(-1)).toBe('figures');
    expect(page.partial).toBe(true);
  });

  test('a clean page read as poorly as one upside down is looked at turned before the second recogniser reads it', async () => {
    const { engine, ran } = standIn('faded print', 40);
    const page = await recognizePage({ ...engine, lineModel: () => Promise.reject(new Error('not here')) }, blankPage(), { languages: ['eng'] });
    // Read turned, the stand-in reads no better, so the page stands upright and is finished
    // within turned-look (a step is told as it ends: the one within before the one around it),
    // not within as-came-kept before it.
    expect(ran.filter((name) => name === 'second-recogniser')).toHaveLength(1);
    expect(ran.indexOf('second-recogniser')).toBeGreaterThan(ran.indexOf('as-came-kept'));
    expect(ran.indexOf('second-recogniser')).toBeLessThan(ran.indexOf('turned-look'));
    expect(page.partial).toBe(true);
  });

  test('a blank picture Tesseract reads nothing on is not handed to the second recogniser nor looked at turned; a mark on it is', async () => {
    const readsNothing = (page: ReturnType<typeof blankPage>) => {
      const ran: string[] = [];
      let modelAsked = 0;
      const engine: OcrEngine = {
        name: 'stand-in',
        recognize: async () => ({ lines: [] }),
        lineModel: () => {
          modelAsked++;
          return Promise.reject(new Error('not here'));
        },
        steps: { onStep: (run) => ran.push(run.name) },
        terminate: async () => {},
      };
      return { read: () => recognizePage(engine, page, { languages: ['eng'] }).catch(() => undefined), ran, modelAsked: () => modelAsked };
    };
    const blank = readsNothing(blankPage());
    await blank.read();
    expect(blank.ran).not.toContain('second-recogniser');
    expect(blank.ran).not.toContain('turned-look');
    expect(blank.modelAsked()).toBe(0);
    // One dark stroke too tall for a letter (a sign's): the second recogniser is still asked.
    const marked = createGreyImage(400, 400);
    for (let y = 40; y < 360; y++) marked.data.fill(0, y * 400 + 100, y * 400 + 160);
    const mark = readsNothing(marked);
    await mark.read();
    expect(mark.ran).toContain('second-recogniser');
    expect(mark.ran).toContain('turned-look');
  });

  test('a step switched off is skipped: its reading is not made and its repair not done', async () => {
    // Read unsure at print's resolution, so read at a screen's too.
    const on = standIn('Read ‘‘well’’', 85);
    const all = await recognizePage(on.engine, blankPage(), { languages: ['eng'] });
    expect(all.text).toBe('Read “well”');
    expect(on.calls.some((options) => options.dpi === 96)).toBe(true);

    const off = standIn('Read ‘‘well’’', 85, ['as-came-96', 'paired-quotes']);
    const some = await recognizePage(off.engine, blankPage(), { languages: ['eng'] });
    expect(off.ran).not.toContain('as-came-96');
    expect(off.ran).not.toContain('paired-quotes');
    expect(off.ran).toContain('as-came-300');
    expect(off.calls.some((options) => options.dpi === 96)).toBe(false);
    expect(some.text).toBe('Read ‘‘well’’');
  });

  test('preparation switched off reads the page as it came', async () => {
    const { engine, ran, calls } = standIn('Read well', 95, ['prepare', 'clean-once']);
    const grey = blankPage();
    const page = await recognizePage(engine, grey, { languages: ['eng'] });
    // Laid out by Tesseract itself, so ink its layout left unread is sought.
    expect(ran.slice(0, 5)).toEqual(['sharpen-soft', 'descreen', 'read', 'unread-ink', 'read-page']);
    expect(calls[0]!.segmentation).toBe('auto');
    expect(page.image).toBe(grey);
  });

  test('a short page whose language is found by reading it whole with that language is not read again', async () => {
    const { engine, calls } = standIn('The committee will publish the annual report on the website before the meeting of the members in March', 95);
    const page = await recognizePage(engine, blankPage(), { languages: [] });
    expect(page.language?.codes).toEqual(['eng']);
    // Detection's reading, told print's resolution: the page's reading as it came, taken up.
    expect(calls.filter((call) => call.dpi === 300)).toHaveLength(1);
    expect(calls.filter((call) => call.dpi === undefined && call.languages.join() === 'eng')).toHaveLength(0);
  });

  test("an upright scan's languages are found while it is prepared: preparation does not wait for detection's reading", async () => {
    const { engine, ran } = standIn('The committee will publish the annual report on the website before the meeting of the members in March', 95);
    const recognize = engine.recognize;
    // Detection's first reading ends only once preparation has run: awaited before it, the page never would be read.
    let prepared: () => void = () => {};
    const preparation = new Promise<void>((resolve) => (prepared = resolve));
    engine.steps = {
      onStep: (run) => {
        ran.push(run.name);
        if (run.name === 'prepare') prepared();
      },
    };
    let first = true;
    engine.recognize = async (image, options) => {
      if (first) {
        first = false;
        await preparation;
      }
      return recognize(image, options);
    };
    const page = await recognizePage(engine, blankPage(), { languages: [] });
    expect(page.language?.codes).toEqual(['eng']);
    expect(ran.slice(0, 4)).toEqual(['sharpen-soft', 'descreen', 'prepare', 'find-languages']);
  });

  // A photo's darkest rows are the desk or a shadow: its text is where preparation evened it.
  test("a photo's languages are found on it prepared, and nothing is read before they are", async () => {
    const { engine, calls, ran } = standIn('Die Kommission wird den Jahresbericht vor der Sitzung der Mitglieder im März auf der Webseite veröffentlichen', 95);
    const photo = createGreyImage(200, 60);
    for (let y = 0; y < photo.height; y++) for (let x = 0; x < photo.width; x++) photo.data[y * photo.width + x] = 90 + Math.round((160 * x) / photo.width);
    const page = await recognizePage(engine, photo, { languages: [] });
    expect(page.language).toEqual({ codes: ['deu'], tags: ['de'], detected: true });
    expect(ran.indexOf('find-languages')).toBe(ran.indexOf('prepare') + 1);
    expect(calls[0]?.languages).toEqual(['eng']);
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls.slice(1)) expect(call.languages).toEqual(['deu']);
  });

  test("a short page in the reader's own Latin language is first read in it, and that reading stands for the page's", async () => {
    const { engine, calls } = standIn('Die Kommission wird den Jahresbericht vor der Sitzung der Mitglieder im März auf der Webseite veröffentlichen', 95);
    const page = await recognizePage(engine, blankPage(), { languages: [], preferredLanguage: 'deu' });
    expect(page.language?.codes).toEqual(['deu']);
    expect(calls[0]?.languages).toEqual(['deu']);
    expect(calls.filter((call) => call.dpi === 300)).toHaveLength(1);
  });

  test('a step that is not there, or one the reading needs, cannot be switched off', async () => {
    await expect(recognizePage(standIn('x', 95, ['no-such-step' as StepName]).engine, blankPage(), { languages: ['eng'] })).rejects.toThrow(/no-such-step/);
    await expect(recognizePage(standIn('x', 95, ['read-page']).engine, blankPage(), { languages: ['eng'] })).rejects.toThrow(/read-page/);
    expect(
      pipelineSteps()
        .filter((step) => !step.switchable)
        .map((step) => step.name),
    ).toEqual(['find-languages', 'read-page', 'read', 'frames-back', 'as-came-kept']);
  });
});

describe('never noise', () => {
  test('a reading of noise gives way to the plain reading of the page as it came', async () => {
    // Prepared, the page reads as noise; as it came (the engine's own layout, no dpi told) it
    // reads as words. The stand-in's dictionary knows the words.
    const ran: string[] = [];
    const words = ['The', 'parts', 'list', 'shows', 'every', 'number'];
    const noise: OcrLine = {
      words: ['fd', 'BRWRWRWW', '89888689999', 'fd'].map((text, i) => ({ text, confidence: 70, box: { x0: 10 + 40 * i, y0: 10, x1: 45 + 40 * i, y1: 40 } })),
      box,
      paragraph: '1',
    };
    const text: OcrLine = {
      words: words.map((word, i) => ({ text: word, confidence: 70, box: { x0: 10 + 30 * i, y0: 10, x1: 35 + 30 * i, y1: 40 } })),
      box,
      paragraph: '1',
    };
    const engine: OcrEngine = {
      name: 'stand-in',
      // The plain reading is the one told no segmentation but the automatic one and no dpi.
      recognize: async (_image, options) => ({ lines: [structuredClone(options.segmentation === 'auto' && !options.dpi ? text : noise)] }),
      dictionary: async () => ({ has: (word: string) => words.some((known) => known.toLowerCase() === word.toLowerCase()) }),
      steps: { off: new Set(['clean-once', 'as-came-300', 'as-came-96']), onStep: (run) => ran.push(`${run.name}${run.changed ? '*' : ''}`) },
      terminate: async () => {},
    };
    const page = await recognizePage(engine, blankPage(), { languages: ['eng'] });
    expect(ran).toContain('never-noise*');
    expect(page.text).toBe(words.join(' '));
    // And it stands aside where the kept reading holds as much.
    const plainNoise = await recognizePage({ ...engine, recognize: async () => ({ lines: [structuredClone(text)] }) }, blankPage(), { languages: ['eng'] });
    expect(plainNoise.text).toBe(words.join(' '));
  });
});

describe('the second recogniser', () => {
  test('takes Tesseract’s words from its reading as laid out where the reading as one block read columns into each other, and worse', async () => {
    const word = (text: string, x0: number, x1: number) => ({ text, confidence: 85, box: { x0, y0: 10, x1, y1: 40 } });
    const lineOf = (words: ReturnType<typeof word>[]): OcrLine => ({ words, box: { x0: 10, y0: 10, x1: 190, y1: 40 }, paragraph: '1.1' });
    // As one block, each word's end came again from the column beside it, over the word, and
    // the words came out misread.
    const asOneBlock = lineOf([
      word('pa', 10, 40),
      word('pagc', 12, 60),
      word('re', 70, 100),
      word('rcad', 72, 120),
      word('we', 130, 150),
      word('wcll', 131, 170),
    ]);
    const laidOut = lineOf([word('page', 12, 60), word('read', 72, 120), word('well', 131, 170)]);
    const engine: OcrEngine = {
      name: 'stand-in',
      recognize: async (_image, { segmentation }) => ({ lines: [structuredClone(segmentation === 'block' ? asOneBlock : laidOut)] }),
      dictionary: async () => ({ has: (text: string) => ['page', 'read', 'well'].includes(text) }),
      // Finds no line: Tesseract's words all stand, as they are where the detector finds nothing.
      lineModel: async () => ({
        detect: async ({ dims }) => ({ data: new Float32Array(dims[2]! * dims[3]!), dims: [1, 1, dims[2]!, dims[3]!] }),
        recognize: async () => ({ data: new Float32Array(), dims: [1, 0, 0] }),
        characters: [],
      }),
      terminate: async () => {},
    };
    const page = await recognizePage(engine, blankPage(), { languages: ['eng'] });
    expect(page.text).toBe('page read well');
  });
});

describe('the per-word choice between two models', () => {
  test(
    'runs where the engine has a second model of the page’s languages and a word is in doubt; ' + 'one that cannot be had leaves the page as the first read it',
    async () => {
      const models: Array<string | undefined> = [];
      const withSecond = (confidence: number, second: () => Promise<never> | undefined) => {
        const read = standIn('Read well', confidence);
        const engine: OcrEngine = {
          ...read.engine,
          secondModel: (languages) => languages.every((code) => code === 'fra'),
          recognize: async (image, options) => {
            models.push(options.model);
            return (options.model === 'second' && second()) || read.engine.recognize(image, options);
          },
        };
        return { engine, ran: read.ran };
      };
      await recognizePage(withSecond(80, () => undefined).engine, blankPage(), { languages: ['eng'] });
      expect(models).not.toContain('second');
      // Read sure of every word: the second model is not asked.
      await recognizePage(withSecond(95, () => undefined).engine, blankPage(), { languages: ['fra'] });
      expect(models).not.toContain('second');
      const unsure = withSecond(80, () => undefined);
      const page = await recognizePage(unsure.engine, blankPage(), { languages: ['fra'] });
      expect(models).toContain('second');
      expect(unsure.ran).toContain('word-choice');
      expect(page.text).toBe('Read well');
      // Its download failed (the browser): the page still reads.
      const failed = await recognizePage(withSecond(80, () => Promise.reject(new Error('HTTP 404'))).engine, blankPage(), { languages: ['fra'] });
      expect(failed.text).toBe('Read well');
    },
  );

  test(
    'where only some lines are in doubt, the second model reads the page with the lines read sure blanked, ' + "and its words take the doubtful ones' place",
    async () => {
      const at = (y: number, texts: string[], confidence = 96): OcrLine => ({
        words: texts.map((text, i) => ({ text, confidence: text === 'tbe' ? 50 : confidence, box: { x0: 20 + 60 * i, y0: y, x1: 70 + 60 * i, y1: y + 20 } })),
        box: { x0: 20, y0: y, x1: 20 + 60 * texts.length - 10, y1: y + 20 },
        paragraph: '1.1',
      });
      const first = [at(20, ['one', 'line', 'here']), at(60, ['and', 'tbe', 'next']), at(100, ['then', 'a', 'third']), at(140, ['and', 'a', 'last'])];
      // Ink where each line is: the page the second model is given shows which it was left.
      const image = createGreyImage(400, 200);
      image.data.fill(255);
      for (const line of first) for (let y = line.box.y0 + 5; y < line.box.y1 - 5; y++) image.data.fill(0, y * 400 + line.box.x0, y * 400 + line.box.x1);
      const inkRows: number[][] = [];
      const engine: OcrEngine = {
        name: 'stand-in',
        secondModel: () => true,
        dictionary: async () => ({
          has: (word: string) => ['one', 'line', 'here', 'and', 'the', 'next', 'then', 'third', 'last'].includes(word.toLowerCase()),
        }),
        recognize: async (pgm, options) => {
          if (options.model !== 'second') return { lines: structuredClone(first) };
          const header = new TextDecoder().decode(pgm.subarray(0, 20)).split(/\s+/);
          const [width, height] = [Number(header[1]), Number(header[2])];
          const pixels = pgm.subarray(pgm.length - width * height);
          inkRows.push([...Array(height).keys()].filter((y) => pixels.subarray(y * width, (y + 1) * width).some((value) => value < 128)));
          return { lines: [at(60, ['and', 'the', 'next'], 95)] };
        },
        steps: { off: new Set(['clean-once', 'as-came-300', 'as-came-96', 'never-noise', 'turned-look', 'prepare']) },
        terminate: async () => {},
      };
      const page = await recognizePage(engine, image, { languages: ['eng'] });
      expect(inkRows).toHaveLength(1);
      // Only the doubtful line's ink is left for the second model.
      expect(Math.min(...inkRows[0]!)).toBeGreaterThanOrEqual(60);
      expect(Math.max(...inkRows[0]!)).toBeLessThan(80);
      expect(page.text).toBe('one line here\nand the next\nthen a third\nand a last');
    },
  );
});

describe('a reading ahead of need', () => {
  /** The stand-in read in parallel, refusing readings ahead of need where `refuse`. */
  const parallel = (confidence: number, refuse = false) => {
    const standing = standIn('Read well', confidence);
    const { recognize } = standing.engine;
    const engine: OcrEngine = {
      ...standing.engine,
      parallel: true,
      recognize(image, options) {
        if (!refuse || !options.spare) return recognize(image, options);
        standing.calls.push(options);
        return Promise.reject(new Error('busy'));
      },
    };
    return { ...standing, engine };
  };
  const at96 = (calls: OcrOptions[]) => calls.filter((call) => call.dpi === 96).map((call) => Boolean(call.spare));

  test('a clean page read sure at 300 dpi stops the 96 dpi reading started beside it', async () => {
    const { engine, calls } = parallel(95);
    await recognizePage(engine, blankPage(), { languages: ['eng'] });
    expect(at96(calls)).toEqual([true]);
    expect(calls.find((call) => call.spare)?.signal?.aborted).toBe(true);
  });

  test('an unsure page takes up the reading made ahead, and reads it only once', async () => {
    const { engine, calls, ran } = parallel(85);
    await recognizePage(engine, blankPage(), { languages: ['eng'] });
    expect(ran).toContain('as-came-96');
    expect(at96(calls)).toEqual([true]);
  });

  test('refused for want of a spare core, the reading is made when the page needs it', async () => {
    const { engine, calls } = parallel(85, true);
    await recognizePage(engine, blankPage(), { languages: ['eng'] });
    expect(at96(calls)).toEqual([true, false]);
  });

  test('an engine that reads one thing at a time is asked nothing ahead of need', async () => {
    const { engine, calls } = standIn('Read well', 85);
    await recognizePage(engine, blankPage(), { languages: ['eng'] });
    expect(calls.some((call) => call.spare)).toBe(false);
    expect(at96(calls)).toEqual([false]);
  });
});
