import { localizedPath } from '../site-pages.ts';
import { useLanguage } from './use-language.ts';

/** Links inside a language stay in it: "/about-us" becomes "/de/about-us" on a German page. */
export function useLocalPath(): (path: string) => string {
  const language = useLanguage();
  return (path) => localizedPath(language.code, path);
}
