import { ocrCatalogue } from '@textlift/core/ocr/language-catalogue';
import { ocrLanguageAliases } from './ocr-language-aliases.ts';

/** One OCR language as the picker shows it and searches it. */
export interface PickerLanguage {
  code: string;
  tag: string;
  /** The script group it is listed under (ISO 15924; simplified and traditional Chinese share Han). */
  group: string;
  /** Its name in the reader's language ("Griechisch" on a German page). */
  name: string;
  /** Its name in itself ("Ελληνικά"), where the browser knows it and it differs from `name`. */
  ownName?: string;
  /** A vertical model (jpn_vert): found after the horizontal one its names also match. */
  vertical?: boolean;
  /** The names, code, tag and other names people type (ocr-language-aliases.ts), folded for matching (see `fold`). */
  keys: string[];
}

export interface PickerGroup {
  /** "suggested" or an ISO 15924 script code. */
  id: string;
  label: string;
  languages: PickerLanguage[];
}

/** Languages read in one shared script group: a reader looks for Chinese, not for its two forms of Han. */
const groupOfScript: Readonly<Record<string, string>> = { Hans: 'Hani', Hant: 'Hani' };

/** Lower case without accents, so "gree", "GREEK" and "grèek" all find Greek and "ελλ" finds "Ελληνικά". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** A name as a menu shows it: French and Russian write language names in lower case ("allemand"). */
function menuName(name: string, tag: string): string {
  try {
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    return name;
  }
}

function displayName(names: Intl.DisplayNames, code: string): string | undefined {
  try {
    return names.of(code);
  } catch {
    return undefined;
  }
}

/**
 * Where the browser has no data for a language, DisplayNames answers in its root locale
 * (English): that is not the language's own name, so none is shown.
 */
function ownNameOf(tag: string): string | undefined {
  try {
    if (Intl.DisplayNames.supportedLocalesOf([tag]).length === 0) return undefined;
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
  } catch {
    return undefined;
  }
}

const cache = new Map<string, PickerLanguage[]>();

/**
 * Every catalogue language named for a reader of `interfaceTag`, sorted by that name;
 * `vertical` words a vertical model's name ("Japanese (vertical)"), which Intl cannot.
 */
export function pickerLanguages(interfaceTag: string, vertical: (name: string) => string): PickerLanguage[] {
  const key = `${interfaceTag}\n${vertical('')}`;
  const known = cache.get(key);
  if (known) return known;
  const reader = new Intl.DisplayNames([interfaceTag], { type: 'language' });
  const english = new Intl.DisplayNames(['en'], { type: 'language' });
  const languages = ocrCatalogue.map((entry): PickerLanguage => {
    const plain = menuName(displayName(reader, entry.tag) ?? entry.tag, interfaceTag);
    const name = entry.vertical ? vertical(plain) : plain;
    const own = ownNameOf(entry.tag);
    const ownName = own && fold(own) !== fold(plain) ? menuName(own, entry.tag) : undefined;
    const aliases = entry.vertical ? [] : (ocrLanguageAliases[entry.code] ?? []);
    const keys = [name, ownName, displayName(english, entry.tag), entry.code, entry.tag, ...aliases].filter((text): text is string => Boolean(text)).map(fold);
    return { code: entry.code, tag: entry.tag, group: groupOfScript[entry.script] ?? entry.script, name, ownName, vertical: entry.vertical, keys };
  });
  languages.sort((a, b) => a.name.localeCompare(b.name, interfaceTag));
  cache.set(key, languages);
  return languages;
}

/**
 * How well a language answers what the reader typed (its name in the reader's language or its
 * own, its code or tag): 0 a whole name or code, 1 the start of one, 2 inside one; undefined
 * if not at all.
 */
export function queryRank(language: PickerLanguage, query: string): number | undefined {
  const wanted = fold(query.trim());
  if (wanted === '' || language.keys.includes(wanted)) return 0;
  if (language.keys.some((key) => key.startsWith(wanted))) return 1;
  return language.keys.some((key) => key.includes(wanted)) ? 2 : undefined;
}

export function matchesQuery(language: PickerLanguage, query: string): boolean {
  return queryRank(language, query) !== undefined;
}

