import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { FileResult } from '../../components/result/file-result.tsx';
import { TextToolPage } from '../../components/tool/text-tool-page.tsx';

const tool = findTool('text-to-pdf')!;

/** Scripts the embedded font (DejaVu) does not draw; the page says so as soon as such text is typed. */
const UNSUPPORTED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function TextToPdfPage() {
  const { t } = useTranslation();
  return (
    <TextToolPage
      tool={tool}
      inputExtras={({ text }) =>
        UNSUPPORTED_SCRIPT.test(text) && (
          <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="note" data-testid="script-note">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('textToPdf.unsupportedScript')}
          </p>
        )
      }
      done={({ outputs, summary = {} }) => (
        <FileResult
          title={t('textToPdf.created')}
          output={outputs[0]!}
          downloadLabel={t('textToPdf.download')}
          summary={t('textToPdf.summary', { pages: summary.pages })}
        >
          {(summary.missingCharacters ?? 0) > 0 && (
            <p className="max-w-sm text-sm text-amber-800" data-testid="missing-characters">
              {t('textToPdf.missing', { count: summary.missingCharacters })}
            </p>
          )}
        </FileResult>
      )}
    />
  );
}
