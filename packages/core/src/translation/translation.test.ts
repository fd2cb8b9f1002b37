import { describe, expect, it } from 'vitest';
import type { ConversionError } from '../errors.ts';
import { apertiumPairs, apertiumRoute, mendMovedCapital } from './apertium.ts';
import { chooseEngine, noTranslator, requireEngine, type Availability, type TranslationEngine } from './engines.ts';
import { languageOfOcr } from './languages.ts';
import { parseTranslateRequest, TRANSLATE_MAX_CHARS } from './translate-request.ts';
import { planTranslation, translateText, TRANSLATION_BATCH_CHARS, TRANSLATION_BATCH_LINES } from './translate-text.ts';

function fake(id: TranslationEngine['id'], answer: Availability | 'throws', calls: string[][] = []): TranslationEngine {
  return {
    id,
    availability: async () => {
      if (answer === 'throws') throw new Error('not reachable');
      return answer;
    },
    translate: async (texts) => {
      calls.push(texts);
      return texts.map((text) => `<${text.toUpperCase()}>`);
    },
  };
}

const pair = { source: 'en', target: 'es' };

describe('the engine chooser', () => {
  it('takes the first engine that translates now, in order', async () => {
    const choice = await chooseEngine([fake('device', 'unavailable'), fake('apertium', 'available'), fake('libretranslate', 'available')], pair);
    expect(choice).toMatchObject({ engine: { id: 'apertium' }, needsDownload: false });
    expect((await chooseEngine([fake('device', 'available'), fake('apertium', 'available')], pair))?.engine.id).toBe('device');
  });

  it('prefers an engine ready now over the browser one that needs a download first', async () => {
    const choice = await chooseEngine([fake('device', 'downloadable'), fake('apertium', 'available')], pair);
    expect(choice).toMatchObject({ engine: { id: 'apertium' }, needsDownload: false });
  });

  it('falls back to the download when nothing else can', async () => {
    const choice = await chooseEngine([fake('device', 'downloadable'), fake('apertium', 'unavailable')], pair);
    expect(choice).toMatchObject({ engine: { id: 'device' }, needsDownload: true });
  });

  it('asks in turn, and no further once one can: a slow engine later in the list holds nothing up', async () => {
    let asked = false;
    const slow: TranslationEngine = {
      ...fake('libretranslate', 'available'),
      availability: async () => {
        asked = true;
        return 'available';
      },
    };
    expect((await chooseEngine([fake('apertium', 'available'), slow], pair))?.engine.id).toBe('apertium');
    expect(asked).toBe(false);
  });

  it('counts an engine that cannot be asked as unable, and says when none can', async () => {
    expect(await chooseEngine([fake('apertium', 'throws'), fake('libretranslate', 'unavailable')], pair)).toBeUndefined();
    expect((await chooseEngine([fake('apertium', 'throws'), fake('libretranslate', 'available')], pair))?.engine.id).toBe('libretranslate');
    await expect(requireEngine([fake('device', 'downloadable')], { source: 'en', target: 'de' })).rejects.toMatchObject({
      code: 'no-translator',
      message: 'No translation engine here translates en to de.',
      details: { source: 'en', target: 'de' },
    });
    expect(noTranslator({ source: 'en', target: 'de' }, 'Apertium').message).toBe('Apertium does not translate en to de.');
  });

  it('takes the source language from the first OCR language', () => {
    expect(languageOfOcr(['eng'])).toBe('en');
    expect(languageOfOcr(['chi_sim', 'eng'])).toBe('zh');
    expect(languageOfOcr(['fra'])).toBe('fr');
    expect(languageOfOcr(['ell'])).toBe('el');
    expect(languageOfOcr(['chi_tra_vert'])).toBe('zh');
  });
});

