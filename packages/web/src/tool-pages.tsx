import type { ComponentType } from 'react';
import type { ToolSlug } from '@textlift/core/tools';
import { JpgToWordPage } from './pages/tools/jpg-to-word-page.tsx';
import { PdfToTextPage } from './pages/tools/pdf-to-text-page.tsx';
import { PdfToWordPage } from './pages/tools/pdf-to-word-page.tsx';

/**
 * The page of each registry tool that has one of its own (the hero's lives on the home page).
 * Typed by the registry's slugs, so a new tool without a page fails to compile.
 */
export const toolPageComponents: Record<Exclude<ToolSlug, 'image-to-text'>, ComponentType> = {
  'pdf-to-text': PdfToTextPage,
  'jpg-to-word': JpgToWordPage,
  'pdf-to-word': PdfToWordPage,
};
