import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversionError } from '@textlift/core/errors';
import { isImageType } from '@textlift/core/sniff';
import { findTool } from '@textlift/core/tools';
import { TextResult, type TextResultState } from '../../components/result/text-result.tsx';
import { OcrLanguageSelect } from '../../components/tool/ocr-language-select.tsx';
import { ToolPage } from '../../components/tool/tool-page.tsx';
import { showToast } from '../../components/ui/toaster.tsx';
import { DropZone, PrivacyNote } from '../../components/upload/drop-zone.tsx';
import { useConversion } from '../../hooks/use-conversion.ts';
import { useOcrLanguage } from '../../i18n/ocr-language.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { downloadBytes, sniffFile } from '../../lib/files.ts';

const tool = findTool('jpg-to-word')!;

interface Selected {
  file: File;
  previewUrl?: string;
}

export function JpgToWordPage() {
  const { t } = useTranslation();
  const { state, run } = useConversion(tool.slug);
  const [ocrLanguage, setOcrLanguage] = useOcrLanguage();
  const [selected, setSelected] = useState<Selected>();
  const [notice, setNotice] = useState<string>();
  const busy = state.status === 'running';

  useEffect(() => () => {
    if (selected?.previewUrl) URL.revokeObjectURL(selected.previewUrl);
  }, [selected]);

  const convert = useCallback(
    async (file: File) => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      try {
        await run([{ name: file.name, bytes }], { language: ocrLanguage, format: 'both' });
      } catch (error) {
        const { code } = error as ConversionError;
        if (code !== 'cancelled' && code !== 'no-text') showToast({ variant: 'destructive', title: t('toast.failedTitle'), description: t('toast.failedBody') });
      }
    },
    [run, t, ocrLanguage],
  );

  const choose = async (file: File) => {
    setNotice(undefined);
    const type = file.size > 0 ? await sniffFile(file) : undefined;
    if (!isImageType(type)) return setNotice(t('jpgToWord.invalidType'));
    if (file.size > tool.maxBytes) return setNotice(t('errors.tooLarge', { max: tool.maxBytes / (1024 * 1024) }));
    setSelected({ file, previewUrl: type === 'image/tiff' ? undefined : URL.createObjectURL(file) });
    void convert(file);
  };

  const percent = state.status === 'running' ? Math.round(state.fraction * 100) : 0;
  const resultState: TextResultState =
    state.status === 'running'
      ? {
          status: 'running',
          fraction: state.fraction,
          label: state.stage === 'recognizing' ? t('hero.recognizing', { percent }) : t('hero.loadingEngine', { percent }),
        }
      : state.status === 'done'
        ? { status: 'done', text: state.result.text ?? '' }
        : state.status === 'failed'
          ? {
              status: 'failed',
              message: state.error.code === 'no-text' ? t('jpgToWord.empty') : state.error.code === 'engine-failed' ? t('jpgToWord.error') : errorMessage(state.error, t),
            }
          : { status: 'idle' };

  const save = (extension: string) => {
    if (state.status !== 'done') return;
    const output = state.result.outputs.find((item) => item.name.endsWith(extension));
    if (output) downloadBytes(output.bytes, output.name, output.type);
  };

  return (
    <ToolPage
      tool={tool}
      input={{
        title: t('toolPage.uploadImageTitle'),
        description: t('uploadDescription'),
        body: (
          <>
            <DropZone
              accept="image/*,.tif,.tiff,.bmp,.webp"
              busy={busy}
              busyLabel={t('processing')}
              onFile={(file) => void choose(file)}
              selected={selected && { name: selected.file.name, size: selected.file.size, previewUrl: selected.previewUrl }}
              hints={
                <>
                  <p>{t('hero.supported')}</p>
                  <PrivacyNote>{t('hero.privacy')}</PrivacyNote>
                </>
              }
            />
            {selected?.previewUrl && (
              <img
                src={selected.previewUrl}
                alt={t('toolPage.preview', { name: selected.file.name })}
                className="max-h-72 w-full rounded-xl border border-slate-200 bg-slate-50 object-contain"
                data-testid="image-preview"
              />
            )}
            <OcrLanguageSelect value={ocrLanguage} onChange={setOcrLanguage} disabled={busy} />
            {notice && (
              <p role="alert" className="text-sm font-medium text-red-700" data-testid="upload-notice">
                {notice}
              </p>
            )}
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
