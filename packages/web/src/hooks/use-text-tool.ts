import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '../lib/notify-failure.ts';
import type { OptionValue } from './use-tool-options.ts';
import type { ToolDefinition } from '@textlift/core/tools';
import { useToolJob, type ConversionState } from './use-tool-job.ts';
import { useToolOptions } from './use-tool-options.ts';

/** How long typing may pause before a live tool (the QR code) draws again, in ms. */
const LIVE_DELAY_MS = 150;

/**
 * The flow of a tool that takes typed text: the text, the registry's options, and the job;
 * blank text cannot be converted. A `live` tool converts by itself a moment after each change
 * (its output is a preview); others wait for the button, and a changed option forgets the
 * output made with the old one.
 */
export function useTextTool(tool: ToolDefinition, { live = false, fixed }: { live?: boolean; fixed?: Record<string, OptionValue> } = {}) {
  const { t } = useTranslation();
  // A failed conversion is told in a toast too; a live preview's failure shows in place only.
  const job = useToolJob(tool, (state) => !live && notifyFailure(state, t, t('toast.conversionFailed')));
  const [text, setText] = useState('');
  const options = useToolOptions(tool, { fixed, onChange: live ? undefined : job.reset });
  const blank = !text.trim();
  const maxLength = tool.input.kind === 'text' ? tool.input.maxLength : 0;
  const convert = () => void job.run({ text }, options.values);

  const { run, reset } = job;
  useEffect(() => {
    if (!live) return;
    if (blank) return reset();
    const timer = setTimeout(() => void run({ text }, options.values), LIVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [live, blank, text, options.values, run, reset]);

  // A live preview keeps showing the last result while the next one is drawn, rather than flicker.
  const lastDone = useRef<ConversionState>(undefined);
  if (job.state?.status === 'done' || job.state?.status === 'failed' || !job.state) lastDone.current = job.state;
  const shown = live && job.state?.status === 'running' && lastDone.current ? lastDone.current : job.state;

  return { tool, job, text, setText, blank, maxLength, options, convert, live, shown };
}

export type TextTool = ReturnType<typeof useTextTool>;
