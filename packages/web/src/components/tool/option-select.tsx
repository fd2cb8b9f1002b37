import { useId } from 'react';
import { cn } from '../../lib/cn.ts';

export interface OptionSelectProps<V extends string | number> {
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange(value: V): void;
  disabled?: boolean;
  testId?: string;
  /** Shown while nothing is chosen (value ""), for a choice that has no default. */
  placeholder?: string;
}

/** One labelled choice of a tool's options (page size, resolution), as a native select. */
export function OptionSelect<V extends string | number>({ label, value, options, onChange, disabled, testId, placeholder }: OptionSelectProps<V>) {
  const id = useId();
  return (
    // min-w-0 and w-full: a select is otherwise as wide as its longest choice, past a phone's width.
    <div className="flex min-w-0 flex-col gap-1.5 text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={String(value)}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => onChange(options.find((option) => String(option.value) === event.target.value)!.value)}
        className={cn(
          'h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-900 disabled:opacity-60',
          'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30',
        )}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
