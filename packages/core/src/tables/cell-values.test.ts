import { expect, test } from 'vitest';
import { cellValue, numberStyle } from './cell-values.ts';

const us = { decimal: '.', dates: 'mdy' } as const;
const de = { decimal: ',', dates: 'dmy' } as const;
const number = (text: string, style: typeof us | typeof de = us) => {
  const value = cellValue(text, style);
  return value.kind === 'number' ? [value.value, value.format] : value.kind;
};

test('a figure keeps its currency, grouping and decimals as its format, the sign before or after, the space it was printed with', () => {
  expect(number('$85.00')).toEqual([85, '"$"0.00']);
  expect(number('$78.80')).toEqual([78.8, '"$"0.00']);
  expect(number('83,879')).toEqual([83879, '#,##0']);
  expect(number('$ 45.00')).toEqual([45, '"$ "0.00']);
  expect(number('-USD 1,234.50')).toEqual([-1234.5, '"USD "#,##0.00']);
  expect(number('₱1,234.50')).toEqual([1234.5, '"₱"#,##0.00']);
  expect(number('1.234,56 €', de)).toEqual([1234.56, '[$-407]#,##0.00" €"']);
  expect(number('R$ 1.234,50', de)).toEqual([1234.5, '[$-407]"R$ "#,##0.00']);
  expect(number('1.234,50 kr.', de)).toEqual([1234.5, '[$-407]#,##0.00" kr."']);
  expect(number('Rp 12.345', de)).toEqual([12345, '[$-407]"Rp "#,##0']);
  // Grouped by (no-break) spaces, as French, Polish and Russian print: tagged French, which shows them.
  expect(number('1\u202f234,50\u00a0zł', de)).toEqual([1234.5, '[$-40C]#,##0.00"\u00a0zł"']);
  expect(number('12 345', us)).toEqual([12345, '[$-40C]#,##0']);
});

test('negatives as printed: brackets, a trailing minus, a sign after the currency, a real minus sign; a plus kept', () => {
  expect(number('(1,234.00)')).toEqual([-1234, '#,##0.00;(#,##0.00)']);
  expect(number('($1,234.50)')).toEqual([-1234.5, '"$"#,##0.00;("$"#,##0.00)']);
  expect(number('99,975.08 -')).toEqual([-99975.08, '#,##0.00;#,##0.00" -"']);
  expect(number('1,234.56-')).toEqual([-1234.56, '#,##0.00;#,##0.00"-"']);
  expect(number('€ -1.234,50', de)).toEqual([-1234.5, '[$-407]"€ "#,##0.00;"€ -"#,##0.00']);
  expect(number('-$1,234.50')).toEqual([-1234.5, '"$"#,##0.00']);
  expect(number('\u22124.3')).toEqual([-4.3, '0.0;"\u2212"0.0']);
  expect(number('+64.82%')).toEqual([0.6482, '"+"0.00%;-0.00%;0.00%']);
  // A negative rounded to nothing keeps its sign on show.
  expect(number('△0')).toEqual([0, '0;"△"0;"△"0']);
  expect(number('(0.00)')).toEqual([0, '0.00;(0.00);(0.00)']);
  // Two signs, unbalanced brackets, a currency on both sides: not a figure.
  for (const text of ['-(5)', '(5', '$5 €', '- 5 -', '5 - 3']) expect(number(text)).toBe('text');
});

test('percents are fractions shown as printed, the percent sign before, after, or after a space', () => {
  expect(number('12.5%')).toEqual([0.125, '0.0%']);
  expect(number('12,5 %', de)).toEqual([0.125, '[$-407]0.0" "%']);
  expect(number('-%12,5', de)).toEqual([-0.125, '[$-407]%0.0']);
  expect(number('(3.2%)')).toEqual([-0.032, '0.0%;(0.0%)']);
});

test("the decimal mark is the style's where the digits allow both readings, the digits' own where they do not", () => {
  expect(number('1,234', us)).toEqual([1234, '#,##0']);
  expect(number('1,234', de)).toEqual([1.234, '[$-407]0.000']);
  expect(number('1.234', de)).toEqual([1234, '[$-407]#,##0']);
  // Groups by spaces leave one mark: it is the decimal one, whatever the style.
  expect(number('1 234,5', us)).toEqual([1234.5, '[$-40C]#,##0.0']);
  expect(number('1 234.5', de)).toEqual([1234.5, '#,##0.0']);
  expect(numberStyle(['1.234,56 €', '12,5 %', '1,234'], us).decimal).toBe(',');
  expect(numberStyle(['$1,234.56', '(0.125)', '1.234'], de).decimal).toBe('.');
  // Nothing one-way: whole figures all under a thousand say the mark groups thousands; else the fallback.
  expect(numberStyle(['1.234', '5.678', '12', '850'], us).decimal).toBe(',');
  expect(numberStyle(['1,234', '5,678', '12'], de).decimal).toBe('.');
  expect(numberStyle(['1,234', '5,678', '1234'], de).decimal).toBe(',');
  expect(numberStyle(['1,234', '5,678'], de).decimal).toBe(',');
  expect(numberStyle(['1,234', '5,678'], us).decimal).toBe('.');
});
