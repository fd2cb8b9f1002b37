import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, expect, test } from 'vitest';
import { ContactStore } from '../contact-store.ts';
import { freePort } from '../free-port.ts';

/**
 * A contact message answered 201 is on disk: the real server runs as a child process, is killed
 * with SIGKILL the moment the 201 arrives (no close hook, no checkpoint), and the message is
 * found in the database afterwards, by node:sqlite and by the restarted server.
 */

const main = fileURLToPath(new URL('../main.ts', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'textlift-durability-'));
const databaseFile = path.join(dir, 'contact.sqlite');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `node packages/server/src/main.ts` on a free port; resolves once /healthz answers. */
async function startServer(): Promise<{ child: ChildProcess; origin: string; exited: Promise<NodeJS.Signals | number | null> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TEXTLIFT_DATABASE: databaseFile,
      TEXTLIFT_CONTACT_RATE_LIMIT: '100000',
      TEXTLIFT_SKIP_SYSTEM_DEPS: '1',
      TEXTLIFT_WEB_ROOT: path.join(dir, 'no-site'),
      TEXTLIFT_OCR_ENGINE: 'wasm',
      // No Word tool is asked: no LibreOffice warm-up competing for the cores.
      TEXTLIFT_OFFICE: 'off',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { child, origin, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not start in 15 s:\n${output}`);
}

const message = (subject: string) => ({ name: 'Ana Reyes', email: 'ana@example.com', subject, message: `Message ${subject}` });
const post = (origin: string, subject: string) =>
  fetch(`${origin}/api/v1/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message(subject)) });

function storedSubjects(): string[] {
  // Read-write so SQLite can recover the WAL a killed process left behind.
  const db = new DatabaseSync(databaseFile);
  try {
    return (db.prepare('SELECT subject FROM contact_messages ORDER BY id').all() as Array<{ subject: string }>).map((row) => row.subject);
  } finally {
    db.close();
  }
}

test('the store runs in WAL mode with synchronous = FULL', () => {
  const store = new ContactStore(path.join(dir, 'settings.sqlite'));
  try {
    expect(store.durability()).toEqual({ journalMode: 'wal', synchronous: 2 });
  } finally {
    store.close();
  }
});

test('a message answered 201 survives SIGKILL right after the answer', async () => {
  const { child, origin, exited } = await startServer();
  // A few before, then one whose 201 is the last thing the process does.
  for (const subject of ['first', 'second', 'third']) expect((await post(origin, subject)).status).toBe(201);
  const last = await post(origin, 'killed-right-after');
  child.kill('SIGKILL');
  expect(last.status).toBe(201);
  expect(await exited).toBe('SIGKILL');

  // Nothing was checkpointed at a clean close: the rows are still in the WAL.
  expect(existsSync(`${databaseFile}-wal`)).toBe(true);
  expect(storedSubjects()).toEqual(['first', 'second', 'third', 'killed-right-after']);
});

test('under concurrent posts, every 201 is on disk after SIGKILL at the first answers', async () => {
  const { child, origin, exited } = await startServer();
  const subjects = Array.from({ length: 40 }, (_, i) => `burst-${i}`);
  const answered: string[] = [];
  let killed = false;
  const results = await Promise.allSettled(
    subjects.map(async (subject) => {
      const response = await post(origin, subject);
      // Kill as soon as a handful have been answered, while others are still in flight.
      if (response.status === 201) answered.push(subject);
      if (answered.length >= 5 && !killed) {
        killed = true;
        child.kill('SIGKILL');
      }
      return response.status;
    }),
  );
  if (!killed) child.kill('SIGKILL');
  await exited;
  expect(answered.length).toBeGreaterThanOrEqual(5);
  for (const result of results) if (result.status === 'fulfilled') expect(result.value).toBe(201);
  const stored = new Set(storedSubjects());
  expect(answered.filter((subject) => !stored.has(subject))).toEqual([]);

  // The restarted server opens the same file, recovers, and keeps taking messages.
  const restarted = await startServer();
  expect((await post(restarted.origin, 'after-restart')).status).toBe(201);
  restarted.child.kill('SIGTERM');
  expect(await restarted.exited).toBe(0);
  expect(storedSubjects()).toEqual(expect.arrayContaining(['first', 'killed-right-after', ...answered, 'after-restart']));
});
