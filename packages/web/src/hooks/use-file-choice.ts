import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolDefinition } from '@textlift/core/tools';
import { checkFiles, type RefusalReasons } from '../lib/choose-files.ts';
import { fileInput, maxMegabytes } from '../lib/tool-input.ts';

/**
 * Checks chosen files against the tool's registry entry (sniffed type, size, not empty) and
 * keeps one line about the first refused one for the page to show. A page words a refusal
 * its own way where the spec does ("Please select a valid PDF file.").
 */
export function useFileChoice(tool: ToolDefinition, reasons: Partial<RefusalReasons> = {}) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string>();
  const [otherTools, setOtherTools] = useState<ToolDefinition[]>();
  const { accepts } = fileInput(tool);
  const pdfOnly = accepts.every((type) => type === 'application/pdf');
  const imagesOnly = !accepts.includes('application/pdf');
  const words: RefusalReasons = {
    empty: () => t('errors.empty-file'),
    wrongType: (file) => (pdfOnly ? t('toolPage.notAPdf') : imagesOnly ? t('hero.notAnImage', { name: file.name }) : t('errors.unsupported-type')),
    tooLarge: () => t('errors.too-large', { max: maxMegabytes(tool) }),
    ...reasons,
  };

  /** The files the tool takes, in the order chosen. */
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words follow the language (t); the tool never changes.
  const check = useCallback(
    async (files: File[]): Promise<File[]> => {
      setNotice(undefined);
      setOtherTools(undefined);
      const { accepted, notice: refused, otherTools: others } = await checkFiles(files, tool, words);
      setNotice(refused);
      setOtherTools(others);
      return accepted;
    },
    [tool, t],
  );

  return { notice, otherTools, check };
}
