/** A calendar date (YYYY-MM-DD) in the reader's language, e.g. "14 October 2026". */
export function formatDate(isoDate: string, languageTag: string): string {
  return new Intl.DateTimeFormat(languageTag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}
