import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseName } from '@textlift/core/conversion';
import { findTool } from '@textlift/core/tools';
import { TextResult, type TextResultState } from '../../components/result/text-result.tsx';
import { OcrLanguageSelect } from '../../components/tool/ocr-language-select.tsx';
import { ToolPage } from '../../components/tool/tool-page.tsx';
import { ToolDropZone } from '../../components/upload/tool-drop-zone.tsx';
import { UploadNotice } from '../../components/upload/upload-notice.tsx';
import { BatchList } from '../../components/tool/batch-list.tsx';
import { doneOutput, useBatch } from '../../hooks/use-batch.ts';
import { useImagePreviews } from '../../hooks/use-image-previews.ts';
import { maxMegabytes } from '../../lib/tool-input.ts';
import { checkFiles } from '../../lib/choose-files.ts';
import { useOcrLanguage } from '../../i18n/ocr-language.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { ocrProgressLabel } from '../../lib/ocr-progress.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';
import { downloadOutput } from '../../lib/files.ts';

const tool = findTool('jpg-to-word')!;

export function JpgToWordPage() {
  const { t } = useTranslation();
  const [ocrLanguage, setOcrLanguage] = useOcrLanguage();
  const previews = useImagePreviews();
  const [notice, setNotice] = useState<string>();
  const batch = useBatch(tool, (item) => notifyFailure(item.state, t, t('toast.failedTitle'), 'image', t('toast.failedBody')));
  const { busy, selected } = batch;
  const state = selected?.state ?? { status: 'waiting' as const };
  const previewUrl = previews.previewOf(selected?.file);

  const choose = async (files: File[]) => {
    setNotice(undefined);
    const { accepted, notice: refused } = await checkFiles(files, tool, {
      empty: () => t('jpgToWord.invalidType'),
      wrongType: () => t('jpgToWord.invalidType'),
      tooLarge: () => t('errors.too-large', { max: maxMegabytes(tool) }),
    });
    setNotice(refused);
    if (accepted.length === 0) return;
    previews.show(accepted);
    batch.start(accepted, { language: ocrLanguage, format: 'both' });
  };

  const resultState: TextResultState = !selected
    ? { status: 'idle' }
    : state.status === 'waiting'
      ? { status: 'running', fraction: 0, label: t('toolPage.fileWaiting') }
      : state.status === 'running'
      ? {
          status: 'running',
          fraction: state.fraction,
          label: ocrProgressLabel(state.stage, state.fraction, t),
        }
      : state.status === 'done'
        ? { status: 'done', text: state.result.text ?? '' }
        : state.status === 'failed'
          ? {
              status: 'failed',
              message: state.error.code === 'no-text' ? t('jpgToWord.empty') : state.error.code === 'engine-failed' ? t('jpgToWord.error') : errorMessage(state.error, t, 'image'),
            }
          : { status: 'idle' };

  const save = (extension: string) => downloadOutput(doneOutput(state, extension));

  return (
    <ToolPage
      tool={tool}
      input={{
        title: t('toolPage.uploadImageTitle'),
        description: t('uploadDescription'),
        body: (
          <>
            <ToolDropZone
              tool={tool}
              busy={busy}
              busyLabel={t('processing')}
              multiple
              camera
              onFiles={(files) => void choose(files)}
              selected={selected && { name: selected.file.name, size: selected.file.size, previewUrl }}
            />
            {selected && previewUrl && (
              <img
                src={previewUrl}
                alt={t('toolPage.preview', { name: selected.file.name })}
                className="max-h-72 w-full rounded-xl border border-slate-200 bg-slate-50 object-contain"
                data-testid="image-preview"
              />
            )}
            <BatchList
              items={batch.items}
              selectedId={selected?.id}
              onSelect={batch.select}
              zipEntries={(item) =>
                item.state.status === 'done'
                  ? item.state.result.outputs.filter((output) => output.name.endsWith('.docx')).map((output) => ({ ...output, name: `${baseName(item.file.name)}.docx` }))
                  : []
              }
            />
            <OcrLanguageSelect value={ocrLanguage} onChange={setOcrLanguage} disabled={busy} />
            <UploadNotice>{notice}</UploadNotice>
          </>
        ),
      }}
      result={{
        title: t('extractedTitle'),
        description: t('extractedDescription'),
        body: (
          <TextResult
            state={resultState}
            placeholder={t('uploadPlaceholder')}
            busyLabel={t('processing')}
            textLabel={t('extractedTitle')}
            copyLabel={t('toolPage.copyText')}
            progressLabel={t('toolPage.progressLabel')}
            onDownload={() => save('.docx')}
            downloads={[
              { label: t('jpgToWord.downloadWord'), onClick: () => save('.docx'), testId: 'download-docx' },
              { label: t('jpgToWord.downloadRtf'), onClick: () => save('.rtf'), testId: 'download-rtf' },
            ]}
          />
        ),
      }}
    />
  );
}
