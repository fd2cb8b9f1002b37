import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { TextOutput } from '../../components/result/text-result.tsx';
import { FileToolPage } from '../../components/tool/file-tool-page.tsx';
import { useFileTool } from '../../hooks/use-file-tool.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { downloadOutput, outputOfType } from '../../lib/files.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';
import { ocrProgressLabel } from '../../lib/ocr-progress.ts';

const tool = findTool('jpg-to-word')!;

export function JpgToWordPage() {
  const { t } = useTranslation();
  const flow = useFileTool(tool, {
    // Both files are made from one reading; the visitor picks at download.
    fixed: { format: 'both' },
    reasons: { empty: () => t('jpgToWord.invalidType'), wrongType: () => t('jpgToWord.invalidType') },
    onSettled: (item) => notifyFailure(item.state, t, t('toast.failedTitle'), 'image', t('toast.failedBody')),
  });
  return (
    <FileToolPage
      flow={flow}
      busyLabel={t('processing')}
      input={{
        multiple: true,
        camera: 'photo',
        preview: true,
        zipEntries: (item) => {
          const docx = item.state.status === 'done' ? outputOfType(item.state.result.outputs, '.docx') : undefined;
          return docx ? [docx] : [];
        },
      }}
      result={{
        stepLabel: ({ stage, fraction }) => ocrProgressLabel(stage, fraction, t),
        failed: (error) => ({
          message: error.code === 'no-text' ? t('jpgToWord.empty') : error.code === 'engine-failed' ? t('jpgToWord.error') : errorMessage(error, t, 'image'),
        }),
        done: ({ text = '', outputs }) => (
          <TextOutput
            text={text}
            textLabel={t('extractedTitle')}
            copyLabel={t('toolPage.copyText')}
            downloads={[
              { label: t('jpgToWord.downloadWord'), onClick: () => downloadOutput(outputOfType(outputs, '.docx')), testId: 'download-docx' },
              { label: t('jpgToWord.downloadRtf'), onClick: () => downloadOutput(outputOfType(outputs, '.rtf')), testId: 'download-rtf' },
            ]}
          />
        ),
      }}
    />
  );
}
