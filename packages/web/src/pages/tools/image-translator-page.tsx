import { useTranslation } from 'react-i18next';
import { AUTO_OCR_LANGUAGE, type OcrLanguage } from '@textlift/core/ocr/languages';
import { findTool } from '@textlift/core/tools';
import { languageOfOcr } from '@textlift/core/translation/languages';
import { TranslationResult } from '../../components/result/translation-result.tsx';
import { FileToolPage } from '../../components/tool/file-tool-page.tsx';
import { RunsOnNote } from '../../components/tool/runs-on-note.tsx';
import { TranslationNotice } from '../../components/tool/translation-notice.tsx';
import { useFileTool } from '../../hooks/use-file-tool.ts';
import { useTranslationEngine } from '../../hooks/use-translation-engine.ts';
import { interfaceOcrLanguage, languageName } from '../../i18n/ocr-language.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';
import { ocrProgressLabel } from '../../lib/ocr-progress.ts';

const tool = findTool('image-translator')!;

export function ImageTranslatorPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const flow = useFileTool(tool, {
    reasons: { empty: () => t('imageTranslator.invalidType'), wrongType: () => t('imageTranslator.invalidType') },
    onSettled: (item) => notifyFailure(item.state, t, t('toast.failedTitle'), 'image', t('toast.failedBody')),
  });
  const target = String(flow.options.values.target ?? '');
  // Automatic: the page names the engine for the text's likely language (the interface's); the
  // language found on the picture decides the pair the result is translated from.
  const chosenSource = flow.options.values.source as OcrLanguage | typeof AUTO_OCR_LANGUAGE;
  const source = languageOfOcr([chosenSource === AUTO_OCR_LANGUAGE ? interfaceOcrLanguage(language.code) : chosenSource]);
  const pair = target ? { source, target } : undefined;
  const { state, download } = useTranslationEngine(pair);
  // In sentences, names as the language writes them there ("espagnol" in French, lower case), not the menu's.
  const name = (code: string) => languageName(code, language.tag);
  const via = state.status === 'ready' ? state.via : undefined;
  const names = { sourceName: name(source), targetName: target ? name(target) : '', viaName: via && name(via) };

  const disabled = !target
    ? t('imageTranslator.chooseFirst')
    : state.status === 'ready'
      ? undefined
      : state.status === 'checking'
        ? t('imageTranslator.engine.checking')
        : t('imageTranslator.cannotYet');
  // The image is always read here; where its text goes depends on the engine, said in the notice.
  const runsOnNote = <RunsOnNote tool={tool} handed="image" words={t('imageTranslator.readHere')} />;
  return (
    <FileToolPage
      flow={flow}
      busyLabel={t('imageTranslator.busy')}
      input={{
        camera: 'photo',
        preview: true,
        optionsFirst: true,
        disabled,
        runsOnNote,
        before: <TranslationNotice state={state} onDownload={download} busy={flow.batch.busy} {...names} />,
      }}
      result={{
        stepLabel: ({ stage, fraction, detail }) =>
          stage === 'translating' && detail
            ? t('imageTranslator.translating', { done: detail.page, total: detail.pages })
            : ocrProgressLabel(stage, fraction, t),
        failed: (error) => ({
          message:
            error.code === 'no-text'
              ? t('imageTranslator.noText')
              : error.code === 'no-translator'
                ? t('imageTranslator.engine.none', names)
                : errorMessage(error, t, 'image'),
        }),
        done: ({ text = '', outputs, data }) => {
          const translation = data?.translation;
          const engine = translation?.engine ?? 'apertium';
          return (
            <TranslationResult
              original={translation?.original ?? ''}
              translation={text}
              originalLabel={t('imageTranslator.originalLabel', { language: name(translation?.source ?? source) })}
              translationLabel={t('imageTranslator.translationLabel', { language: name(translation?.target ?? target) })}
              engineLine={t(`imageTranslator.translatedBy.${engine}`)}
              output={outputs[0]!}
              originalLang={translation?.source}
              translationLang={translation?.target}
            />
          );
        },
      }}
      layout={{ stacked: true }}
    />
  );
}
