import { availableParallelism } from 'node:os';
import { ConversionError } from '@textlift/core';

/** The requests this process has taken in and not answered (its job queue's): none known until a queue says. */
let jobsUnderWay: () => number = () => 0;

/** The job queue whose requests tell whether the server has other work (app.ts, queue-worker.ts). */
export function countJobsWith(count: () => number): void {
  jobsUnderWay = count;
}

/**
 * Whether a reading asked for ahead of need (OcrOptions.spare) may start: one request in and a
 * core no reading holds. A lone visitor's page then reads its likely next reading beside the
 * first (its wall time); a busy server, whose cores other pages want, reads only what a page
 * needs (its throughput). TEXTLIFT_READ_AHEAD=0 turns it off where other processes share the
 * cores, which this process cannot see (the unit tests run two files at once).
 */
export function hasSpareCore(readingsUnderWay: number): boolean {
  return process.env.TEXTLIFT_READ_AHEAD !== '0' && jobsUnderWay() <= 1 && readingsUnderWay < availableParallelism();
}

/** A reading ahead of need refused: nothing was read, and the page asks again if it turns out to need it. */
export const noSpareCore = () => new ConversionError('busy', 'No core is spare for a reading ahead of need.');
