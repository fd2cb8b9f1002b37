import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ConversionResult } from '@textlift/core/conversion';
import { downloadOutput, outputOfType } from '../../lib/files.ts';
import { Button } from '../ui/button.tsx';
import { FileResult } from './file-result.tsx';

/** Rows of the first table shown before download; the workbook holds them all. */
const SHOWN_ROWS = 12;

/**
 * A finished table tool: the workbook's download, the CSV as the second choice, and the first
 * table found, so the visitor sees what the sheet holds before opening it.
 */
export function TableResult({ result, i18nKey }: { result: ConversionResult; i18nKey: 'pdfToExcel' | 'jpgToExcel' }) {
  const { t } = useTranslation();
  const { outputs, summary = {}, data } = result;
  const xlsx = outputOfType(outputs, '.xlsx') ?? outputs[0]!;
  const csv = outputOfType(outputs, '.csv');
  const table = data?.table;
  const unsure = new Set((data?.unsureCells ?? []).map(([r, c]) => `${r}:${c}`));
  return (
    <FileResult
      title={t(`${i18nKey}.completed`)}
      output={xlsx}
      downloadLabel={t('tables.downloadExcel')}
      summary={t('tables.summary', { count: summary.tables ?? 0, sheets: summary.sheets ?? 0 })}
    >
      {csv && (
        <Button variant="secondary" onClick={() => downloadOutput(csv)} data-testid="download-csv">
          <Download className="size-4" aria-hidden />
          {t('tables.downloadCsv')}
        </Button>
      )}
      {table && table.length > 0 ? (
        <figure className="w-full text-left">
          <figcaption className="mb-2 text-sm font-medium text-slate-700">{t('tables.previewTitle')}</figcaption>
          {summary.unsure ? (
            <p className="mb-2 text-sm text-amber-800" data-testid="unsure-cells">
              <span className="mr-1.5 inline-block size-3 rounded-sm border border-amber-300 bg-amber-100 align-middle" aria-hidden />
              {t('tables.unsure', { count: summary.unsure })}
            </p>
          ) : null}
          {/* Width 0 stretched to the card: a wide table scrolls inside it instead of widening the page. */}
          <section
            className="max-h-80 w-0 min-w-full overflow-auto rounded-lg border border-slate-200 bg-white"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes focus, so the keyboard can scroll it.
            tabIndex={0}
            aria-label={t('tables.previewTitle')}
          >
            <table className="w-full border-collapse text-sm" data-testid="table-preview">
              <tbody>
                {table.slice(0, SHOWN_ROWS).map((row, r) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a preview's rows and cells never move.
                  <tr key={r} className={r % 2 ? 'bg-slate-50' : undefined}>
                    {row.map((cell, c) => (
                      <td
                        // biome-ignore lint/suspicious/noArrayIndexKey: a preview's rows and cells never move.
                        key={c}
                        className={`max-w-56 truncate border border-slate-200 px-2 py-1 text-slate-800 ${unsure.has(`${r}:${c}`) ? 'bg-amber-100' : ''}`}
                        title={cell}
                      >
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {table.length > SHOWN_ROWS && <p className="mt-1 text-xs text-slate-500">{t('tables.moreRows', { count: table.length - SHOWN_ROWS })}</p>}
        </figure>
      ) : (
        <p className="text-sm text-slate-600" data-testid="no-tables">
          {t('tables.noTables')}
        </p>
      )}
    </FileResult>
  );
}
