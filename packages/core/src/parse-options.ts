import * as v from 'valibot';
import { ConversionError } from './errors.ts';
import { parseOcrLanguages } from './ocr/languages.ts';
import type { OptionFields, OptionRule, OptionValues } from './tool-options.ts';

const wholeNumber = v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+$/), v.transform(Number))]);

/** The valibot schema of one declared option: what it accepts and what it turns it into. */
function schemaOf(rule: OptionRule): v.GenericSchema<unknown, unknown> {
  switch (rule.kind) {
    case 'choice':
      return v.picklist(rule.values);
    case 'number-choice':
      return v.pipe(wholeNumber, v.picklist(rule.values));
    case 'integer':
      return v.pipe(wholeNumber, v.integer(), v.minValue(rule.min), v.maxValue(rule.max));
    case 'text':
      return v.pipe(v.string(), v.maxLength(rule.maxLength));
    case 'text-list':
      return v.pipe(
        v.union([v.array(v.string()), v.pipe(v.string(), v.maxLength(rule.maxItems * (rule.maxLength + 8)), v.parseJson())]),
        v.array(v.pipe(v.string(), v.maxLength(rule.maxLength))),
        v.maxLength(rule.maxItems),
      );
    case 'color':
      return v.pipe(
        v.string(),
        v.regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i),
        v.transform((value) => (value.length === 4 ? `#${[...value.slice(1)].map((digit) => digit + digit).join('')}` : value).toLowerCase()),
      );
    case 'ocr-languages':
      return v.pipe(
        v.string(),
        v.check((value) => {
          try {
            parseOcrLanguages(value);
            return true;
          } catch {
            return false;
          }
        }),
        v.transform((value) => parseOcrLanguages(value)),
      );
  }
}

/**
 * Checks and converts a tool's options. A field left out or sent empty takes its default; an
 * unknown field or a value out of range is a bad request naming the field, never a silent
 * fallback or a value cut short.
 */
export function parseOptions<F extends OptionFields>(fields: F, raw: Readonly<Record<string, unknown>>): OptionValues<F> {
  for (const name of Object.keys(raw)) {
    if (!Object.hasOwn(fields, name)) throw new ConversionError('bad-request', `Unknown option: ${name}`, { field: name });
  }
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const given = raw[name];
    const result = v.safeParse(schemaOf(field), given === undefined || given === '' ? field.fallback : given);
    if (!result.success) {
      throw new ConversionError('bad-request', `Invalid ${name}: ${result.issues[0]?.message ?? 'not allowed'}`, { field: name });
    }
    values[name] = result.output;
  }
  return values as OptionValues<F>;
}
