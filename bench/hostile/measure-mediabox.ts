// Measurement (not a test): the peak resident memory (VmHWM) of a process that runs one
// conversion of a one-page PDF with a huge MediaBox, for each tool that draws PDF pages. Each
// tool runs in a child process of its own, so each peak is that job's alone.
// Run: node bench/hostile/measure-mediabox.ts [side in points, default 200000] [tool slugs...]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDFDocument, rgb } from '@cantoo/pdf-lib';

const TOOLS = ['pdf-to-text', 'pdf-to-word', 'pdf-to-jpg', 'pdf-to-excel', 'image-to-text', 'barcode-scanner'];

const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
const mb = (k: number) => Math.round(k / 1024);

/** One page `side` × `side` points with a few dark shapes spread over it and no text layer. */
export async function hugeMediaBoxPdf(side: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([side, side]);
  for (let k = 1; k < 10; k++) page.drawRectangle({ x: (side * k) / 10, y: (side * k) / 10, width: side / 40, height: side / 40, color: rgb(0.1, 0.1, 0.1) });
  return doc.save();
}

if (process.argv[2] === '--child') {
  const [, , , slug, sideText] = process.argv;
  const { loadConfig } = await import('../../packages/server/src/config.ts');
  const { createOcrProvider } = await import('../../packages/server/src/engines/ocr-provider.ts');
  const { createNodeHost } = await import('../../packages/server/src/engines/node-host.ts');
  const { runTool } = await import('@textlift/core');
  const { scannedPdf } = await import('../../packages/server/src/hostile/fixtures.ts');
  // Side 0: an ordinary scanned A4 page instead, for comparison.
  const bytes = Number(sideText) > 0 ? await hugeMediaBoxPdf(Number(sideText)) : await scannedPdf(1);
  const provider = await createOcrProvider(loadConfig({ logLevel: 'warn' }));
  const { host, release } = createNodeHost(provider);
  const before = kb('VmRSS');
  const started = performance.now();
  let status = 'ok';
  try {
    const result = await runTool(slug!, { files: [{ name: 'huge.pdf', bytes }] }, {}, { host });
    status = `ok: ${result.outputs.map((o) => `${o.name} ${o.bytes.byteLength} B`).join(', ') || JSON.stringify(result.data).slice(0, 60)}`;
  } catch (error) {
    status = `${(error as { code?: string }).code ?? 'error'}: ${(error as Error).message.slice(0, 90)}`;
  }
  release();
  await provider.close();
  console.log(JSON.stringify({ slug, before: mb(before), peak: mb(kb('VmHWM')), ms: Math.round(performance.now() - started), status }));
  process.exit(0);
}

if (import.meta.main) await main();

async function main() {
  const side = Number(process.argv[2] ?? 200_000);
  const slugs = process.argv.length > 3 ? process.argv.slice(3) : TOOLS;
  console.log(`One-page PDF, MediaBox ${side} × ${side} pt, no text layer; peak RSS (VmHWM) of the process that converts it\n`);
  console.log('| tool | RSS before the job (MB) | peak RSS (MB) | ms | result |\n|---|---|---|---|---|');
  for (const slug of slugs) {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', slug, String(side)], {
      encoding: 'utf8',
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    const line = child.stdout.trim().split('\n').pop() ?? '';
    try {
      const r = JSON.parse(line) as { before: number; peak: number; ms: number; status: string };
      console.log(`| ${slug} | ${r.before} | ${r.peak} | ${r.ms} | ${r.status} |`);
    } catch {
      console.log(`| ${slug} | — | — | — | child failed: ${child.signal ?? child.status} ${child.stderr.slice(-200).replace(/\n/g, ' ')} |`);
    }
  }
}
