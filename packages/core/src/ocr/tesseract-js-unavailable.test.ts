import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { createTesseractJsEngine } from './tesseract-js.ts';

/** A white page as the engines are given one (binary PGM). */
const blankPage = new Uint8Array([...new TextEncoder().encode('P5\n64 64\n255\n'), ...new Uint8Array(64 * 64).fill(255)]);

test('a model the host cannot give (its server answers 503) fails the reading as language-unavailable, not as a failed reading', {
  timeout: 60_000,
}, async () => {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":"language-unavailable"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const engine = createTesseractJsEngine({ langPath: `http://127.0.0.1:${(server.address() as AddressInfo).port}/lang`, cacheMethod: 'none', workers: 1 });
  try {
    await expect(engine.recognize(blankPage, { languages: ['ara'] })).rejects.toMatchObject({ code: 'language-unavailable', details: { language: 'ara' } });
    expect(asked).toEqual(['/lang/ara.traineddata.gz']);
  } finally {
    await engine.terminate();
    server.close();
  }
});
