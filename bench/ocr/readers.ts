// The four readers the OCR sweeps compare, each given an image's bytes: TextLift's pipeline
// through the API's core (runOnNode) on native tesseract or on
// tesseract.js, the tesseract command with its defaults, and tesseract.js with its defaults.
// All four read the same LSTM best_int models (.data/tessdata, .data/tessdata-gz), so what
// differs is what is done round the engine. Used by sweep.ts and docs.ts.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../packages/server/src/config.ts';
import { runOnNode } from '../../packages/server/src/engines/node-host.ts';
import { createOcrProvider, type OcrProvider } from '../../packages/server/src/engines/ocr-provider.ts';
import type { OcrEngine } from '@textlift/core';
import type { StepSwitches } from '@textlift/core/ocr/pipeline';

export type ReaderId = 'native' | 'wasm' | 'cli' | 'tjs';
export const READER_IDS: ReaderId[] = ['native', 'wasm', 'cli', 'tjs'];
export const READER_NAMES: Record<ReaderId, string> = {
  native: 'TextLift, native tesseract',
  wasm: 'TextLift, tesseract.js',
  cli: 'tesseract CLI, defaults',
  tjs: 'tesseract.js, defaults',
};

export interface Reading {
  text: string;
  seconds: number;
  /** The pipeline's refusal ("No text found in the image.") or a reader's failure. */
  error?: string;
}

export interface Reader {
  id: ReaderId;
  name: string;
  read(bytes: Uint8Array, language: string): Promise<Reading>;
  close(): Promise<void>;
}

export interface PipelineSettings {
  /** Steps switched off and a trace of those run (the server config's ocrSteps): the ablation's. */
  steps?: StepSwitches;
  /** The engine the pipeline is given, made from the provider's (the ablation replays readings). */
  engineOf?: (engine: OcrEngine) => OcrEngine;
}

/** Our pipeline as the API runs it: image-to-text of one file, the page's language. */
export async function createPipelineReader(id: 'native' | 'wasm', { steps, engineOf }: PipelineSettings = {}): Promise<Reader> {
  const own = await createOcrProvider(loadConfig({ ocrEngine: id, concurrency: 1, ...(steps ? { ocrSteps: steps } : {}) }));
  const borrow = () => {
    const borrowed = own.borrow();
    return { ...borrowed, engine: engineOf!(borrowed.engine) };
  };
  const provider: OcrProvider = engineOf ? { ...own, borrow } : own;
  return {
    id,
    name: READER_NAMES[id],
    async read(bytes, language) {
      const started = performance.now();
      try {
        const result = await runOnNode(provider, 'image-to-text', { files: [{ name: 'page.jpg', bytes }] }, { language });
        return { text: result.text ?? '', seconds: (performance.now() - started) / 1000 };
      } catch (error) {
        return { text: '', seconds: (performance.now() - started) / 1000, error: (error as Error).message };
      }
    },
    close: () => provider.close(),
  };
}

/**
 * `tesseract FILE stdout -l LANG` with every other setting its default (automatic page
 * segmentation, its own thresholding, OpenMP threads as it likes), from our model folder.
 * The file is written first; starting the process is part of its time.
 */
function tesseractCli(): Reader {
  const dir = mkdtempSync(path.join(tmpdir(), 'textlift-bench-cli-'));
  let n = 0;
  return {
    id: 'cli',
    name: READER_NAMES.cli,
    async read(bytes, language) {
      const file = path.join(dir, `page-${n++}.img`);
      writeFileSync(file, bytes);
      const started = performance.now();
      const { stdout, stderr, code } = await new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve, reject) => {
        const child = spawn('tesseract', [file, 'stdout', '--tessdata-dir', path.resolve('.data/tessdata'), '-l', language]);
        let out = '';
        let err = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
        child.on('error', reject);
        child.on('close', (exit) => resolve({ stdout: out, stderr: err, code: exit }));
      });
      const seconds = (performance.now() - started) / 1000;
      rmSync(file);
      return code === 0 ? { text: stdout, seconds } : { text: stdout, seconds, error: stderr.trim().split('\n').pop() ?? `exit ${code}` };
    },
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** tesseract.js as its README uses it: createWorker(language) and recognize(image); one worker per language, kept. */
async function tesseractJs(): Promise<Reader> {
  const { createWorker } = (await import('tesseract.js')).default;
  const workers = new Map<string, Awaited<ReturnType<typeof createWorker>>>();
  return {
    id: 'tjs',
    name: READER_NAMES.tjs,
    async read(bytes, language) {
      if (!workers.has(language))
        workers.set(language, await createWorker(language, 1, { langPath: path.resolve('.data/tessdata-gz'), cacheMethod: 'none', gzip: true }));
      const worker = workers.get(language)!;
      const started = performance.now();
      try {
        const { data } = await worker.recognize(Buffer.from(bytes));
        return { text: data.text, seconds: (performance.now() - started) / 1000 };
      } catch (error) {
        return { text: '', seconds: (performance.now() - started) / 1000, error: String((error as Error)?.message ?? error) };
      }
    },
    close: async () => void (await Promise.all([...workers.values()].map((worker) => worker.terminate()))),
  };
}

export async function createReader(id: ReaderId): Promise<Reader> {
  if (id === 'native' || id === 'wasm') return createPipelineReader(id);
  if (id === 'cli') return tesseractCli();
  return tesseractJs();
}

/** `--name a,b` from argv, or undefined when absent. */
export function listFlag(args: string[], name: string): string[] | undefined {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function readerIds(args: string[], fallback: ReaderId[]): ReaderId[] {
  const ids = listFlag(args, 'engines') ?? fallback;
  for (const id of ids) if (!READER_IDS.includes(id as ReaderId)) throw new Error(`unknown engine ${id}: one of ${READER_IDS.join(', ')}`);
  return ids as ReaderId[];
}

/**
 * The pipeline measured: the last commit that changed packages/, and whether packages/ differed
 * from it when the run started (a table is only comparable with another of the same pipeline).
 */
export function pipelineVersion(): string {
  const head = spawnSync('git', ['log', '-1', '--format=%h', '--', 'packages'], { encoding: 'utf8' }).stdout.trim() || 'unknown commit';
  const changed = spawnSync('git', ['status', '--porcelain', '--', 'packages'], { encoding: 'utf8' }).stdout.trim();
  return changed ? `${head} + uncommitted changes in packages/` : head;
}

export const percent = (value: number, digits = 1) => `${(value * 100).toFixed(digits)}%`;
export const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : Number.NaN);
