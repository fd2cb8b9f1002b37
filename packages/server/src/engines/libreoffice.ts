import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, statfs, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ConversionError, type OfficeDocument, type OfficeEngine } from '@textlift/core';
import type { ServerConfig } from '../config.ts';
import { runProcess } from './processes.ts';

const run = promisify(execFile);

/**
 * The program itself, not Debian's `soffice` script: the script starts oosplash, which starts
 * soffice.bin, and a killed soffice.bin would then be reaped by init, not by us. Found beside the
 * launcher on the PATH, or where Debian puts it.
 */
async function candidates(): Promise<string[]> {
  const found = ['/usr/lib/libreoffice/program/soffice.bin'];
  try {
    const { stdout } = await run('sh', ['-c', 'command -v soffice'], { timeout: 5000 });
    found.unshift(path.join(path.dirname(await realpath(stdout.trim())), 'soffice.bin'));
  } catch {
    // No launcher on the PATH.
  }
  return found;
}

const JOB_FOLDER = 'textlift-office-';

/** Job folders not yet removed; a server that exits mid-job removes them on its way out. */
const liveFolders = new Set<string>();
process.once('exit', () => {
  for (const folder of liveFolders) rmSync(folder, { recursive: true, force: true });
});

/** Job folders of servers that are gone: killed (SIGKILL, a crash) before they could remove them. */
async function removeDeadJobFolders() {
  for (const root of new Set(['/dev/shm', os.tmpdir()])) {
    const names = await readdir(root).catch(() => []);
    await Promise.all(
      names
        .filter((name) => name.startsWith(JOB_FOLDER))
        .map(async (name) => {
          const pid = Number(/^textlift-office-(\d+)-/.exec(name)?.[1] ?? 0);
          if (pid !== process.pid && !isRunning(pid)) await rm(path.join(root, name), { recursive: true, force: true });
        }),
    );
  }
}

