import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversionResult } from '@textlift/core/conversion';
import type { ListTool } from '../../hooks/use-list-tool.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { toolIcons } from '../../lib/tool-icons.ts';
import { readsPdf } from '../../lib/tool-input.ts';
import { toolText } from '../../lib/tool-texts.ts';
import { FileResult } from '../result/file-result.tsx';
import { JobResult } from '../result/job-result.tsx';
import { Button } from '../ui/button.tsx';
import { ToolDropZone } from '../upload/tool-drop-zone.tsx';
import { UploadNotice } from '../upload/upload-notice.tsx';
import { OrderedFileList, type OrderedFileListProps, type OrderedFile } from './ordered-file-list.tsx';
import { ToolOptions } from './tool-options.tsx';
import { ToolPage } from './tool-page.tsx';

export interface ListToolPageProps<T extends OrderedFile> extends Pick<OrderedFileListProps<T>, 'thumbnail' | 'details' | 'extra'> {
  flow: ListTool<T>;
  /** Whether the list can be converted as it is (merge needs two readable PDFs). */
  ready: boolean;
  /** Files just added to the list (merge reads their page counts). */
  onAdded?(items: T[]): void;
  /** Added to the options when the button is pressed. */
  extraOptions?(): Record<string, unknown>;
  /** A line above the button (merge's "at least 2 files"). */
  hint?: ReactNode;
  /** The finished file's headline and summary. */
  done(result: ConversionResult): { title: string; summary?: string };
}

/**
 * A many-into-one tool page: the drop zone that adds to the list, the ordered list, the
 * registry's options, the button, and the result card with the one output file. The words are
 * the tool's: `{i18nKey}.convert`, `.converting`, `.download`, `.resultPlaceholder`.
 */
export function ListToolPage<T extends OrderedFile>({ flow, ready, onAdded, extraOptions, hint, done, ...row }: ListToolPageProps<T>) {
  const { t } = useTranslation();
  const { tool, job, files } = flow;
  const Icon = toolIcons[tool.icon];
  const kind = readsPdf(tool) ? 'pdf' : 'image';
  const busyLabel = toolText(t, tool, 'converting');
  const browse = useRef<HTMLButtonElement>(null);
  const input = (
    <>
      <ToolDropZone
        tool={tool}
        busy={job.busy}
        busyLabel={busyLabel}
        browseRef={browse}
        multiple
        onFiles={(chosen) => void files.add(chosen, (entry) => entry as T).then((added) => onAdded?.(added))}
      />
      <UploadNotice tools={files.otherTools}>{files.notice}</UploadNotice>
      <OrderedFileList items={files.items} disabled={job.busy} onReorder={files.reorder} onRemove={files.remove} focusWhenEmpty={browse} {...row} />
      <ToolOptions tool={tool} options={flow.options} disabled={job.busy} />
      {hint}
      <Button size="lg" onClick={() => flow.convert(extraOptions?.())} disabled={!ready} busy={job.busy} data-testid="convert">
        <Icon className="size-5" aria-hidden />
        {job.busy ? busyLabel : toolText(t, tool, 'convert')}
      </Button>
    </>
  );
  const result = (
    <JobResult
      state={job.state}
      placeholder={toolText(t, tool, 'resultPlaceholder')}
      idleIcon={Icon}
      busyLabel={busyLabel}
      failed={(error) => ({ message: errorMessage(error, t, kind) })}
      onCancel={job.reset}
      done={(output) => <FileResult {...done(output)} output={output.outputs[0]!} downloadLabel={toolText(t, tool, 'download')} />}
    />
  );
  return <ToolPage tool={tool} input={input} result={result} resultState={job.state} />;
}