describe('the translation plan', () => {
  it('joins a sentence wrapped over printed lines and keeps lines that stand alone', () => {
    const text = [
      'This is a lot of 12 point text to test the',
      'ocr code and see if it works on all types',
      'of file format.',
      '',
      'Shopping list:',
      '- two apples',
      '- bread',
      '',
      'ACME Ltd',
      '12 High Street',
    ].join('\n');
    expect(planTranslation(text)).toEqual([
      ['This is a lot of 12 point text to test the ocr code and see if it works on all types of file format.'],
      ['Shopping list:', '- two apples', '- bread'],
      ['ACME Ltd', '12 High Street'],
    ]);
  });

  it('mends a word hyphenated at a line end, and joins Chinese lines without a space', () => {
    expect(planTranslation('The translation engine is only as good as its com-\npiled dictionaries allow it to be today')).toEqual([
      ['The translation engine is only as good as its compiled dictionaries allow it to be today'],
    ]);
    expect(planTranslation('这是一个很长的句子，它在打印时被分成了两行，因为这一行已经写满了\n所以继续写在下一行')).toEqual([
      ['这是一个很长的句子，它在打印时被分成了两行，因为这一行已经写满了所以继续写在下一行'],
    ]);
  });

  it('keeps a numbered list as its items, however long they are', () => {
    const items = ['1. Choose the language you want the text translated into.', '2. Upload a photo or a screenshot of the text.'];
    expect(planTranslation(items.join('\n'))).toEqual([items]);
  });
});

describe('translateText', () => {
  it('translates paragraph by paragraph and keeps the structure', async () => {
    const out = await translateText(
      'A title\n\nA sentence that wraps over the end of a printed line\nand goes on here.\n\nOne\nTwo',
      fake('apertium', 'available'),
      pair,
    );
    expect(out).toBe('<A TITLE>\n\n<A SENTENCE THAT WRAPS OVER THE END OF A PRINTED LINE AND GOES ON HERE.>\n\n<ONE>\n<TWO>');
  });

  it('sends a long text in batches of whole paragraphs and reports each', async () => {
    const paragraph = `${'Word '.repeat(150).trim()}.`;
    const text = Array.from({ length: 20 }, () => paragraph).join('\n\n');
    const calls: string[][] = [];
    const progress: Array<[number, number, number]> = [];
    const out = await translateText(text, fake('apertium', 'available', calls), pair, {
      onProgress: (fraction, stage, detail) => {
        expect(stage).toBe('translating');
        progress.push([fraction, detail!.page, detail!.pages]);
      },
    });
    expect(out.split('\n\n')).toHaveLength(20);
    expect(calls.length).toBeGreaterThan(1);
    for (const batch of calls) expect(batch.join('\n').length).toBeLessThanOrEqual(TRANSLATION_BATCH_CHARS);
    expect(progress[0]).toEqual([0, 1, 20]);
    expect(progress.at(-1)).toEqual([1, 20, 20]);
    expect(progress.map(([fraction]) => fraction)).toEqual([...progress.map(([fraction]) => fraction)].sort((a, b) => a - b));
  });

  it('cuts a long paragraph of short lines into batches the API takes', async () => {
    const prices = Array.from({ length: 600 }, (_, index) => `Item ${index + 1}: ${index}.99`).join('\n');
    const calls: string[][] = [];
    const out = await translateText(prices, fake('apertium', 'available', calls), pair);
    expect(out.split('\n')).toHaveLength(600);
    expect(out.split('\n')[599]).toBe('<ITEM 600: 599.99>');
    expect(calls.length).toBeGreaterThanOrEqual(6);
    for (const batch of calls) expect(batch.length).toBeLessThanOrEqual(TRANSLATION_BATCH_LINES);
  });

  it('stops between batches once cancelled', async () => {
    const controller = new AbortController();
    const calls: string[][] = [];
    const engine = fake('apertium', 'available', calls);
    const stopping: TranslationEngine = {
      ...engine,
      translate: async (texts, asked) => {
        const out = await engine.translate(texts, asked);
        controller.abort();
        return out;
      },
    };
    const text = Array.from({ length: 5 }, () => 'Word '.repeat(300).trim()).join('\n\n');
    await expect(translateText(text, stopping, pair, { signal: controller.signal })).rejects.toMatchObject({ code: 'cancelled' });
    expect(calls).toHaveLength(1);
  });
});