/** Whether a process of this pid exists (0, or a name without one: no). */
function isRunning(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Room a job's folder needs in memory: the document, its PDF (pictures make it as large), and LibreOffice's own temporary files. */
const JOB_ROOM_FACTOR = 4;
const JOB_ROOM_MIN = 64 * 1024 * 1024;

/**
 * Where a job's folder goes: /dev/shm, memory, where it has room, so that the visitor's document
 * is never written to a disk; else the system's temporary folder (removed all the same).
 */
async function jobRoot(size: number): Promise<string> {
  try {
    const { bavail, bsize } = await statfs('/dev/shm');
    if (bavail * bsize > Math.max(JOB_ROOM_MIN, size * JOB_ROOM_FACTOR)) return '/dev/shm';
  } catch {
    // No /dev/shm here.
  }
  return os.tmpdir();
}

/** soffice.bin's answer when it has just built a new profile and wants to be started again. */
const RESTART_REQUESTED = 81;

export interface LibreOffice {
  binary: string;
  /** "7.4.7.2". */
  version: string;
}

/** The installed LibreOffice, or undefined. */
export async function findLibreOffice(): Promise<LibreOffice | undefined> {
  for (const binary of await candidates()) {
    try {
      const { stdout } = await run(binary, ['--version'], { timeout: 30_000 });
      const version = /LibreOffice\s+(\d+(?:\.\d+)+)/.exec(stdout)?.[1];
      if (version) return { binary, version };
    } catch {
      // Not this one.
    }
  }
  return undefined;
}

/** What an operator runs to give the server its Word engine (scripts/system-deps.mjs installs the same). */
export const OFFICE_INSTALL =
  'apt-get install --no-install-recommends libreoffice-writer-nogui fonts-liberation fonts-crosextra-carlito fonts-crosextra-caladea ' +
  'fonts-dejavu fonts-noto-cjk';

/** The server's Word engine: LibreOffice where installed and not turned off, one slot per conversion the server runs at once. */
export async function createOfficePool(config: Pick<ServerConfig, 'office' | 'officeMemoryMb' | 'concurrency' | 'dataDir'>): Promise<OfficePool | undefined> {
  if (config.office === 'off') return undefined;
  const office = await findLibreOffice();
  if (!office) return undefined;
  const profiles = path.join(config.dataDir, 'libreoffice-profiles');
  await Promise.all([removeDeadProfiles(profiles), removeDeadJobFolders()]);
  return new OfficePool(office, {
    slots: Math.max(1, config.concurrency),
    // Each server its own: two servers sharing a slot's profile would fail each other silently.
    profileRoot: path.join(profiles, `${process.pid}-${++pools}`),
    memoryBytes: config.officeMemoryMb * 1024 * 1024,
  });
}

let pools = 0;

/** Profiles of servers that are no longer running (killed before they could remove their own). */
async function removeDeadProfiles(profiles: string) {
  const names = await readdir(profiles).catch(() => []);
  await Promise.all(
    names.map(async (name) => {
      const pid = Number(/^(\d+)-\d+$/.exec(name)?.[1] ?? 0);
      if (pid !== process.pid && !isRunning(pid)) await rm(path.join(profiles, name), { recursive: true, force: true });
    }),
  );
}

/** The OfficeEngine of core over a pool, or one that says the server has none. */
export function officeEngine(pool: OfficePool | undefined): OfficeEngine {
  return {
    toPdf: (document, { signal }) => (pool ? pool.toPdf(document, signal) : Promise.reject(officeUnavailable())),
  };
}

export const officeUnavailable = () => new ConversionError('engine-unavailable', 'This server cannot convert Word documents: LibreOffice is not installed.');

export interface OfficePoolOptions {
  /** Conversions at once, each a LibreOffice process with its own profile. */
  slots: number;
  /** Where the profiles live (a cache: deleted and rebuilt at will, never an upload). */
  profileRoot: string;
  /** Address space of one LibreOffice process, in bytes (its `ulimit -v`). */
  memoryBytes: number;
}

/**
 * A document of one text line, written to each profile once so that the first visitor does not
 * pay for LibreOffice's first start (the profile built, the fonts read).
 */
const WARM_UP_DOCUMENT = new TextEncoder().encode('{\\rtf1\\ansi TextLift\\par}');

/** What LibreOffice prints when its import filter gave up on the file. */
const NOT_LOADED = /source file could not be loaded/i;

/**
 * LibreOffice headless, one process per conversion, at most `slots` at once, each slot with its
 * own user profile: two processes on one profile make the second fail silently (exit 0, no
 * output). A job runs in a temporary folder of its own (in memory where there is room: jobRoot),
 * removed when it ends; its process is in
 * a group of its own, with an address-space limit, and is killed and reaped when the job is
 * stopped (timeout, client gone). A profile whose process was killed is rebuilt, since a kill
 * can leave it half written.
 *
 * A warm process per slot, driven over UNO, would skip LibreOffice's start (most of the 5 s a
 * conversion takes here): Debian's python3-uno driving 7.4's headless Writer aborted on load.
 */
export class OfficePool {
  private readonly free: number[];
  private readonly waiting: Array<(slot: number) => void> = [];

  readonly office: LibreOffice;
  private readonly options: OfficePoolOptions;
  private readonly closing = new AbortController();
  private warming: Promise<void> = Promise.resolve();

  constructor(office: LibreOffice, options: OfficePoolOptions) {
    this.office = office;
    this.options = options;
    this.free = Array.from({ length: options.slots }, (_, slot) => slot);
  }

  get name(): string {
    return `LibreOffice ${this.office.version}`;
  }

  /** Builds every slot's profile: one conversion each, all at once, so each takes its own slot. */
  warm(): Promise<void> {
    const { signal } = this.closing;
    this.warming = Promise.all(this.free.map(() => this.toPdf({ bytes: WARM_UP_DOCUMENT, extension: 'rtf' }, signal).catch(() => {}))).then(() => {});
    return this.warming;
  }

  async toPdf(document: OfficeDocument, signal?: AbortSignal): Promise<Uint8Array> {
    const slot = await this.take(signal);
    try {
      return await this.convert(slot, document, signal);
    } finally {
      this.give(slot);
    }
  }

  private profile(slot: number) {
    return path.join(this.options.profileRoot, `slot-${slot}`);
  }

  private async convert(slot: number, { bytes, extension }: OfficeDocument, signal?: AbortSignal): Promise<Uint8Array> {
    if (!/^[a-z]{2,4}$/.test(extension)) throw new ConversionError('bad-request', 'Unknown document type.');
    const folder = await mkdtemp(path.join(await jobRoot(bytes.length), `${JOB_FOLDER}${process.pid}-`));
    liveFolders.add(folder);
    try {
      const input = path.join(folder, `document.${extension}`);
      await writeFile(input, bytes, { mode: 0o600 });
      await mkdir(this.options.profileRoot, { recursive: true });
      const kilobytes = Math.floor(this.options.memoryBytes / 1024);
      // `ulimit -v` in the shell that then becomes LibreOffice: the limit holds for it and its children.
      const start = () =>
        runProcess(
          'sh',
          [
            '-c',
            'ulimit -v "$0" && exec "$@"',
            String(kilobytes),
            this.office.binary,
            `-env:UserInstallation=${pathToFileURL(this.profile(slot)).href}`,
            '--headless',
            '--norestore',
            '--nologo',
            '--nodefault',
            '--nolockcheck',
            '--convert-to',
            'pdf:writer_pdf_Export',
            '--outdir',
            folder,
            input,
          ],
          { env: { TMPDIR: folder }, signal },
        );
      const attempt = () =>
        start().catch(async (error: unknown) => {
          // Killed mid-write, the profile may be damaged: the next job in this slot builds a new one.
          await rm(this.profile(slot), { recursive: true, force: true });
          throw error;
        });
      let result = await attempt();
      // A new profile's first start only builds it (oosplash's job, done here).
      if (result.code === RESTART_REQUESTED) result = await attempt();
      const output = await readFile(path.join(folder, 'document.pdf')).catch(() => undefined);
      if (output && output.length > 0) return new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
      if (result.code === 0 && NOT_LOADED.test(result.stderr)) {
        throw new ConversionError('corrupt', 'LibreOffice could not read the document: it is damaged or not a Word document.');
      }
      if (result.signal !== null || result.code !== 0) {
        throw new ConversionError('engine-failed', `LibreOffice stopped on this document (${result.signal ?? `exit ${result.code}`}).`, {
          reason: 'office-crashed',
        });
      }
      throw new ConversionError('corrupt', 'LibreOffice made nothing of the document.');
    } finally {
      await rm(folder, { recursive: true, force: true });
      liveFolders.delete(folder);
    }
  }

  /** Stops a warm-up still running and removes this server's profiles (the app is closing; its jobs have ended). */
  async close(): Promise<void> {
    this.closing.abort(new ConversionError('cancelled', 'The server is closing.'));
    await this.warming;
    await rm(this.options.profileRoot, { recursive: true, force: true });
  }

  private take(signal?: AbortSignal): Promise<number> {
    const slot = this.free.pop();
    if (slot !== undefined) return Promise.resolve(slot);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const at = this.waiting.indexOf(handOver);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal?.reason instanceof ConversionError ? signal.reason : new ConversionError('cancelled', 'Cancelled.'));
      };
      const handOver = (given: number) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(given);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(handOver);
    });
  }

  private give(slot: number) {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.free.push(slot);
  }
}
