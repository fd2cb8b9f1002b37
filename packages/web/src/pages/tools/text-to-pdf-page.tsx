import { FileText, Info } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { FileResult } from '../../components/result/file-result.tsx';
import { JobResult } from '../../components/result/job-result.tsx';
import { RunsOnNote } from '../../components/tool/runs-on-note.tsx';
import { ToolPage } from '../../components/tool/tool-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useToolJob } from '../../hooks/use-tool-job.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';

const tool = findTool('text-to-pdf')!;
const maxLength = tool.input.kind === 'text' ? tool.input.maxLength : 0;

/** Scripts the embedded font (DejaVu) does not draw; the page says so as soon as such text is typed. */
const UNSUPPORTED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function TextToPdfPage() {
  const { t } = useTranslation();
  const textId = useId();
  const [text, setText] = useState('');
  const job = useToolJob(tool, (state) => notifyFailure(state, t, t('toast.conversionFailed')));

  const blank = !text.trim();

  return (
    <ToolPage
      tool={tool}
      input={{
        title: t('textToPdf.inputTitle'),
        description: t('textToPdf.inputDescription'),
        body: (
          <>
            <label htmlFor={textId} className="sr-only">{t('textToPdf.inputTitle')}</label>
            <textarea
              id={textId}
              value={text}
              maxLength={maxLength}
              onChange={(event) => setText(event.target.value)}
              placeholder={t('textToPdf.placeholder')}
              data-testid="text-input"
              className="min-h-72 w-full resize-y rounded-xl border border-slate-300 bg-white p-4 text-sm leading-relaxed text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
            />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-xs text-slate-500" data-testid="character-count">{t('textToPdf.characters', { count: text.length })}</p>
              <Button onClick={() => void job.run({ text })} disabled={blank || job.busy} data-testid="convert">
                <FileText className="size-4" aria-hidden />
                {job.busy ? t('textToPdf.converting') : t('textToPdf.convert')}
              </Button>
            </div>
            <div className="text-xs"><RunsOnNote tool={tool} handed="text" /></div>
            {UNSUPPORTED_SCRIPT.test(text) && (
              <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="note" data-testid="script-note">
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
                {t('textToPdf.unsupportedScript')}
              </p>
            )}
          </>
        ),
      }}
      result={{
        title: t('textToPdf.resultTitle'),
        description: t('textToPdf.resultDescription'),
        body: (
          <JobResult
            state={job.state}
            placeholder={t('textToPdf.resultPlaceholder')}
            busyLabel={t('textToPdf.converting')}
            stepLabel={() => ''}
            failed={(error) => ({ message: errorMessage(error, t) })}
            done={({ outputs, summary = {} }) => (
              <FileResult title={t('textToPdf.created')} output={outputs[0]!} downloadLabel={t('textToPdf.download')} summary={t('textToPdf.summary', { pages: summary.pages })}>
                {(summary.missingCharacters ?? 0) > 0 && (
                  <p className="max-w-sm text-sm text-amber-800" data-testid="missing-characters">{t('textToPdf.missing', { count: summary.missingCharacters })}</p>
                )}
              </FileResult>
            )}
          />
        ),
      }}
    />
  );
}
