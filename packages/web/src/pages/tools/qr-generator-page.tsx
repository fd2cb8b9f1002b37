import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { qrContrast } from '@textlift/core/codes/qr-contrast';
import type { ConversionResult } from '@textlift/core/conversion';
import type { ConversionError } from '@textlift/core/errors';
import { findTool } from '@textlift/core/tools';
import { ImageResult } from '../../components/result/image-result.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { TextToolPage } from '../../components/tool/text-tool-page.tsx';

const tool = findTool('qr-generator')!;

export function QrGeneratorPage() {
  const failed = useQrFailure();
  return (
    <TextToolPage
      tool={tool}
      live
      // Both files come from one drawing; the visitor picks at download.
      fixed={{ format: 'both' }}
      short
      failed={failed}
      inputExtras={({ options }) => <ContrastWarning color={String(options.values.color)} bgcolor={String(options.values.bgcolor)} />}
      done={(result) => <QrCodeResult {...result} />}
    />
  );
}

/** A failure's words: the slider's smallest sizes cannot hold a long text's code, so say the size it needs. */
function useQrFailure() {
  const { t } = useTranslation();
  return (error: ConversionError) => ({
    message: error.details.field === 'size' ? t('qrGenerator.tooSmall', { min: error.details.minSize }) : errorMessage(error, t),
  });
}

/** The code drawn from the text so far, with its PNG and SVG downloads. */
function QrCodeResult({ outputs, summary = {} }: ConversionResult) {
  const { t } = useTranslation();
  const png = outputs.find((output) => output.type === 'image/png')!;
  return (
    <ImageResult
      summary={t('qrGenerator.summary', { version: summary.version, modules: summary.modules })}
      image={png}
      alt={t('qrGenerator.alt')}
      downloads={[
        { label: t('qrGenerator.downloadPng'), output: png, testId: 'download-png' },
        { label: t('qrGenerator.downloadSvg'), output: outputs.find((output) => output.type.startsWith('image/svg')), testId: 'download-svg' },
      ]}
    />
  );
}

/** Says when the two colours will not scan well: too little contrast first, then a light code on dark. */
function ContrastWarning({ color, bgcolor }: { color: string; bgcolor: string }) {
  const { t } = useTranslation();
  const [warning] = qrContrast(color, bgcolor).warnings;
  if (!warning) return null;
  return (
    <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status" data-testid="contrast-warning">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      {warning === 'low-contrast' ? t('qrGenerator.lowContrast') : t('qrGenerator.inverted')}
    </p>
  );
}
