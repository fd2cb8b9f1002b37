import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isRequiredOption, type OptionField } from '@textlift/core/tool-options';
import type { ToolDefinition } from '@textlift/core/tools';
import type { ToolOptionsState } from '../../hooks/use-tool-options.ts';
import { toolText } from '../../lib/tool-texts.ts';
import { OcrLanguageSelect } from './ocr-language-select.tsx';
import { OptionSelect } from './option-select.tsx';

const fieldClass = 'flex flex-col gap-1.5 text-sm';
const labelClass = 'font-medium text-slate-700';

/**
 * A tool's declared options drawn as controls, in the order the registry declares them:
 * choices as selects, numbers with presets as selects, other numbers as sliders, colours as
 * colour pickers, the OCR language as its own select. Labels come from
 * `{i18nKey}.options.{name}.label` and `….values.{value}`.
 */
export function ToolOptions({ tool, options, disabled }: { tool: ToolDefinition; options: ToolOptionsState; disabled?: boolean }) {
  const { t } = useTranslation();
  const fields = options.shown.map((name) => [name, tool.options[name]!] as const);
  const language = fields.find(([, field]) => field.kind === 'ocr-languages');
  const others = fields.filter(([, field]) => field.kind !== 'ocr-languages');
  return (
    <>
      {others.length > 0 && (
        <div className="grid items-end gap-3 sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]">
          {others.map(([name, field]) => (
            <OptionControl
              key={name}
              field={field}
              value={options.values[name]!}
              onChange={(value) => options.set(name, value)}
              label={(value) => toolText(t, tool, `options.${name}.label`, { value })}
              placeholder={isRequiredOption(field) ? toolText(t, tool, `options.${name}.placeholder`) : undefined}
              valueLabel={(value) => toolText(t, tool, `options.${name}.values.${value}`)}
              disabled={disabled}
              testId={name}
            />
          ))}
        </div>
      )}
      {language && <OcrLanguageSelect value={String(options.values[language[0]])} onChange={(code) => options.set(language[0], code)} disabled={disabled} />}
    </>
  );
}

interface OptionControlProps {
  field: OptionField<unknown>;
  value: string | number;
  onChange(value: string | number): void;
  label(value: string | number): string;
  valueLabel(value: string | number): string;
  disabled?: boolean;
  testId: string;
  /** For a choice with no default: what the select says until one is chosen. */
  placeholder?: string;
}

function OptionControl({ field, value, onChange, label, valueLabel, disabled, testId, placeholder }: OptionControlProps) {
  const id = useId();
  const common = { label: label(value), value, onChange, disabled, testId, placeholder };
  if (field.kind === 'choice' || field.kind === 'number-choice') {
    return <OptionSelect {...common} options={field.values.map((option) => ({ value: option, label: valueLabel(option) }))} />;
  }
  if (field.kind === 'integer' && field.presets) {
    const presets = Object.entries(field.presets);
    return <OptionSelect {...common} options={presets.map(([name, preset]) => ({ value: preset, label: valueLabel(name) }))} />;
  }
  // A slider for a range of whole numbers, a picker for a colour; both labelled with their value.
  const input =
    field.kind === 'integer'
      ? { type: 'range', min: field.min, max: field.max, step: field.step ?? 1, className: 'h-10 accent-brand-600', read: Number }
      : field.kind === 'color'
        ? { type: 'color', className: 'h-10 w-full cursor-pointer rounded-lg border border-slate-300 bg-white p-1', read: String }
        : undefined;
  if (!input) return null;
  const { read, ...attributes } = input;
  return (
    <div className={fieldClass}>
      <label htmlFor={id} className={labelClass}>
        {label(value)}
      </label>
      <input id={id} {...attributes} value={value} disabled={disabled} onChange={(event) => onChange(read(event.target.value))} data-testid={testId} />
    </div>
  );
}
