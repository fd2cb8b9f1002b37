import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversionResult, OutputFile } from '@textlift/core/conversion';
import type { ConversionError } from '@textlift/core/errors';
import type { BatchItem } from '../../hooks/use-batch.ts';
import type { FileTool } from '../../hooks/use-file-tool.ts';
import { errorMessage, type FileKind } from '../../lib/error-message.ts';
import { jobName, jobSize } from '../../lib/files.ts';
import { toolIcons } from '../../lib/tool-icons.ts';
import { ocrLanguagesOf, readsOnlyPdf, readsPdf, readsWord } from '../../lib/tool-input.ts';
import { toolText } from '../../lib/tool-texts.ts';
import { JobResult, type JobResultProps } from '../result/job-result.tsx';
import { fileMark } from '../upload/file-mark.ts';
import { Button } from '../ui/button.tsx';
import { ToolDropZone } from '../upload/tool-drop-zone.tsx';
import { UploadNotice } from '../upload/upload-notice.tsx';
import { BatchList } from './batch-list.tsx';
import { CameraScan } from './camera-scan.tsx';
import { EngineNotice } from './engine-notice.tsx';
import { ToolOptions } from './tool-options.tsx';
import { ToolPage, type ToolPageProps } from './tool-page.tsx';

/** The input card: how files are chosen, and the page's own words and controls around the drop zone. */
export interface FileToolInput {
  /** Several files at once, converted in turn (listed, and zipped together). */
  multiple?: boolean;
  /** A batch's .zip entries of one file; its outputs as they are by default. */
  zipEntries?(item: BatchItem): OutputFile[];
  /** The phone's camera beside browsing (`photo`), and live scanning too (`live`: a frame with a code is handed over as a chosen photo). */
  camera?: 'photo' | 'live';
  /** Show the chosen image under the drop zone. */
  preview?: boolean;
  /** The options above the drop zone, for a tool whose options must be chosen before a file (the Image Translator's language). */
  optionsFirst?: boolean;
  /** The page's own words between the options and the drop zone, said before anything is chosen. */
  before?: ReactNode;
  /** The page's own controls at the end of the card (a status line). */
  extras?: ReactNode;
  /** Why no file can be chosen yet; the drop zone waits and says it. */
  disabled?: string;
  /** Where the work runs, where the registry alone cannot say. */
  runsOnNote?: ReactNode;
}

/** The result card: the finished view, and the page's words for progress and failure. */
export interface FileToolResult {
  done(result: ConversionResult, item: BatchItem): ReactNode;
  stepLabel?: JobResultProps['stepLabel'];
  /** The failure's words; the error code's message for the kind of file by default. */
  failed?: JobResultProps['failed'];
}

export interface FileToolPageProps {
  flow: FileTool;
  /** What is being done ("Converting your PDF to Word..."). */
  busyLabel: string;
  input?: FileToolInput;
  result: FileToolResult;
  layout?: Pick<ToolPageProps, 'stacked' | 'after'>;
}

/**
 * A tool page that converts each chosen file: the drop zone, the registry's options, the
 * batch, the result card with progress, password and failure — from `useFileTool`'s flow. A
 * page gives its words and its finished view.
 */
export function FileToolPage({ flow, busyLabel, input = {}, result: { done, stepLabel, failed }, layout }: FileToolPageProps) {
  const { t } = useTranslation();
  const { tool, batch, selected } = flow;
  const { multiple, zipEntries, camera, preview, optionsFirst, before, extras, disabled, runsOnNote } = input;
  // While the camera looks, uploads wait: both would use the one conversion worker.
  const [cameraOn, setCameraOn] = useState(false);
  const busy = batch.busy || cameraOn;
  const kind: FileKind = readsOnlyPdf(tool) ? 'pdf' : readsPdf(tool) || readsWord(tool) ? 'file' : 'image';
  const options = <ToolOptions tool={tool} options={flow.options} disabled={batch.busy} />;
  const failWords = failed ?? ((error: ConversionError) => ({ message: errorMessage(error, t, kind) }));
  const inputCard = (
    <>
      {optionsFirst && options}
      {before}
      <ToolDropZone
        tool={tool}
        busy={busy}
        disabled={disabled}
        runsOnNote={runsOnNote}
        ocrLanguages={ocrLanguagesOf(tool, flow.options.values)}
        busyLabel={cameraOn ? t('codes.camera.looking') : busyLabel}
        multiple={multiple}
        camera={Boolean(camera)}
        pastes
        onFiles={(files) => void flow.choose(files)}
        selected={
          flow.shownFile && { name: jobName(flow.shownFiles), size: jobSize(flow.shownFiles), previewUrl: flow.previewUrl, ...fileMark(flow.state, failWords) }
        }
      />
      {preview && selected && flow.previewUrl && (
        <img
          src={flow.previewUrl}
          alt={t('toolPage.preview', { name: selected.file.name })}
          className="max-h-72 w-full rounded-xl border border-slate-200 bg-slate-50 object-contain"
          data-testid="image-preview"
        />
      )}
      {camera === 'live' && <CameraScan tool={tool} onFound={(file) => void flow.choose([file])} onActive={setCameraOn} disabled={batch.busy} />}
      <EngineNotice tool={tool} />
      <UploadNotice tools={flow.otherTools}>{flow.notice}</UploadNotice>
      {!optionsFirst && options}
      {multiple && <BatchList items={batch.items} selectedId={selected?.id} onSelect={batch.select} zipEntries={zipEntries} />}
      {flow.stale && (
        <Button onClick={flow.convert} data-testid="convert">
          {t('toolPage.convertAgain')}
        </Button>
      )}
      {extras}
    </>
  );
  const resultCard = (
    <JobResult
      {...flow.result}
      placeholder={toolText(t, tool, 'resultPlaceholder')}
      idleIcon={toolIcons[tool.icon]}
      busyLabel={busyLabel}
      stepLabel={stepLabel}
      failed={failWords}
      onCancel={batch.clear}
      done={(output) => selected && done(output, selected)}
    />
  );
  return <ToolPage tool={tool} input={inputCard} result={resultCard} resultState={flow.state} {...layout} />;
}
