import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { FaqSection, type FaqItem } from '../../components/home/faq-section.tsx';
import { FileResult } from '../../components/result/file-result.tsx';
import { FileToolPage } from '../../components/tool/file-tool-page.tsx';
import type { BatchItem } from '../../hooks/use-batch.ts';
import { useFileTool } from '../../hooks/use-file-tool.ts';
import { errorMessage, type FileKind } from '../../lib/error-message.ts';
import { sniffFile } from '../../lib/files.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';
import { pdfReadingLabel } from '../../lib/ocr-progress.ts';

const tool = findTool('ocr-pdf')!;

/** The chosen files that are PDFs by their content, so a failure speaks of a PDF or of a picture. */
const pdfs = new WeakSet<File>();

/**
 * Each PDF is made searchable on its own; the pictures chosen become the pages of one PDF, in
 * the order chosen (the conversion takes one PDF, or pictures, per job).
 */
async function pdfsAlonePicturesTogether(files: File[]): Promise<File[][]> {
  const types = await Promise.all(files.map(sniffFile));
  const jobs: File[][] = [];
  let pictures: File[] | undefined;
  files.forEach((file, index) => {
    if (types[index] === 'application/pdf') {
      pdfs.add(file);
      jobs.push([file]);
    } else if (pictures) pictures.push(file);
    else jobs.push((pictures = [file]));
  });
  return jobs;
}

const kindOf = (item: BatchItem | undefined): FileKind => (item && pdfs.has(item.file) ? 'pdf' : 'image');

export function OcrPdfPage() {
  const { t } = useTranslation();
  const flow = useFileTool(tool, {
    group: pdfsAlonePicturesTogether,
    onSettled: (item) => notifyFailure(item.state, t, t('toast.conversionFailed'), kindOf(item)),
  });
  const questions = t('ocrPdf.faq', { returnObjects: true }) as FaqItem[];
  return (
    <FileToolPage
      flow={flow}
      busyLabel={t('ocrPdf.converting')}
      input={{ multiple: true }}
      result={{
        stepLabel: (running) => pdfReadingLabel(running, t),
        failed: (error) => ({ message: errorMessage(error, t, kindOf(flow.selected)) }),
        done: ({ outputs, summary = {} }) => (
          <FileResult
            title={t('ocrPdf.completed')}
            output={outputs[0]!}
            downloadLabel={t('ocrPdf.download')}
            summary={t('ocrPdf.summary', { pages: summary.pages, read: summary.read, kept: summary.kept })}
          />
        ),
      }}
      layout={{ after: <FaqSection title={t('toolPage.peopleAlsoAsk')} items={questions} /> }}
    />
  );
}
