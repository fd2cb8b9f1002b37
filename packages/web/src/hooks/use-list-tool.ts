import type { ToolDefinition } from '@textlift/core/tools';
import type { OrderedFile } from '../components/tool/ordered-file-list.tsx';
import type { RefusalReasons } from '../lib/choose-files.ts';
import { useFileList } from './use-file-list.ts';
import { useToolJob, type ConversionState } from './use-tool-job.ts';
import { useToolOptions } from './use-tool-options.ts';

/**
 * The flow of a tool that makes one output of many files (Merge PDF, Image to PDF): choices
 * add up in an ordered list, the registry's options are held, and any change to the list or
 * an option forgets the output made from the old ones; the page's button runs the job.
 */
export function useListTool<T extends OrderedFile>(tool: ToolDefinition, reasons: RefusalReasons, onSettled?: (state: ConversionState) => void) {
  const job = useToolJob(tool, onSettled);
  const files = useFileList<T>(tool, reasons, job.reset);
  const options = useToolOptions(tool, { onChange: job.reset });
  /** Runs the job on the list as it is, with the options and whatever the page adds (merge's passwords). */
  const convert = (extra: Record<string, unknown> = {}) => void job.run({ files: files.items.map((item) => item.file) }, { ...options.values, ...extra });
  return { tool, job, files, options, convert };
}

export type ListTool<T extends OrderedFile> = ReturnType<typeof useListTool<T>>;
