import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { photoOfText, truncated } from '../../../test-support/images.ts';
import { buildApp } from './app.ts';

/**
 * What a visitor sends stays out of the logs: the text read from a picture, the picture's bytes,
 * and its file name (a name like "passport-Jane-Doe.jpg" is personal data: the logs keep the
 * request's id, route, status and time, which is what finding a problem needs).
 */
test('the logs hold a request id for each request, never the text read, the file or its name, nor the scrapes', async () => {
  const out = new PassThrough();
  let logged = '';
  out.on('data', (chunk: Buffer) => (logged += chunk.toString('latin1')));
  // trace: the most any level logs, so no level of LOG_LEVEL can show more.
  const app = await buildApp({ logLevel: 'trace', logToTerminal: false, webRoot: '/nonexistent', apiRateLimit: 100 }, { logStream: out });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    const words = ['Quokka', 'Ledger', 'Zanzibar'];
    const picture = await photoOfText(1600, 1200, [words.join(' '), 'Marmalade 4471']);
    const name = 'Jane-Oyelaran-passport';
    const send = (bytes: Buffer, filename: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), filename);
      form.append('language', 'eng');
      return fetch(`${origin}/api/v1/convert/image-to-text`, { method: 'POST', body: form });
    };
    const read = await send(picture, `${name}.jpg`);
    expect(read.status).toBe(200);
    const text = await read.text();
    // The text was read (else its absence from the logs would prove nothing).
    for (const word of [...words, 'Marmalade']) expect(text).toContain(word);
    const broken = await send(truncated(picture), `${name}-copy.jpg`);
    expect(broken.status).toBe(422);
    const ids = [read.headers.get('x-request-id'), broken.headers.get('x-request-id')];
    // A scrape every 15 s is no event: not logged.
    const scrape = await fetch(`${origin}/metrics`);
    expect(scrape.status).toBe(200);
    await app.close();

    const records = logged
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const id of ids) {
      expect(id).toBeTruthy();
      const own = records.filter((record) => record.reqId === id).map((record) => record.msg);
      expect(own).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    }
    expect(records.filter((record) => JSON.stringify(record).includes('/metrics'))).toEqual([]);
    for (const word of [...words, 'Marmalade', 'Oyelaran', 'passport']) expect(logged.toLowerCase()).not.toContain(word.toLowerCase());
    // The figure as a number of its own: a port (44716) or a time holds its digits by chance.
    expect(logged).not.toMatch(/(?<!\d)4471(?!\d)/u);
    // The file's bytes in any form a logger might write them: raw, base64, hex, a Buffer's JSON.
    const sample = picture.subarray(200, 248);
    expect(logged).not.toContain(sample.toString('latin1'));
    expect(logged).not.toContain(sample.toString('base64').slice(0, 40));
    expect(logged).not.toContain(sample.toString('hex'));
    expect(logged).not.toContain(JSON.stringify([...sample.subarray(0, 12)]).slice(1, -1));
  } finally {
    await app.close();
  }
});
