/**
 * Names people type for a language that the browser's Intl names miss: older or other English
 * names ("Farsi", "Bengali"), the language's other names for itself ("bokmål", "castellano",
 * "Tagalog"), and codes other than the catalogue's tag ("nb", "tl"). Search keys only, never
 * shown, so they are not in the dictionaries. Keyed by Tesseract's code; a vertical model is
 * found by its own names, these lead to the horizontal one.
 */
export const ocrLanguageAliases: Readonly<Record<string, readonly string[]>> = {
  // Tesseract's nor reads Norwegian as written: Bokmål (nb) above all, Nynorsk (nn) too.
  nor: ['bokmål', 'nb', 'norsk bokmål', 'nynorsk', 'nn'],
  fas: ['Farsi', 'فارسی', 'Dari'],
  spa: ['Castilian', 'castellano'],
  chi_sim: ['Chinese', '中文', '汉语', 'Mandarin', 'zh', 'zh-CN'],
  chi_tra: ['Chinese', '中文', '漢語', 'Mandarin', 'zh-TW', 'zh-HK'],
  fil: ['Tagalog', 'Pilipino', 'tl', 'tgl'],
  ben: ['Bengali'],
  ori: ['Oriya'],
  mya: ['Myanmar'],
  sin: ['Sinhalese'],
  kir: ['Kirghiz'],
  uig: ['Uighur'],
  pus: ['Pushto'],
  div: ['Dhivehi', 'Maldivian'],
  pan: ['Panjabi'],
  aze: ['Azeri'],
  msa: ['Bahasa Melayu', 'Bahasa Malaysia'],
  ind: ['Bahasa Indonesia'],
  swa: ['Kiswahili'],
  nld: ['Flemish', 'Vlaams'],
  ron: ['Moldovan'],
  cat: ['Valencian', 'valencià'],
  lao: ['Laotian'],
  nep: ['Nepalese'],
  slv: ['Slovene'],
  hat: ['Haitian', 'Kreyòl'],
  ell: ['Hellenic'],
};