describe('Apertium routes', () => {
  const debian = [
    ['eng', 'spa'],
    ['spa', 'eng'],
    ['spa', 'fra'],
    ['fra', 'spa'],
    ['spa', 'eng_US'],
  ] as const;

  it('goes direct where APy has the pair, and through a third language where it has not', () => {
    expect(apertiumRoute(debian, { source: 'en', target: 'es' })).toEqual([['eng', 'spa']]);
    expect(apertiumRoute(debian, { source: 'en', target: 'fr' })).toEqual([
      ['eng', 'spa'],
      ['spa', 'fra'],
    ]);
    expect(apertiumRoute(debian, { source: 'en', target: 'de' })).toBeUndefined();
    expect(apertiumPairs(debian)).toContainEqual({ source: 'en', target: 'fr', via: 'es' });
    expect(apertiumPairs(debian)).toContainEqual({ source: 'en', target: 'es' });
    expect(apertiumPairs(debian).some((listed) => listed.target === 'de')).toBe(false);
  });

  it('puts a capital Apertium moved inside the sentence back at its start, names kept', () => {
    expect(mendMovedCapital('Could not bind a socket', 'no Podrían atar un casquete')).toBe('No podrían atar un casquete');
    expect(mendMovedCapital('Could not start Debian', 'no Debian podría empezar')).toBe('No Debian podría empezar');
    expect(mendMovedCapital('could not bind', 'no Podrían atar')).toBe('no Podrían atar');
    expect(mendMovedCapital('The file', 'La lima')).toBe('La lima');
    expect(mendMovedCapital('Operation is similar', "l'opération est similaire")).toBe("L'opération est similaire");
    expect(mendMovedCapital('“Operation” is similar', "« l'opération » est")).toBe("« L'opération » est");
  });
});

describe('POST /api/v1/translate bodies', () => {
  it('takes a text or a list, with the target and an optional source (English)', () => {
    expect(parseTranslateRequest({ text: 'Hello', target: 'es' })).toEqual({ pair: { source: 'en', target: 'es' }, text: 'Hello' });
    expect(parseTranslateRequest({ texts: ['a', 'b'], source: 'fr', target: 'es' })).toEqual({ pair: { source: 'fr', target: 'es' }, texts: ['a', 'b'] });
  });

  it('refuses a bad one, naming the field', () => {
    const refused = (body: unknown) => {
      try {
        parseTranslateRequest(body);
      } catch (error) {
        return error as ConversionError;
      }
      throw new Error('accepted');
    };
    expect(refused({ text: 'Hello' })).toMatchObject({ code: 'bad-request', details: { field: 'target' } });
    expect(refused({ text: 'Hello', target: 'Spanish!' })).toMatchObject({ code: 'bad-request', details: { field: 'target' } });
    expect(refused({ text: 'Hello', texts: ['x'], target: 'es' }).code).toBe('bad-request');
    expect(refused({ text: '   ', target: 'es' }).code).toBe('bad-request');
    expect(refused({ text: 'x'.repeat(TRANSLATE_MAX_CHARS + 1), target: 'es' })).toMatchObject({ details: { field: 'text' } });
    expect(refused({ text: 'Hello', target: 'es', engine: 'x' }).code).toBe('bad-request');
    expect(refused({ text: 'Hello', target: 'es', colour: 'blue' }).code).toBe('bad-request');
    expect(refused({ text: 'Hello', source: 'en', target: 'en' }).message).toContain('target language already');
    expect(refused({ texts: ['one line', 'two\nlines'], target: 'es' }).message).toContain('one line each');
    expect(parseTranslateRequest({ texts: ['Hello'], target: 'de', engine: 'libretranslate' })).toMatchObject({ engine: 'libretranslate' });
  });
});
