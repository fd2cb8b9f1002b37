import { readFileSync } from 'node:fs';

/** Clock ticks a second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/**
 * CPU seconds this process has spent, its threads and its reaped children (native tesseract,
 * LibreOffice) included. A bound on work in CPU time holds on a busy machine, where a bound
 * on wall time measures the other processes as well: a job that took 12 s alone took 25 s
 * with the cores shared.
 */
export function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // utime, stime, cutime, cstime: fields 14–17, counted after the command's closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / TICKS;
}
