import { useCallback, useEffect, useRef, useState } from 'react';
import type { OutputFile } from '@textlift/core/conversion';
import type { ToolDefinition } from '@textlift/core/tools';
import { runTracked, type ConversionState } from './use-tool-job.ts';

export type { ConversionState };

export interface BatchItem {
  id: number;
  /** The job's first file, which names it (and its output). */
  file: File;
  /** Every file of the job: the one file, or the pictures OCR PDF makes the pages of one PDF. */
  files: File[];
  state: ConversionState;
}

let nextId = 1;

/**
 * The files a visitor chose, converted one after another in the worker, each with its own
 * progress and result (a job may take several files together, as one item). Choosing again replaces the batch (the running job is cancelled), and
 * leaving the page cancels it too.
 */
export function useBatch(tool: ToolDefinition, onSettled?: (item: BatchItem, all: BatchItem[]) => void) {
  const [items, setItems] = useState<BatchItem[]>([]);
  const [selectedId, setSelectedId] = useState<number>();
  const controller = useRef<AbortController | undefined>(undefined);
  const settledCallback = useRef(onSettled);
  settledCallback.current = onSettled;

  useEffect(() => () => controller.current?.abort(), []);

  /** Converts the items in turn; `optionsFor` gives each its options (a password goes to its own file only). */
  const convertAll = useCallback(
    async (batch: BatchItem[], optionsFor: (item: BatchItem) => Record<string, unknown>) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      const update = (id: number, state: ConversionState) => setItems((current) => current.map((item) => (item.id === id ? { ...item, state } : item)));
      const finished: BatchItem[] = [...batch];
      for (const [index, item] of batch.entries()) {
        if (own.signal.aborted) return;
        const state = await runTracked(tool, { files: item.files }, optionsFor(item), own.signal, (next) => update(item.id, next));
        if (!state) return;
        finished[index] = { ...item, state };
        settledCallback.current?.(finished[index]!, finished);
      }
    },
    [tool],
  );

  /** Starts a new batch with these jobs: each a file, or the files converted together into one output. */
  const start = useCallback(
    (jobs: readonly (File | File[])[], options: Record<string, unknown> = {}) => {
      const batch = jobs
        .map((job) => (Array.isArray(job) ? job : [job]))
        .filter((files) => files.length > 0)
        .map((files) => ({ id: nextId++, file: files[0]!, files, state: { status: 'waiting' } as ConversionState }));
      setItems(batch);
      setSelectedId(batch[0]?.id);
      void convertAll(batch, () => options);
    },
    [convertAll],
  );

  /** Runs one file of the batch again (Extract Text again, a PDF's password). */
  const rerun = useCallback(
    (id: number, options: Record<string, unknown> = {}) => {
      const item = items.find((candidate) => candidate.id === id);
      if (!item) return;
      setSelectedId(id);
      // The batch's loop stops for this file; the files it had not finished go on after it,
      // with the batch's options (this file's password is for this file alone).
      const waiting = { status: 'waiting' } as const;
      const unfinished = items.filter((other) => other.id !== id && (other.state.status === 'running' || other.state.status === 'waiting'));
      setItems((current) => current.map((other) => (unfinished.some((left) => left.id === other.id) ? { ...other, state: waiting } : other)));
      const { password: _own, ...shared } = options;
      void convertAll([{ ...item, state: waiting }, ...unfinished.map((other) => ({ ...other, state: waiting }))], (next) =>
        next.id === id ? options : shared,
      );
    },
    [convertAll, items],
  );

  /** Forgets the batch (its results were made with settings that changed); a running job is cancelled. */
  const clear = useCallback(() => {
    controller.current?.abort();
    setItems([]);
  }, []);

  const busy = items.some((item) => item.state.status === 'running' || item.state.status === 'waiting');
  const selected = items.find((item) => item.id === selectedId) ?? items[0];
  return { items, selected, select: setSelectedId, start, rerun, clear, busy };
}

/** A finished conversion's output: the first, or the one whose name ends with `extension`. */
export function doneOutput(state: ConversionState | undefined, extension?: string): OutputFile | undefined {
  if (state?.status !== 'done') return undefined;
  const { outputs } = state.result;
  return extension ? outputs.find((output) => output.name.endsWith(extension)) : outputs[0];
}
