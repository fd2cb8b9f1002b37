import { useCallback, useMemo, useState } from 'react';
import type { ToolDefinition } from '@textlift/core/tools';
import { useOcrLanguage } from '../i18n/ocr-language.ts';

export type OptionValue = string | number;

/**
 * The values of a tool's declared options as its page holds them: each starts at its
 * declared default (the OCR language at the interface's), `fixed` ones are set by the page and
 * never drawn (JPG to Word asks for both formats), and any change calls `onChange`, so the
 * page starts over rather than show a result made with the old values.
 */
export function useToolOptions(tool: ToolDefinition, { fixed = {}, onChange }: { fixed?: Record<string, OptionValue>; onChange?(): void } = {}) {
  const [ocrLanguage, setOcrLanguage] = useOcrLanguage();
  const [chosen, setChosen] = useState<Record<string, OptionValue>>(() =>
    Object.fromEntries(Object.entries(tool.options).map(([name, field]) => [name, field.fallback])),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `fixed` is a literal of the page: its content, not its identity, matters.
  const values = useMemo(() => {
    const merged: Record<string, OptionValue> = { ...chosen, ...fixed };
    for (const [name, field] of Object.entries(tool.options)) {
      if (field.kind === 'ocr-languages' && !(name in fixed)) merged[name] = ocrLanguage;
      // Passwords and lists travel only when the page sets them (a retry, merge's files).
      if ((field.kind === 'text' || field.kind === 'text-list') && !(name in fixed)) delete merged[name];
    }
    return merged;
  }, [chosen, ocrLanguage, JSON.stringify(fixed), tool]);

  const set = useCallback(
    (name: string, value: OptionValue) => {
      onChange?.();
      if (tool.options[name]?.kind === 'ocr-languages') setOcrLanguage(value as typeof ocrLanguage);
      else setChosen((current) => ({ ...current, [name]: value }));
    },
    [onChange, setOcrLanguage, tool],
  );

  /** Fields the page draws: neither set by the page nor typed in elsewhere (passwords). */
  const shown = Object.entries(tool.options)
    .filter(([name, field]) => !(name in fixed) && field.kind !== 'text' && field.kind !== 'text-list')
    .map(([name]) => name);
  return { values, set, shown };
}

export type ToolOptionsState = ReturnType<typeof useToolOptions>;
