import v8 from 'node:v8';
import vm from 'node:vm';
import { IDLE_TIMEOUT_MS } from './conversion-pool.ts';
import { endKeptReaders, loadWarmTesseract } from './engines/warm-tesseract.ts';

/** What a server holds after a burst of work that an idle one need not. */
export interface IdleMemory {
  /** Milliseconds since the last request left, 0 while one is in (JobQueue.idleMs). */
  readonly idleMs: number;
}

/**
 * Quiet this long, the memory a burst grew is given back: after the conversion threads have
 * stopped (IDLE_TIMEOUT_MS after their last job), so what they freed is given back too.
 */
const IDLE_MS = IDLE_TIMEOUT_MS + 2_000;
const CHECK_EVERY_MS = 2_500;

/**
 * V8's collector, which an idle process does not run: after a burst of pages the main thread
 * held some 40 MB of garbage and freed buffers for as long as it stayed idle (bench/load: +100 MB
 * of RSS 30 s after the run). `--expose-gc` set while running, so `npm start` and a bench's
 * plain `node main.ts` both have it.
 */
function collector(): (() => void) | undefined {
  v8.setFlagsFromString('--expose-gc');
  const gc: unknown = vm.runInNewContext('gc');
  return typeof gc === 'function' ? (gc as () => void) : undefined;
}

/**
 * Once the queue has been quiet for IDLE_MS after some work: the kept tesseract readers ended
 * (their models, 15-60 MB each), a full collection, and glibc's freed heap given back
 * (malloc_trim, through the kept-loaded tesseract's addon where it is built). So the server's
 * memory returns to its level after a burst (issue 37's load goal), and a busy server pays none
 * of it. Returns the stop of its timer.
 */
export function releaseWhenIdle(queue: IdleMemory, { idleMs = IDLE_MS, everyMs = CHECK_EVERY_MS, release = releaseMemory } = {}): () => void {
  let released = true;
  const timer = setInterval(() => {
    const quiet = queue.idleMs;
    if (quiet === 0) released = false;
    if (released || quiet < idleMs) return;
    released = true;
    release();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

let gc: (() => void) | undefined | null = null;

/** The kept readers ended, a full collection, glibc's freed heap given back. */
export function releaseMemory() {
  endKeptReaders();
  if (gc === null) gc = collector();
  gc?.();
  loadWarmTesseract()?.trim();
}
