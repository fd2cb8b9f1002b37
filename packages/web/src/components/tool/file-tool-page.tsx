import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversionResult, OutputFile } from '@textlift/core/conversion';
import type { ConversionError } from '@textlift/core/errors';
import type { BatchItem } from '../../hooks/use-batch.ts';
import type { FileTool } from '../../hooks/use-file-tool.ts';
import { usePasteFiles } from '../../hooks/use-paste-files.ts';
import { errorMessage, type FileKind } from '../../lib/error-message.ts';
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
import { ToolPage } from './tool-page.tsx';

export interface FileToolPageProps {
  flow: FileTool;
  /** What is being done ("Converting your PDF to Word..."). */
  busyLabel: string;
  /** Several files at once, converted in turn (listed, and zipped together). */
  multiple?: boolean;
  /** Offer the phone's camera beside browsing. */
  camera?: boolean;
  /** Show the chosen image under the drop zone. */
  preview?: boolean;
  /** Offer live scanning from the camera: a frame with a code is handed over as a chosen photo. */
  liveCamera?: boolean;
  /** A batch's .zip entries of one file; its outputs as they are by default. */
  zipEntries?(item: BatchItem): OutputFile[];
  /** The page's own controls under the drop zone (a status line). */
  inputExtras?: ReactNode;
  /** The options above the drop zone, for a tool whose options must be chosen before a file (the Image Translator's language). */
  optionsFirst?: boolean;
  /** The page's own words between the options and the drop zone, said before anything is chosen. */
  beforeDropZone?: ReactNode;
  /** Why no file can be chosen yet; the drop zone waits and says it. */
  disabled?: string;
  /** Where the work runs, where the registry alone cannot say. */
  runsOnNote?: ReactNode;
  /** The result card under the input card, the page's width (ToolPage's `stacked`). */
  stacked?: boolean;
  /** Under the cards: People Also Ask. */
  after?: ReactNode;
  /** Before anything was chosen; `{i18nKey}.resultPlaceholder` by default. */
  placeholder?: string;
  stepLabel?: JobResultProps['stepLabel'];
  /** The failure's words; the error code's message for the kind of file by default. */
  failed?: JobResultProps['failed'];
  done(result: ConversionResult, item: BatchItem): ReactNode;
}

/**
 * A tool page that converts each chosen file: the drop zone, the registry's options, the
 * batch, the result card with progress, password and failure — from `useFileTool`'s flow. A
 * page gives its words and its finished view.
 */
export function FileToolPage({ flow, busyLabel, multiple, camera, preview, liveCamera, zipEntries, inputExtras, optionsFirst, beforeDropZone, disabled, runsOnNote, stacked, after, placeholder, stepLabel, failed, done }: FileToolPageProps) {
  const { t } = useTranslation();
  const { tool, batch, selected } = flow;
  // While the camera looks, uploads wait: both would use the one conversion worker.
  const [cameraOn, setCameraOn] = useState(false);
  const busy = batch.busy || cameraOn;
  const { choose } = flow;
  usePasteFiles(useCallback((files: File[]) => void choose(multiple ? files : files.slice(0, 1)), [choose, multiple]), busy || Boolean(disabled));
  const kind: FileKind = readsOnlyPdf(tool) ? 'pdf' : readsPdf(tool) || readsWord(tool) ? 'file' : 'image';
  const options = <ToolOptions tool={tool} options={flow.options} disabled={batch.busy} />;
  const failWords = failed ?? ((error: ConversionError) => ({ message: errorMessage(error, t, kind) }));
  const input = (
    <>
      {optionsFirst && options}
      {beforeDropZone}
      <ToolDropZone
        tool={tool}
        busy={busy}
        disabled={disabled}
        runsOnNote={runsOnNote}
        ocrLanguages={ocrLanguagesOf(tool, flow.options.values)}
        busyLabel={cameraOn ? t('codes.camera.looking') : busyLabel}
        multiple={multiple}
        camera={camera}
        onFiles={(files) => void flow.choose(files)}
        selected={flow.shownFile && { name: flow.shownFile.name, size: flow.shownFile.size, previewUrl: flow.previewUrl, ...fileMark(flow.state, failWords) }}
      />
      {preview && selected && flow.previewUrl && (
        <img
          src={flow.previewUrl}
          alt={t('toolPage.preview', { name: selected.file.name })}
          className="max-h-72 w-full rounded-xl border border-slate-200 bg-slate-50 object-contain"
          data-testid="image-preview"
        />
      )}
      {liveCamera && <CameraScan tool={tool} onFound={(file) => void flow.choose([file])} onActive={setCameraOn} disabled={batch.busy} />}
      <EngineNotice tool={tool} />
      <UploadNotice tools={flow.otherTools}>{flow.notice}</UploadNotice>
      {!optionsFirst && options}
      {multiple && (
        <BatchList
          items={batch.items}
          selectedId={selected?.id}
          onSelect={batch.select}
          zipEntries={zipEntries}
        />
      )}
      {flow.stale && (
        <Button onClick={flow.convert} data-testid="convert">{t('toolPage.convertAgain')}</Button>
      )}
      {inputExtras}
    </>
  );
  const result = (
    <JobResult
      {...flow.result}
      placeholder={placeholder ?? toolText(t, tool, 'resultPlaceholder')}
      idleIcon={toolIcons[tool.icon]}
      busyLabel={busyLabel}
      stepLabel={stepLabel}
      failed={failWords}
      onCancel={batch.clear}
      done={(output) => selected && done(output, selected)}
    />
  );
  return <ToolPage tool={tool} input={input} result={result} resultState={flow.state} after={after} stacked={stacked} />;
}
