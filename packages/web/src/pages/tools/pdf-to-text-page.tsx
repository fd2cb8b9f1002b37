import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asksForPassword } from '@textlift/core/errors';
import { findTool } from '@textlift/core/tools';
import { PasswordForm } from '../../components/tool/password-form.tsx';
import { ToolPage } from '../../components/tool/tool-page.tsx';
import { TextResult, type TextResultState } from '../../components/result/text-result.tsx';
import { ToolDropZone } from '../../components/upload/tool-drop-zone.tsx';
import { UploadNotice } from '../../components/upload/upload-notice.tsx';
import { BatchList } from '../../components/tool/batch-list.tsx';
import { doneOutput, useBatch } from '../../hooks/use-batch.ts';
import { checkFiles } from '../../lib/choose-files.ts';
import { useOcrLanguage } from '../../i18n/ocr-language.ts';
import { OcrLanguageSelect } from '../../components/tool/ocr-language-select.tsx';
import { downloadOutput } from '../../lib/files.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';
import { pdfReadingLabel } from '../../lib/ocr-progress.ts';

const tool = findTool('pdf-to-text')!;

export function PdfToTextPage() {
  const { t } = useTranslation();
  const [ocrLanguage, setOcrLanguage] = useOcrLanguage();
  const [notice, setNotice] = useState<string>();
  const batch = useBatch(tool, (item) => notifyFailure(item.state, t, t('pdfToText.failed'), 'pdf'));
  const { busy, selected } = batch;
  const state = selected?.state ?? { status: 'waiting' as const };

  const choose = async (files: File[]) => {
    setNotice(undefined);
    const { accepted, notice: refused } = await checkFiles(files, tool, {
      empty: () => t('pdfToText.invalidType'),
      wrongType: () => t('pdfToText.invalidType'),
      tooLarge: () => t('pdfToText.tooLarge'),
    });
    setNotice(refused);
    if (accepted.length > 0) batch.start(accepted, { language: ocrLanguage });
  };

  const status = !selected
    ? undefined
    : state.status === 'waiting'
      ? t('pdfToText.loading')
      : state.status === 'running'
      ? pdfReadingLabel(state, t)
      : state.status === 'done'
        ? t('pdfToText.completed')
        : state.status === 'failed' && !asksForPassword(state.error.code)
          ? t('pdfToText.failedStatus')
          : undefined;

  const needsPassword = state.status === 'failed' && asksForPassword(state.error.code);
  const resultState: TextResultState = !selected
    ? { status: 'idle' }
    : state.status === 'waiting'
      ? { status: 'running', fraction: 0, label: status ?? '' }
      : state.status === 'running'
      ? { status: 'running', fraction: state.fraction, label: status ?? '' }
      : state.status === 'done'
        ? { status: 'done', text: state.result.text ?? '' }
        : state.status === 'failed'
          ? state.error.code === 'no-text'
            ? { status: 'failed', message: t('pdfToText.empty') }
            : {
                status: 'failed',
                message: t('pdfToText.errorIntro', { message: state.error.code === 'corrupt' ? t('pdfToText.corrupt') : errorMessage(state.error, t, 'pdf') }),
                tips: t('pdfToText.tips', { returnObjects: true }) as string[],
              }
          : { status: 'idle' };
  const language = { language: ocrLanguage };

  const download = () => downloadOutput(doneOutput(state));

  return (
    <ToolPage
      tool={tool}
      input={{
        title: t('toolPage.uploadPdfTitle'),
        description: t('toolPage.uploadPdfDescription'),
        body: (
          <>
            <ToolDropZone
              tool={tool}
              busy={busy}
              busyLabel={t('pdfToText.processing')}
              multiple
              onFiles={(files) => void choose(files)}
              selected={selected && { name: selected.file.name, size: selected.file.size }}
            />
            <OcrLanguageSelect value={ocrLanguage} onChange={setOcrLanguage} disabled={busy} />
            <UploadNotice>{notice}</UploadNotice>
            <BatchList items={batch.items} selectedId={selected?.id} onSelect={batch.select} zipEntries={(item) => (item.state.status === 'done' ? item.state.result.outputs : [])} />
            {status && (
              <p role="status" className="text-sm text-slate-600" data-testid="status-text">
                {status}
              </p>
            )}
          </>
        ),
      }}
      result={{
        title: t('toolPage.resultTitle'),
        description: t('toolPage.resultDescription'),
        body: needsPassword && selected ? (
          <PasswordForm wrong={state.error.code === 'wrong-password'} onSubmit={(password) => batch.rerun(selected.id, { ...language, password })} />
        ) : (
          <TextResult
            state={resultState}
            placeholder={t('toolPage.resultPlaceholder')}
            busyLabel={t('pdfToText.processing')}
            textLabel={t('toolPage.resultTitle')}
            copyLabel={t('toolPage.copyText')}
            progressLabel={t('toolPage.progressLabel')}
            onDownload={download}
          />
        ),
      }}
    />
  );
}
