import { createContext, useContext, useEffect } from 'react';

export interface DocumentMeta {
  title: string;
  description: string;
}

/** Set while prerendering: pages write their meta here, and the HTML's <head> is built from it. */
export const MetaCollector = createContext<{ meta?: DocumentMeta } | null>(null);

/** A page's <title> and meta description, in the prerendered HTML and after client navigation. */
export function useDocumentMeta(meta: DocumentMeta) {
  const collector = useContext(MetaCollector);
  if (collector) collector.meta = meta;
  useEffect(() => {
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta.title, meta.description]);
}
