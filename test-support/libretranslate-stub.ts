import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LibreTranslateStub {
  url: string;
  /** Every POST /translate body received, in order. */
  requests: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * A small server speaking LibreTranslate's HTTP API (GET /languages, POST /translate with JSON or
 * a list in `q`, `api_key`, its error shape), for testing our adapter without a real one. It
 * "translates" by tagging each text with the target code, so a test can tell what went where.
 * Languages as LibreTranslate 1.6 lists them: Chinese as "zh-Hans".
 */
export async function startLibreTranslateStub({ apiKey = 'secret' } = {}): Promise<LibreTranslateStub> {
  const languages = [
    { code: 'en', name: 'English', targets: ['de', 'ja', 'zh-Hans', 'es'] },
    { code: 'de', name: 'German', targets: ['en'] },
    { code: 'ja', name: 'Japanese', targets: ['en'] },
    { code: 'zh-Hans', name: 'Chinese', targets: ['en'] },
    { code: 'es', name: 'Spanish', targets: ['en'] },
  ];
  const requests: Array<Record<string, unknown>> = [];
  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/languages') return send(200, languages);
    if (request.method !== 'POST' || request.url !== '/translate') return send(404, { error: 'Not Found' });
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(400, { error: 'Invalid request' });
      }
      requests.push(body);
      if (body.api_key !== apiKey) return send(403, { error: 'Invalid API key' });
      const source = languages.find((language) => language.code === body.source);
      if (!source?.targets.includes(String(body.target))) return send(400, { error: `${String(body.source)} -> ${String(body.target)} is not available` });
      const tag = (text: string) => `[${String(body.target)}] ${text}`;
      const q = body.q;
      if (Array.isArray(q)) return send(200, { translatedText: q.map((text) => tag(String(text))) });
      return send(200, { translatedText: tag(String(q)) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
