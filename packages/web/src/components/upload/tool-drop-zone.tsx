import { FileText, ImageUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolDefinition } from '@textlift/core/tools';
import { acceptAttribute, fileInput, maxMegabytes, maxPages, readsOnlyPdf, readsPdf, readsWord } from '../../lib/tool-input.ts';
import { RunsOnNote } from '../tool/runs-on-note.tsx';
import { loadOcrEngine } from '../../workers/run-job.ts';
import { DropZone, type DropZoneProps } from './drop-zone.tsx';

export interface ToolDropZoneProps extends Omit<DropZoneProps, 'accept' | 'hints' | 'dropLabel' | 'icon'> {
  tool: ToolDefinition;
  /** Where the work runs, where the registry alone cannot say (the Image Translator's engine). */
  runsOnNote?: ReactNode;
  /** The languages a chosen picture will be read in by OCR, whose engine loads while the visitor chooses. */
  ocrLanguages?: string[];
}

/**
 * A tool's drop zone, all from its registry entry: the types its picker offers, its size
 * and page limits, and where the work runs — on this device, or on our server, which the
 * visitor is told before choosing a file.
 */
export function ToolDropZone({ tool, runsOnNote, ocrLanguages, ...props }: ToolDropZoneProps) {
  const { t } = useTranslation();
  const pdf = readsOnlyPdf(tool);
  // A tool that reads images and PDFs (the barcode scanner) states both sets of limits.
  const mixed = !pdf && readsPdf(tool);
  const word = readsWord(tool);
  const pdfLimit = () => {
    const size = maxMegabytes(tool);
    const pages = maxPages(tool);
    if (pages === undefined) return t('toolPage.pdfLimit', { size });
    return fileInput(tool).maxFiles > 1 ? t('toolPage.pdfLimitPagesTotal', { size, pages }) : t('toolPage.pdfLimitPages', { size, pages });
  };
  return (
    <DropZone
      {...props}
      onIntent={ocrLanguages && (() => loadOcrEngine(ocrLanguages))}
      accept={acceptAttribute(tool)}
      dropLabel={pdf ? t('toolPage.dropPdf') : mixed ? t('toolPage.dropFile') : word ? t('toolPage.dropDocument') : undefined}
      icon={pdf || word ? FileText : ImageUp}
      hints={
        <>
          {pdf ? (
            <p>{pdfLimit()}</p>
          ) : word ? (
            <>
              <p>{t('toolPage.wordFormats')}</p>
              <p>{t('hero.maxSize', { size: maxMegabytes(tool) })}</p>
            </>
          ) : (
            <>
              <p>{t('hero.supported')}</p>
              <p>{mixed ? pdfLimit() : t('hero.maxSize', { size: maxMegabytes(tool) })}</p>
            </>
          )}
          {runsOnNote ?? <RunsOnNote tool={tool} handed={pdf ? 'pdf' : mixed || word ? 'file' : props.multiple ? 'images' : 'image'} />}
        </>
      }
    />
  );
}
