import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ConversionError } from '@textlift/core/errors';
import { findTool, type ToolDefinition } from '@textlift/core/tools';
import { startApiServer } from '../../../../test-support/api-server.ts';
import { xhrOverFetch } from '../../../../test-support/xhr-over-fetch.ts';
import { runJob } from './run-job.ts';

// A device tool is sent to the server as if it ran there, to prove the page's server path against
// the real API without paying for LibreOffice's start (Word to PDF takes this path for real: e2e).
const asServerTool = (slug: string): ToolDefinition => ({ ...findTool(slug)!, runsOn: 'server' });

let app: FastifyInstance;
beforeAll(async () => {
  let origin: string;
  ({ app, origin } = await startApiServer());
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = xhrOverFetch(origin);
});
afterAll(async () => {
  delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
  await app.close();
});

test("a server tool's page job goes to the API and comes back as the same result, named by Content-Disposition", async () => {
  const stages: string[] = [];
  const result = await runJob(asServerTool('text-to-pdf'), { text: 'Zażółć gęślą jaźń — Привет' }, {}, { onProgress: (_, stage) => stages.push(stage) });
  expect(stages).toEqual(['uploading', 'converting']);
  const [output] = result.outputs;
  expect([output!.name, output!.type]).toEqual(['Zażółć gęślą jaźń — Привет.pdf', 'application/pdf']);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'textlift-run-job-')), 'out.pdf');
  writeFileSync(file, output!.bytes);
  expect(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })).toContain('Zażółć gęślą jaźń — Привет');
});

test('files and options travel as the form the API reads; its errors come back with their codes', async () => {
  const pdf = new File([new TextEncoder().encode('%PDF-1.4 nothing else')], 'broken.pdf', { type: 'application/pdf' });
  const merge = asServerTool('merge-pdf');
  const error = await runJob(merge, { files: [pdf, pdf] }, { passwords: ['', ''] }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ConversionError);
  expect((error as ConversionError).code).toBe('corrupt');

  const tooFew = await runJob(merge, { files: [pdf] }, {}).catch((caught: unknown) => caught);
  expect((tooFew as ConversionError).code).toBe('too-few-files');
});

test('a cancelled server job rejects as cancelled', async () => {
  const controller = new AbortController();
  const job = runJob(asServerTool('text-to-pdf'), { text: 'x '.repeat(200_000) }, {}, { signal: controller.signal });
  controller.abort();
  await expect(job).rejects.toMatchObject({ code: 'cancelled' });
});

test('a server tool with our server out of reach (offline) says so, not that the file failed', async () => {
  const reachable = (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
  // Port 9 (discard) on this host has no server: the connection is refused, as when offline.
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = xhrOverFetch('http://127.0.0.1:9');
  try {
    await expect(runJob(asServerTool('text-to-pdf'), { text: 'offline' }, {})).rejects.toMatchObject({ code: 'server-unreachable' });
  } finally {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = reachable;
  }
});
