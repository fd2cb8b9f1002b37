import { useTranslation } from 'react-i18next';
import { INVERT_MAX_PIXELS } from '@textlift/core/limits';
import { findTool } from '@textlift/core/tools';
import { ImageResult } from '../../components/result/image-result.tsx';
import { FileToolPage } from '../../components/tool/file-tool-page.tsx';
import { useFileTool } from '../../hooks/use-file-tool.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';

const tool = findTool('invert-image')!;

export function InvertImagePage() {
  const { t } = useTranslation();
  const flow = useFileTool(tool, { onSettled: (item) => notifyFailure(item.state, t, t('toast.conversionFailed'), 'image') });
  return (
    <FileToolPage
      flow={flow}
      busyLabel={t('invertImage.inverting')}
      input={{
        camera: 'photo',
        extras: <p className="text-xs text-slate-500">{t('invertImage.sizeNote', { max: INVERT_MAX_PIXELS / 1_000_000 })}</p>,
      }}
      result={{
        done: ({ outputs, summary = {} }, { file }) => (
          <ImageResult
            title={t('invertImage.done')}
            summary={t('invertImage.summary', { width: summary.width, height: summary.height })}
            image={outputs[0]!}
            alt={`${t('invertImage.after')}: ${outputs[0]!.name}`}
            caption={t('invertImage.after')}
            downloads={[{ label: t('invertImage.download'), output: outputs[0] }]}
          >
            {flow.previewUrl && (
              <figure className="flex flex-col items-center gap-2">
                <img
                  src={flow.previewUrl}
                  alt={`${t('invertImage.before')}: ${file.name}`}
                  className="max-h-96 w-full rounded-lg border border-slate-200 object-contain"
                />
                <figcaption className="text-xs font-medium text-slate-500">{t('invertImage.before')}</figcaption>
              </figure>
            )}
          </ImageResult>
        ),
      }}
    />
  );
}
