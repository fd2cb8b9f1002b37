import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, expectTypeOf, test } from 'vitest';
import { ConversionError, type LanguagePair, type OfficeDocument, type TranslationCalls } from '@textlift/core';
import { mainThreadServices, serveCalls, type ServedCalls } from './main-thread-calls.ts';

/** Two services as a thread would call them: one with a method, one with two. */
interface Calls {
  office: { toPdf(document: OfficeDocument, signal?: AbortSignal): Promise<Uint8Array> };
  translation: TranslationCalls;
}

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const { port1, port2 } of channels.splice(0)) {
    port1.close();
    port2.close();
  }
});

/** Both ends of a job's channel in this thread: what the main thread serves, and the thread's services. */
function connect(served: ServedCalls<Calls>, signal = new AbortController().signal) {
  const channel = new MessageChannel();
  channels.push(channel);
  return { serving: serveCalls<Calls>(channel.port1, signal, served), services: mainThreadServices<Calls>(channel.port2) };
}

const pair: LanguagePair = { source: 'en', target: 'es' };

const answering: ServedCalls<Calls> = {
  office: { toPdf: async ({ bytes, extension }) => new TextEncoder().encode(`%PDF ${extension} ${bytes.length}`) },
  translation: {
    engineFor: async ({ target }) => (target === 'es' ? 'apertium' : Promise.reject(new ConversionError('no-translator', 'None.', { target }))),
    translate: async ({ engine, texts, pair: asked }) => texts.map((text) => `${engine}:${asked.target}:${text}`),
  },
};

describe('a thread calls the main thread by service and method', () => {
  test('each call reaches its own method with its argument, and its answer comes back', async () => {
    const { serving, services } = connect(answering);
    const pdf = await services.office.toPdf({ bytes: new Uint8Array([1, 2, 3]), extension: 'docx' });
    expect(new TextDecoder().decode(pdf)).toBe('%PDF docx 3');
    expect(await services.translation.engineFor(pair)).toBe('apertium');
    expect(await services.translation.translate({ engine: 'apertium', texts: ['one', 'two'], pair })).toEqual(['apertium:es:one', 'apertium:es:two']);
    await serving.close();
  });

  test('a failure keeps its code and details; an unknown name is the engine failing, never a crash', async () => {
    const throwsAtOnce: ServedCalls<Calls> = {
      ...answering,
      office: {
        toPdf: () => {
          throw new ConversionError('engine-unavailable', 'No LibreOffice.');
        },
      },
    };
    const { serving, services } = connect(throwsAtOnce);
    await expect(services.translation.engineFor({ source: 'en', target: 'de' })).rejects.toMatchObject({ code: 'no-translator', details: { target: 'de' } });
    await expect(services.office.toPdf({ bytes: new Uint8Array(1), extension: 'doc' })).rejects.toMatchObject({ code: 'engine-unavailable' });
    // Names outside the interface, as a confused or hostile thread could send them.
    const loose = services as unknown as Record<string, Record<string, (argument: unknown) => Promise<unknown>>>;
    await expect(loose.office!.constructor!({})).rejects.toMatchObject({ code: 'engine-failed', message: 'No such engine: office.constructor' });
    await expect(loose.toString!.call!({})).rejects.toMatchObject({ code: 'engine-failed' });
    await expect(loose.ocr!.tesseract!({})).rejects.toMatchObject({ code: 'engine-failed', message: 'No such engine: ocr.tesseract' });
    // Awaiting a service is not a call.
    expect(await services.office).toBe(services.office);
    await serving.close();
  });

  test("the job's end stops the work under way, and close() waits for it", async () => {
    const job = new AbortController();
    let stoppedBy: unknown;
    let settled = false;
    let started: () => void;
    const arrived = new Promise<void>((resolve) => (started = resolve));
    const slow: ServedCalls<Calls> = {
      ...answering,
      office: {
        toPdf: (_document, signal) =>
          new Promise((_, reject) => {
            started();
            signal.addEventListener('abort', () => {
              stoppedBy = signal.reason;
              // Settles a moment after the abort, as a killed process is reaped.
              setImmediate(() => {
                settled = true;
                reject(signal.reason);
              });
            });
          }),
      },
    };
    const { serving, services } = connect(slow, job.signal);
    const call = services.office.toPdf({ bytes: new Uint8Array(1), extension: 'docx' });
    call.catch(() => {});
    await arrived;
    job.abort(new ConversionError('timeout', 'Too long.'));
    await serving.close();
    expect(stoppedBy).toMatchObject({ code: 'timeout' });
    expect(settled).toBe(true);
  });

  test("a call's own signal stops that call's work only; the job and its other calls go on", async () => {
    const signals: AbortSignal[] = [];
    const waits: ServedCalls<Calls> = {
      ...answering,
      office: {
        toPdf: (_document, signal) => {
          signals.push(signal);
          return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
        },
      },
    };
    const job = new AbortController();
    const { serving, services } = connect(waits, job.signal);
    const ahead = new AbortController();
    const stopped = services.office.toPdf({ bytes: new Uint8Array(1), extension: 'docx' }, ahead.signal);
    const kept = services.office.toPdf({ bytes: new Uint8Array(1), extension: 'docx' });
    kept.catch(() => {});
    await expect.poll(() => signals.length).toBe(2);
    ahead.abort();
    await expect(stopped).rejects.toMatchObject({ code: 'cancelled' });
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    expect(job.signal.aborted).toBe(false);
    expect(await services.translation.engineFor(pair)).toBe('apertium');
    // Aborted before it is sent, a call is not sent.
    await expect(services.office.toPdf({ bytes: new Uint8Array(1), extension: 'docx' }, ahead.signal)).rejects.toThrow();
    expect(signals).toHaveLength(2);
    job.abort(new ConversionError('timeout', 'Too long.'));
    await serving.close();
    expect(signals[1]!.aborted).toBe(true);
  });

  test('the names, arguments and answers are checked when compiled', () => {
    const { services } = connect(answering);
    expectTypeOf(services.office.toPdf).parameter(0).toEqualTypeOf<OfficeDocument>();
    expectTypeOf(services.translation.engineFor).returns.resolves.toEqualTypeOf<'device' | 'apertium' | 'libretranslate'>();
    // @ts-expect-error: a service has only the methods its interface names.
    expectTypeOf(services.office.toDocx).toBeFunction();
    // @ts-expect-error: a served method is missing.
    const incomplete: ServedCalls<Calls> = { office: answering.office, translation: { engineFor: answering.translation.engineFor } };
    // @ts-expect-error: a served method answers what its interface says.
    const wrong: ServedCalls<Calls> = { ...answering, office: { toPdf: async () => 'not a PDF' } };
    expect([incomplete, wrong]).toHaveLength(2);
  });
});
