import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { packTar } from 'modern-tar';
import { gzipSync } from 'node:zlib';

/** A package of the fake registry: the best_int model its tarball holds, and how it misbehaves. */
export interface FakeModelPackage {
  model: Uint8Array;
  /** Serve another well-formed tarball (its model replaced) under the integrity of the true one. */
  tamper?: boolean;
  /** More entries in the tarball (a path that climbs out, a second model), by name. */
  extra?: Record<string, Uint8Array>;
}

export interface FakeNpmRegistry {
  url: string;
  /** Every path asked, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A @tesseract.js-data tarball as npm publishes one: package.json, the legacy folder's model and best_int's. */
export async function modelTarball(code: string, { model, extra = {} }: FakeModelPackage): Promise<Uint8Array> {
  const file = (name: string, body: Uint8Array) => ({ header: { name, size: body.byteLength, type: 'file' as const }, body });
  const json = new TextEncoder().encode(JSON.stringify({ name: `@tesseract.js-data/${code}`, version: '1.0.0' }));
  const tar = await packTar([
    file('package/package.json', json),
    file(`package/4.0.0/${code}.traineddata.gz`, gzipSync(Buffer.from('legacy model, never kept'))),
    ...Object.entries(extra).map(([name, body]) => file(name, body)),
    file(`package/4.0.0_best_int/${code}.traineddata.gz`, model),
  ]);
  return gzipSync(tar);
}

/**
 * A local npm registry answering `/@tesseract.js-data%2f{code}/1.0.0` (and the unescaped form)
 * with the version's document, and its tarball, for the packages given; 404 for any other.
 */
export async function startFakeNpmRegistry(packages: Record<string, FakeModelPackage>): Promise<FakeNpmRegistry> {
  const tarballs = new Map<string, { served: Uint8Array; integrity: string }>();
  for (const [code, spec] of Object.entries(packages)) {
    const tarball = await modelTarball(code, spec);
    const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
    const served = spec.tamper ? await modelTarball(code, { ...spec, model: gzipSync(Buffer.from('a model swapped in on the way')) }) : tarball;
    tarballs.set(code, { served, integrity });
  }
  const requests: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    requests.push(url);
    const document = /^\/@tesseract\.js-data(?:%2f|\/)([a-z_]+)\/1\.0\.0$/i.exec(url);
    const tarball = /^\/tarballs\/([a-z_]+)-1\.0\.0\.tgz$/.exec(url);
    const code = document?.[1] ?? tarball?.[1];
    const found = code ? tarballs.get(code) : undefined;
    if (!found) return response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    if (document) {
      const { port } = server.address() as AddressInfo;
      const dist = { tarball: `http://127.0.0.1:${port}/tarballs/${code}-1.0.0.tgz`, integrity: found.integrity };
      return response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ name: `@tesseract.js-data/${code}`, version: '1.0.0', dist }));
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': found.served.byteLength }).end(found.served);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
