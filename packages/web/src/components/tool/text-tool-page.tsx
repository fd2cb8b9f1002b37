import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversionResult } from '@textlift/core/conversion';
import type { ToolDefinition } from '@textlift/core/tools';
import { useTextTool, type TextTool } from '../../hooks/use-text-tool.ts';
import type { OptionValue } from '../../hooks/use-tool-options.ts';
import { toolIcons } from '../../lib/tool-icons.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { toolText } from '../../lib/tool-texts.ts';
import { JobResult, type JobResultProps } from '../result/job-result.tsx';
import { Button } from '../ui/button.tsx';
import { RunsOnNote } from './runs-on-note.tsx';
import { ToolOptions } from './tool-options.tsx';
import { ToolPage } from './tool-page.tsx';

export interface TextToolPageProps {
  tool: ToolDefinition;
  /** Convert a moment after each change, with no button: the result is a live preview. */
  live?: boolean;
  /** Options the page sets itself and does not draw. */
  fixed?: Record<string, OptionValue>;
  /** Count words beside characters (Text to Word). */
  countWords?: boolean;
  /** A few lines of text (a link, a contact card) rather than pages of it. */
  short?: boolean;
  /** The page's own notes under the text (a script the font lacks, colours too close). */
  inputExtras?(flow: TextTool): ReactNode;
  /** The failure's words; the error code's message by default. */
  failed?: JobResultProps['failed'];
  done(result: ConversionResult): ReactNode;
}

const countWordsIn = (text: string) => text.trim().split(/\s+/u).filter(Boolean).length;

/**
 * A tool page that turns typed text into a file: the text with its counts, the registry's
 * options, the button (none for a live tool, whose result follows the text), and the result
 * card. Words by key: `{i18nKey}.placeholder`, `.convert`, `.converting`, `.resultPlaceholder`.
 */
export function TextToolPage({ tool, live, fixed, countWords, short, inputExtras, failed, done }: TextToolPageProps) {
  const { t } = useTranslation();
  const id = useId();
  const flow = useTextTool(tool, { live, fixed });
  const { job, text } = flow;
  const Icon = toolIcons[tool.icon];
  const field = {
    id,
    value: text,
    maxLength: flow.maxLength,
    onChange: (event: { target: { value: string } }) => flow.setText(event.target.value),
    placeholder: toolText(t, tool, 'placeholder'),
    'data-testid': 'text-input',
    className:
      'w-full rounded-xl border border-slate-300 bg-white p-4 text-sm leading-relaxed text-slate-900 ' +
      'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30',
  };
  const counts = [t('hero.characters', { count: text.length }), ...(countWords ? [t('toolPage.words', { count: countWordsIn(text) })] : [])];
  const input = (
    <>
      <label htmlFor={id} className="sr-only">
        {toolText(t, tool, 'inputTitle')}
      </label>
      <textarea {...field} className={`${field.className} resize-y ${short ? 'min-h-24' : 'min-h-72'}`} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-slate-500" data-testid="character-count">
          {counts.join(' · ')}
        </p>
        {!flow.live && (
          <Button onClick={flow.convert} disabled={flow.blank} busy={job.busy} data-testid="convert">
            <Icon className="size-4" aria-hidden />
            {job.busy ? toolText(t, tool, 'converting') : toolText(t, tool, 'convert')}
          </Button>
        )}
      </div>
      <ToolOptions tool={tool} options={flow.options} disabled={job.busy && !flow.live} />
      <div className="text-xs">
        <RunsOnNote tool={tool} handed="text" />
      </div>
      {inputExtras?.(flow)}
    </>
  );
  const result = (
    <JobResult
      state={flow.shown}
      placeholder={toolText(t, tool, 'resultPlaceholder')}
      idleIcon={Icon}
      busyLabel={toolText(t, tool, 'converting')}
      stepLabel={() => ''}
      failed={failed ?? ((error) => ({ message: errorMessage(error, t) }))}
      onCancel={flow.live ? undefined : job.reset}
      done={done}
    />
  );
  return <ToolPage tool={tool} input={input} result={result} resultState={flow.shown} reveal={!flow.live} />;
}