export interface GroupingOptions {
  /** Codes listed first, in this order, under `suggestedLabel` (the interface language's model, the bundled ones). */
  suggested: readonly string[];
  suggestedLabel: string;
  /** A script's name in the reader's language. */
  scriptName(script: string): string;
  interfaceTag: string;
  /** "Automatic (detect)", named so; given where the OCR option takes "auto". It comes first. */
  automaticName?: string;
}

/** Automatic as the list holds it: found by its name in the reader's language or by "auto". */
export function automaticEntry(name: string): PickerLanguage {
  return { code: 'auto', tag: '', group: 'automatic', name, keys: [fold(name), 'auto'] };
}

/**
 * The picker's list: with nothing typed, Automatic (where offered) and the suggested languages, then every language under
 * its script, scripts in the reader's alphabetical order; with a query, only the matches,
 * each once, under their scripts, the best match first ("deutsch" is German before German
 * in Fraktur), so Enter takes what was meant.
 */
export function groupLanguages(languages: readonly PickerLanguage[], query: string, options: GroupingOptions): PickerGroup[] {
  const ranks = new Map(languages.map((language) => [language, queryRank(language, query)]));
  // A vertical model ranks just after its horizontal one: "chinesisch" is both Chinese first, then the vertical.
  const rank = (language: PickerLanguage) => (ranks.get(language) ?? Number.POSITIVE_INFINITY) + (language.vertical ? 0.5 : 0);
  const found = languages.filter((language) => ranks.get(language) !== undefined).sort((a, b) => rank(a) - rank(b));
  const groups: PickerGroup[] = [];
  const automatic = options.automaticName === undefined ? undefined : automaticEntry(options.automaticName);
  if (query.trim() === '') {
    const byCode = new Map(languages.map((language) => [language.code, language]));
    const suggested = [...new Set(options.suggested)].flatMap((code) => byCode.get(code) ?? []);
    groups.push({ id: 'suggested', label: options.suggestedLabel, languages: automatic ? [automatic, ...suggested] : suggested });
  } else if (automatic && queryRank(automatic, query) !== undefined) {
    groups.push({ id: 'automatic', label: automatic.name, languages: [automatic] });
  }
  const scripts = new Map<string, PickerLanguage[]>();
  for (const language of found) scripts.set(language.group, [...(scripts.get(language.group) ?? []), language]);
  const named = [...scripts].map(([id, members]) => ({ id, label: options.scriptName(id), languages: members }));
  named.sort((a, b) => rank(a.languages[0]!) - rank(b.languages[0]!) || a.label.localeCompare(b.label, options.interfaceTag));
  return [...groups, ...named];
}

/** A script's name for a reader of `interfaceTag` ("Kyrillisch"), the code where the browser cannot name it. */
export function scriptNamer(interfaceTag: string): (script: string) => string {
  const names = new Intl.DisplayNames([interfaceTag], { type: 'script' });
  return (script) => menuName(displayName(names, script) ?? script, interfaceTag);
}

/** "zh-TW" as "zh-Hant", "de" as "de-Latn": language and script, so a browser's tag meets the catalogue's. */
function languageAndScript(tag: string): string | undefined {
  try {
    const locale = new Intl.Locale(tag).maximize();
    return `${locale.language}-${locale.script}`;
  } catch {
    return undefined;
  }
}

/**
 * The languages to suggest: `first` (the interface language's model), those the browser says
 * the visitor reads (navigator.languages), then the bundled ones by name.
 */
export function suggestedCodes(first: string, preferredTags: readonly string[], bundled: readonly string[], languages: readonly PickerLanguage[]): string[] {
  const horizontal = ocrCatalogue.filter((entry) => !entry.vertical);
  const preferred = preferredTags.flatMap((tag) => {
    const wanted = languageAndScript(tag);
    return wanted ? (horizontal.find((entry) => languageAndScript(entry.tag) === wanted)?.code ?? []) : [];
  });
  const rest = languages.filter((language) => bundled.includes(language.code)).map((language) => language.code);
  return [...new Set([first, ...preferred, ...rest])];
}
