// What /proc says about the server's process tree: resident memory, open files, zombies.
import { readdirSync, readFileSync } from 'node:fs';

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The pid and all its descendants, from /proc/<pid>/task/<tid>/children (every thread's children). */
export function processTree(pid: number): number[] {
  const seen = new Set<number>();
  const stack = [pid];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${current}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      for (const child of (read(`/proc/${current}/task/${task}/children`) ?? '').trim().split(/\s+/)) {
        if (child) stack.push(Number(child));
      }
    }
  }
  return [...seen];
}

/** VmRSS of one process in bytes (0 for a zombie or a process gone). */
function rssOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(read(`/proc/${pid}/status`) ?? '');
  return match ? Number(match[1]) * 1024 : 0;
}

/** Sum of VmRSS over the server and its descendants, in bytes. */
export function treeRss(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + rssOf(p), 0);
}

/** Open file descriptors of one process (count of /proc/<pid>/fd), or NaN when it is gone. */
export function fdCount(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return Number.NaN;
  }
}

export function isAlive(pid: number): boolean {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return false;
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

interface ProcStat {
  pid: number;
  comm: string;
  state: string;
  ppid: number;
}

function allStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (!stat) continue;
    const close = stat.lastIndexOf(')');
    const [state, ppid] = stat.slice(close + 2).split(' ');
    stats.push({ pid: Number(entry), comm: stat.slice(stat.indexOf('(') + 1, close), state: state!, ppid: Number(ppid) });
  }
  return stats;
}

/** Processes (state and command) that have `ancestor` above them, from a scan of /proc/<pid>/stat. */
export function descendantsByStat(ancestor: number): ProcStat[] {
  const stats = allStats();
  const parent = new Map(stats.map((s) => [s.pid, s.ppid]));
  return stats.filter((s) => {
    for (let p = s.ppid, hops = 0; p > 1 && hops < 64; p = parent.get(p) ?? 0, hops++) {
      if (p === ancestor) return true;
    }
    return false;
  });
}

/** Defunct (state Z) processes with the server as an ancestor. */
export function zombiesUnder(pid: number): number {
  return descendantsByStat(pid).filter((s) => s.state === 'Z').length;
}

/**
 * Samples the tree's RSS every `everyMs` until stopped; keeps the peak. When the sum passes
 * `capBytes` it calls `onCap` once (the benchmark kills the server rather than let the machine
 * run out of memory).
 */
export class RssSampler {
  peak = 0;
  last = 0;
  capped = false;
  private readonly timer: NodeJS.Timeout;

  constructor(pid: number, capBytes: number, onCap: (bytes: number) => void, everyMs = 100) {
    const sample = () => {
      this.last = treeRss(pid);
      if (this.last > this.peak) this.peak = this.last;
      if (!this.capped && this.last > capBytes) {
        this.capped = true;
        onCap(this.last);
      }
    };
    sample();
    this.timer = setInterval(sample, everyMs);
  }

  stop(): number {
    clearInterval(this.timer);
    return this.peak;
  }
}

export const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
