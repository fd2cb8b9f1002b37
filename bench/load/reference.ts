// The reference a load run is held to: the tesseract command on the same page, one core, as our jobs run it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { median } from '../server-process.ts';

const run = promisify(execFile);

/**
 * Seconds per page of `tesseract IMAGE stdout -l eng` with OMP_THREAD_LIMIT=1 (one core, as each
 * of the server's OCR jobs uses one), the median of `runs` runs one after another, and the text of
 * the last (so a page the command cannot read is seen, not timed).
 */
export async function tesseractSecondsPerPage(image: string, runs: number): Promise<{ seconds: number; runs: number[]; text: string }> {
  const times: number[] = [];
  let text = '';
  for (let i = 0; i < runs; i++) {
    const begun = performance.now();
    const { stdout } = await run('tesseract', [image, 'stdout', '-l', 'eng'], { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, maxBuffer: 16 * 1024 * 1024 });
    times.push((performance.now() - begun) / 1000);
    text = stdout;
  }
  return { seconds: median(times), runs: times, text };
}
