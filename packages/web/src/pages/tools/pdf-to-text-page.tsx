import { FileText } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversionError } from '@textlift/core/errors';
import { findTool } from '@textlift/core/tools';
import { PasswordForm } from '../../components/tool/password-form.tsx';
import { ToolPage } from '../../components/tool/tool-page.tsx';
import { TextResult, type TextResultState } from '../../components/result/text-result.tsx';
import { showToast } from '../../components/ui/toaster.tsx';
import { DropZone, PrivacyNote } from '../../components/upload/drop-zone.tsx';
import { useConversion } from '../../hooks/use-conversion.ts';
import { useOcrLanguage } from '../../i18n/ocr-language.ts';
import { OcrLanguageSelect } from '../../components/tool/ocr-language-select.tsx';
import { downloadBytes, sniffFile } from '../../lib/files.ts';

const tool = findTool('pdf-to-text')!;

/** Failures the page answers itself (a password prompt, the empty-PDF text) rather than with a toast. */
const quietCodes = new Set(['cancelled', 'password-required', 'wrong-password', 'no-text']);
const needsPasswordCodes = new Set(['password-required', 'wrong-password']);

export function PdfToTextPage() {
  const { t } = useTranslation();
  const { state, run } = useConversion(tool.slug);
  const [ocrLanguage, setOcrLanguage] = useOcrLanguage();
  const [file, setFile] = useState<File>();
  const [notice, setNotice] = useState<string>();
  const busy = state.status === 'running';

  const convert = useCallback(
    async (chosen: File, password?: string) => {
      const bytes = new Uint8Array(await chosen.arrayBuffer());
      try {
        await run([{ name: chosen.name, bytes }], { language: ocrLanguage, ...(password ? { password } : {}) });
      } catch (error) {
        if (!quietCodes.has((error as ConversionError).code)) showToast({ variant: 'destructive', title: t('pdfToText.failed') });
      }
    },
    [run, t, ocrLanguage],
  );

  const choose = async (chosen: File) => {
    setNotice(undefined);
    if ((await sniffFile(chosen)) !== 'application/pdf') return setNotice(t('pdfToText.invalidType'));
    if (chosen.size > tool.maxBytes) return setNotice(t('pdfToText.tooLarge'));
    setFile(chosen);
    void convert(chosen);
  };

  const status =
    state.status === 'running'
      ? state.stage === 'reading' && state.detail
        ? t('pdfToText.page', { page: state.detail.page, pages: state.detail.pages })
        : state.stage === 'loading' ? t('pdfToText.loading') : t('pdfToText.processing')
      : state.status === 'done'
        ? t('pdfToText.completed')
        : state.status === 'failed' && !needsPasswordCodes.has(state.error.code)
          ? t('pdfToText.failedStatus')
          : undefined;

  const needsPassword = state.status === 'failed' && needsPasswordCodes.has(state.error.code);
  const resultState: TextResultState =
    state.status === 'running'
      ? { status: 'running', fraction: state.fraction, label: status ?? '' }
      : state.status === 'done'
        ? { status: 'done', text: state.result.text ?? '' }
        : state.status === 'failed'
          ? state.error.code === 'no-text'
            ? { status: 'failed', message: t('pdfToText.empty') }
            : {
                status: 'failed',
                message: t('pdfToText.errorIntro', { message: state.error.code === 'corrupt' ? t('pdfToText.corrupt') : t('errors.generic') }),
                tips: t('pdfToText.tips', { returnObjects: true }) as string[],
              }
          : { status: 'idle' };

  const download = () => {
    if (state.status !== 'done') return;
    const output = state.result.outputs[0];
    if (output) downloadBytes(output.bytes, output.name, output.type);
  };

  return (
    <ToolPage
      tool={tool}
      input={{
        title: t('toolPage.uploadPdfTitle'),
        description: t('toolPage.uploadPdfDescription'),
        body: (
          <>
            <DropZone
              accept="application/pdf,.pdf"
              busy={busy}
              busyLabel={t('pdfToText.processing')}
              dropLabel={t('toolPage.dropPdf')}
              icon={FileText}
              onFile={(chosen) => void choose(chosen)}
              selected={file && { name: file.name, size: file.size }}
              hints={
                <>
                  <p>{t('toolPage.pdfLimit', { size: tool.maxBytes / (1024 * 1024) })}</p>
                  <PrivacyNote>{t('toolPage.privacyPdf')}</PrivacyNote>
                </>
              }
            />
            <OcrLanguageSelect value={ocrLanguage} onChange={setOcrLanguage} disabled={busy} />
            {notice && (
              <p role="alert" className="text-sm font-medium text-red-700" data-testid="upload-notice">
                {notice}
              </p>
            )}
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
        body: needsPassword && file ? (
          <PasswordForm wrong={state.error.code === 'wrong-password'} onSubmit={(password) => void convert(file, password)} />
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
