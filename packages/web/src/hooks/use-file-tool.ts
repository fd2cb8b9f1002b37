import { useCallback, useRef, useState } from 'react';
import type { ToolDefinition } from '@textlift/core/tools';
import type { RefusalReasons } from '../lib/choose-files.ts';
import { useBatch, type BatchItem } from './use-batch.ts';
import { useFileChoice } from './use-file-choice.ts';
import { useImagePreviews } from './use-image-previews.ts';
import { useToolOptions, type OptionValue } from './use-tool-options.ts';

export interface FileToolConfig {
  /** Options the page sets itself and does not draw (JPG to Word asks for both formats). */
  fixed?: Record<string, OptionValue>;
  /** The page's own words for a refused file, where the spec gives some. */
  reasons?: Partial<RefusalReasons>;
  /** Called as each file's job ends, with every file of the batch. */
  onSettled?(item: BatchItem, all: BatchItem[]): void;
  /**
   * A changed option keeps the results made with the old one, and the page reads the selected
   * file again on demand (`rerun`): the hero's OCR language and its Extract Text.
   */
  keepResults?: boolean;
  /**
   * How the accepted files make jobs, in order: each file its own by default. OCR PDF makes the
   * pictures chosen together the pages of one PDF, and each PDF its own.
   */
  group?(files: File[]): Promise<File[][]>;
}

/**
 * The flow every tool page that converts each chosen file on its own shares: files checked
 * against the registry, converted at once in the worker (several in turn, each with its
 * progress), the registry's options held and sent, a PDF's password asked for in place and the
 * file converted again with it, and a changed option forgetting results made with the old one
 * (the files stay, and the page offers to convert them again) unless the page keeps them.
 */
export function useFileTool(tool: ToolDefinition, { fixed, reasons, onSettled, keepResults, group }: FileToolConfig = {}) {
  const batch = useBatch(tool, onSettled);
  const choice = useFileChoice(tool, reasons);
  const previews = useImagePreviews();
  const [jobs, setJobs] = useState<File[][]>([]);
  // The last password entered: a changed option converts the same locked file again.
  const password = useRef('');
  const clear = batch.clear;
  const options = useToolOptions(tool, { fixed, onChange: keepResults ? undefined : clear });
  const withPassword = useCallback(
    () => ({ ...options.values, ...(password.current && 'password' in tool.options ? { password: password.current } : {}) }),
    [options.values, tool],
  );

  const { check } = choice;
  const { show } = previews;
  const { start } = batch;
  const choose = useCallback(
    async (chosen: File[]) => {
      const accepted = await check(chosen);
      if (accepted.length === 0) return;
      const grouped = group ? await group(accepted) : accepted.map((file) => [file]);
      password.current = '';
      setJobs(grouped);
      show(accepted);
      start(grouped, withPassword());
    },
    [check, show, start, withPassword, group],
  );

  const { selected } = batch;
  const state = selected?.state;
  const rerun = () => {
    if (selected) batch.rerun(selected.id, withPassword());
  };
  const retryWithPassword = (entered: string) => {
    password.current = entered;
    rerun();
  };

  return {
    tool,
    batch,
    options,
    notice: choice.notice,
    otherTools: choice.otherTools,
    choose,
    /** Converts the chosen files again, after an option changed. */
    convert: () => batch.start(jobs, withPassword()),
    /** Converts the selected file again with the options as they are now; the files after it that had not finished follow. */
    rerun,
    /** Files chosen whose results were forgotten (an option changed): the page offers Convert. */
    stale: jobs.length > 0 && batch.items.length === 0,
    selected,
    state,
    /** The file the drop zone shows: the one whose result is shown, or the first chosen. */
    shownFile: selected?.file ?? jobs[0]?.[0],
    /** Every file of the job shown (several where a job takes them together). */
    shownFiles: selected?.files ?? jobs[0] ?? [],
    previewUrl: previews.previewOf(selected?.file ?? jobs[0]?.[0]),
    /** For JobResult: the state shown, and where the tool reads PDFs, the password retry. */
    result: { state, onPassword: 'password' in tool.options && selected ? retryWithPassword : undefined },
  };
}

export type FileTool = ReturnType<typeof useFileTool>;
