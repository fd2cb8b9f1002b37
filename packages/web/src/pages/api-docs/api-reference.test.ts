import { describe, expect, test } from 'vitest';
import { ocrSpaceFields, ocrSpaceInputs, ocrSpaceLanguages } from '@textlift/core/api/ocr-space';
import { errorStatus } from '@textlift/core/errors';
import { MAX_OCR_LANGUAGES, ocrLanguages } from '@textlift/core/ocr/languages';
import { API_REQUESTS_PER_MINUTE, JOB_TIMEOUT_MS } from '@textlift/core/service-limits';
import { isRequiredOption } from '@textlift/core/tool-options';
import { toolList } from '@textlift/core/tools';
import { apiErrors, apiLimits, apiTools, ocrSpaceApi } from './api-reference.ts';

describe("the API page's data, read from the OpenAPI document", () => {
  test('lists every tool of the registry, in its order, with its endpoint', () => {
    expect(apiTools.map((tool) => tool.slug)).toEqual(toolList.map((tool) => tool.slug));
    for (const tool of apiTools) expect(tool.path).toBe(`/api/v1/convert/${tool.slug}`);
  });

  test.each(toolList.map((tool) => [tool.slug, tool] as const))('%s: its input, limits and options are the registry’s', (slug, tool) => {
    const page = apiTools.find((entry) => entry.slug === slug)!;
    const { input } = tool;
    if (input.kind === 'text') {
      expect(page.input).toEqual({ kind: 'text', maxLength: input.maxLength });
    } else {
      expect(page.input).toEqual({
        kind: 'files',
        accepts: [...input.accepts],
        maxBytes: input.maxBytes,
        minFiles: input.minFiles,
        maxFiles: input.maxFiles,
        ...(input.maxPages === undefined ? {} : { maxPages: input.maxPages }),
      });
    }
    expect(page.options.map((field) => field.name)).toEqual(Object.keys(tool.options));
    for (const field of page.options) {
      const declared = tool.options[field.name]!;
      expect(field.required, field.name).toBe(isRequiredOption(declared));
      if (!field.required) expect(field.fallback, field.name).toBe(declared.fallback);
      if (declared.kind === 'choice' || declared.kind === 'number-choice') expect(field.allowed).toEqual({ kind: 'values', values: declared.values });
      if (declared.kind === 'integer') expect(field.allowed).toEqual({ kind: 'range', min: declared.min, max: declared.max });
      if (declared.kind === 'ocr-languages') expect(field.allowed).toEqual({ kind: 'languages', codes: [...ocrLanguages], most: MAX_OCR_LANGUAGES });
      if (declared.kind === 'color') expect(field.allowed).toEqual({ kind: 'color' });
      if (declared.kind === 'text-list') expect(field.allowed).toEqual({ kind: 'json-list', most: declared.maxItems });
    }
    expect(page.answers).toBe(tool.answers === 'codes' ? 'codes' : 'file');
  });

  test.each(apiTools.map((tool) => [tool.slug, tool] as const))('%s: its curl example sends real fields with allowed values', (_slug, tool) => {
    const parts = tool.curl.split(' ');
    expect(parts[0]).toBe('curl');
    expect(parts.at(-1)).toBe(`%ORIGIN%${tool.path}`);
    const sent = [...tool.curl.matchAll(/-F "?([A-Za-z]+)=([^\s"]+)/g)].map(([, name, value]) => [name!, value!] as const);
    const names = sent.map(([name]) => name);
    if (tool.input.kind === 'text') expect(names).toContain('text');
    else expect(names.filter((name) => name === 'file')).toHaveLength(Math.max(tool.input.minFiles, 1));
    for (const field of tool.options.filter((option) => option.required)) expect(names).toContain(field.name);
    for (const [name, value] of sent) {
      if (name === 'file' || name === 'text') continue;
      const field = tool.options.find((option) => option.name === name);
      expect(field, name).toBeDefined();
      if (field!.allowed.kind === 'values') expect(field!.allowed.values.map(String)).toContain(value);
      if (field!.allowed.kind === 'range') expect(Number(value)).toBeGreaterThanOrEqual(field!.allowed.min);
      if (field!.allowed.kind === 'languages') for (const code of value.split('+')) expect(ocrLanguages).toContain(code);
    }
    // A tool with options shows one in its example.
    if (tool.options.some((option) => option.allowed.kind !== 'text' && option.allowed.kind !== 'json-list'))
      expect(sent.length).toBeGreaterThan(names.filter((name) => name === 'file' || name === 'text').length);
  });

  test("states the server's default limits and every error code by its status", () => {
    expect(apiLimits).toEqual({ requestsPerMinute: API_REQUESTS_PER_MINUTE, jobTimeoutSeconds: JOB_TIMEOUT_MS / 1000 });
    expect(apiErrors.flatMap((row) => row.codes).sort()).toEqual(Object.keys(errorStatus).sort());
    for (const row of apiErrors) for (const code of row.codes) expect(errorStatus[code as keyof typeof errorStatus]).toBe(row.status);
  });

  test('describes the OCR.space-compatible endpoints from their field list in core', () => {
    expect(ocrSpaceApi.inputs).toEqual(Object.keys(ocrSpaceInputs));
    expect(ocrSpaceApi.fields.map((field) => field.name)).toEqual(Object.keys(ocrSpaceFields));
    expect(ocrSpaceApi.contentTypes).toEqual(['multipart/form-data', 'application/x-www-form-urlencoded']);
    expect(ocrSpaceApi.imageUrlParameters[0]).toEqual({ name: 'url', required: true });
    const language = ocrSpaceApi.fields.find((field) => field.name === 'language')!;
    expect(language.allowed).toEqual({ kind: 'values', values: Object.keys(ocrSpaceLanguages) });
    for (const code of ['eng', 'ger', 'fre', 'spa', 'ita', 'por', 'dut', 'pol', 'rus', 'tur', 'dan', 'chs', 'jpn', 'auto', 'fil', 'ind']) {
      expect(Object.keys(ocrSpaceLanguages)).toContain(code);
    }
    expect(ocrSpaceApi.fields.find((field) => field.name === 'OCREngine')!.allowed).toEqual({ kind: 'values', values: [1, 2, 3, 5] });
    const answer = JSON.parse(ocrSpaceApi.answerExample);
    expect(Object.keys(answer)).toEqual([
      'ParsedResults',
      'OCRExitCode',
      'IsErroredOnProcessing',
      'ErrorMessage',
      'ProcessingTimeInMilliseconds',
      'SearchablePDFURL',
    ]);
    expect(Object.keys(answer.ParsedResults[0])).toEqual(['ParsedText', 'TextOverlay', 'FileParseExitCode', 'ErrorMessage', 'ErrorDetails']);
    expect(Object.keys(answer.ParsedResults[0].TextOverlay.Lines[0].Words[0])).toEqual(['WordText', 'Left', 'Top', 'Height', 'Width']);
  });
});
