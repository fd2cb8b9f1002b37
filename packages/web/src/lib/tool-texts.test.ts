import { expect, test } from 'vitest';
import { toolList } from '@textlift/core/tools';
import en from '../i18n/locales/en.json' with { type: 'json' };

/** The value at a dotted path of the English dictionary. */
function lookUp(path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), en);
}

// The frame reads these keys by each tool's i18nKey (toolText), out of reach of the typed t():
// every registry tool with a page must have them, and a new tool fails here, not at run time.
for (const tool of toolList.filter((entry) => entry.path !== '/')) {
  test(`${tool.slug}: the dictionary has every word its page's frame reads`, () => {
    const ns = tool.i18nKey;
    const keys = [
      ...['name', 'description', 'title', 'subtitle', 'pageTitle'].map((field) => `tools.${ns}.${field}`),
      ...['resultTitle', 'resultDescription', 'resultPlaceholder'].map((field) => `${ns}.${field}`),
    ];
    if (tool.input.kind === 'text') keys.push(...['inputTitle', 'inputDescription', 'placeholder', 'convert', 'converting'].map((field) => `${ns}.${field}`));
    else if (tool.input.maxFiles > 1) keys.push(...['inputTitle', 'inputDescription', 'convert', 'converting', 'download'].map((field) => `${ns}.${field}`));
    for (const [name, field] of Object.entries(tool.options)) {
      if (field.kind === 'text' || field.kind === 'text-list' || field.kind === 'ocr-languages') continue;
      // JPG to Word's and the QR generator's format are set by their pages, never drawn.
      if (name === 'format') continue;
      keys.push(`${ns}.options.${name}.label`);
      const values =
        field.kind === 'choice' || field.kind === 'number-choice' ? field.values : field.kind === 'integer' && field.presets ? Object.keys(field.presets) : [];
      keys.push(...values.map((value) => `${ns}.options.${name}.values.${value}`));
    }
    for (const key of keys) expect(lookUp(key), key).toEqual(expect.stringMatching(/\S/));
  });
}
