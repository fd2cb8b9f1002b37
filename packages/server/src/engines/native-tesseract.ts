import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { ConversionError, parseTesseractTsv, tesseractPsm, type OcrEngine, type OcrOptions, type OcrResult } from '@textlift/core';

const run = promisify(execFile);

/** The installed tesseract's version ("5.3.0"), or undefined where it is not installed. */
export async function nativeTesseractVersion(): Promise<string | undefined> {
  try {
    const { stdout, stderr } = await run('tesseract', ['--version'], { timeout: 5000 });
    return /tesseract\s+v?(\d+\.\d+(?:\.\d+)?)/i.exec(stdout + stderr)?.[1];
  } catch {
    return undefined;
  }
}

/**
 * Native tesseract, one process per page. OMP_THREAD_LIMIT=1 because its OpenMP threads fight
 * each other on 2 cores (measured slower than one thread); the job queue gives parallelism
 * across pages instead. It reads the same best_int models as the browser from tessdataDir.
 */
export function createNativeTesseractEngine(version: string, tessdataDir: string): OcrEngine {
  async function recognize(image: Uint8Array, { languages, segmentation = 'auto', signal }: OcrOptions): Promise<OcrResult> {
    const psm = tesseractPsm[segmentation];
    // TSV rather than text: word boxes and confidences; `-c` because the `tsv` config file is
    // looked up in --tessdata-dir, which holds only models.
    const args = ['stdin', 'stdout', '--tessdata-dir', tessdataDir, '-l', languages.join('+'), '--oem', '1', '--psm', psm, '-c', 'tessedit_create_tsv=1'];
    const child = spawn('tesseract', args, {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
      signal,
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    // A process that exits before reading all of stdin (unreadable image) makes the write fail.
    child.stdin.on('error', () => {});
    child.stdin.end(image);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    }).catch((error: unknown) => {
      if (signal?.aborted) throw new ConversionError('cancelled', 'Cancelled.');
      throw new ConversionError('engine-failed', String(error));
    });
    const log = Buffer.concat(stderr).toString('utf8');
    if (code !== 0) {
      if (/pixRead|Error in pix|read image/i.test(log)) {
        throw new ConversionError('corrupt', 'The image cannot be decoded.');
      }
      throw new ConversionError('engine-failed', `tesseract exited with ${code}: ${log.slice(0, 500)}`);
    }
    return { lines: parseTesseractTsv(Buffer.concat(stdout).toString('utf8')) };
  }

  return {
    name: `tesseract ${version}`,
    recognize,
    terminate: async () => {},
  };
}
