import { Lock, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { asksForPassword, type ConversionError } from '@textlift/core/errors';
import { findTool } from '@textlift/core/tools';
import { ListToolPage } from '../../components/tool/list-tool-page.tsx';
import type { OrderedFile } from '../../components/tool/ordered-file-list.tsx';
import { UnlockForm } from '../../components/tool/unlock-form.tsx';
import { useListTool } from '../../hooks/use-list-tool.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';
import { fileInput } from '../../lib/tool-input.ts';
import { pdfPageCount } from '../../workers/conversion-bridge.ts';

const tool = findTool('merge-pdf')!;
const { minFiles } = fileInput(tool);

interface PdfItem extends OrderedFile {
  pages?: number;
  password?: string;
  /** Why the file cannot go in yet: it needs its password, or it cannot be read. */
  problem?: 'password-required' | 'wrong-password' | 'corrupt';
}

const problemOf = (error: ConversionError): PdfItem['problem'] =>
  asksForPassword(error.code) ? (error.code as 'password-required' | 'wrong-password') : 'corrupt';

export function MergePdfPage() {
  const { t } = useTranslation();
  const flow = useListTool<PdfItem>(
    tool,
    { empty: (file) => `${t('errors.empty-file')} (${file.name})`, wrongType: () => t('toolPage.notAPdf'), tooLarge: () => t('toolPage.pdfTooLarge') },
    (state) => {
      notifyFailure(state, t, t('toast.conversionFailed'), 'pdf');
      // The merge names the file it could not open; its row shows why.
      const index = state.status === 'failed' ? state.error.details.index : undefined;
      const failed = typeof index === 'number' ? files.current.current[index] : undefined;
      if (failed && state.status === 'failed') files.patch(failed.id, { problem: problemOf(state.error) });
    },
  );
  const { files } = flow;

  /** Reads a file's page count, which also tells whether it opens (and with which password). */
  const inspect = async (item: PdfItem, password?: string): Promise<void> => {
    try {
      files.patch(item.id, { pages: await pdfPageCount(item.file, password), problem: undefined, password });
    } catch (error) {
      // The worker was stopped under the count (another job was cancelled): count again.
      if ((error as ConversionError).code === 'cancelled') return inspect(item, password);
      files.patch(item.id, { problem: problemOf(error as ConversionError), pages: undefined });
    }
  };
  const { items } = files;

  return (
    <ListToolPage
      flow={flow}
      onAdded={async (added) => {
        for (const item of added) await inspect(item);
      }}
      ready={items.length >= minFiles && items.every((item) => item.pages !== undefined && !item.problem)}
      extraOptions={() => ({ passwords: items.map((item) => item.password ?? '') })}
      hint={
        items.length < minFiles && (
          <p className="text-sm text-slate-600" data-testid="merge-hint">
            {t('mergePdf.hint')}
          </p>
        )
      }
      details={(item) =>
        item.problem === 'corrupt' ? (
          <span className="inline-flex items-center gap-1 font-medium text-red-700">
            <TriangleAlert className="size-3.5" aria-hidden />
            {t('mergePdf.damaged')}
          </span>
        ) : item.problem ? (
          <span className="inline-flex items-center gap-1 font-medium text-amber-700">
            <Lock className="size-3.5" aria-hidden />
            {t('mergePdf.locked')}
          </span>
        ) : item.pages === undefined ? (
          t('mergePdf.checking')
        ) : (
          <span data-testid="page-count">{t('toolPage.pageCount', { count: item.pages })}</span>
        )
      }
      extra={(item) =>
        item.problem &&
        item.problem !== 'corrupt' && (
          <UnlockForm name={item.file.name} wrong={item.problem === 'wrong-password'} onSubmit={(password) => void inspect(item, password)} />
        )
      }
      done={({ summary = {} }) => ({ title: t('mergePdf.merged'), summary: t('mergePdf.summary', { files: summary.files, pages: summary.pages }) })}
    />
  );
}
