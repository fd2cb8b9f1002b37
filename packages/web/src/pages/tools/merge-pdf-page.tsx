import { Combine, Lock, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { asksForPassword, type ConversionError } from '@textlift/core/errors';
import { findTool } from '@textlift/core/tools';
import { FileResult } from '../../components/result/file-result.tsx';
import { JobResult } from '../../components/result/job-result.tsx';
import { OrderedFileList, type OrderedFile } from '../../components/tool/ordered-file-list.tsx';
import { usePasswordEntry } from '../../components/tool/password-form.tsx';
import { ToolPage } from '../../components/tool/tool-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ToolDropZone } from '../../components/upload/tool-drop-zone.tsx';
import { UploadNotice } from '../../components/upload/upload-notice.tsx';
import { useFileList } from '../../hooks/use-file-list.ts';
import { useToolJob } from '../../hooks/use-tool-job.ts';
import { errorMessage } from '../../lib/error-message.ts';
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
  const job = useToolJob(tool, (state) => {
    notifyFailure(state, t, t('toast.conversionFailed'), 'pdf');
    // The merge names the file it could not open; its row shows why.
    const index = state.status === 'failed' ? state.error.details.index : undefined;
    const failed = typeof index === 'number' ? files.current.current[index] : undefined;
    if (failed && state.status === 'failed') files.patch(failed.id, { problem: problemOf(state.error) });
  });
  const files = useFileList<PdfItem>(tool, {
    empty: (file) => `${t('errors.empty-file')} (${file.name})`,
    wrongType: () => t('pdfToText.invalidType'),
    tooLarge: () => t('pdfToText.tooLarge'),
  }, job.reset);

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
  const add = async (chosen: File[]) => {
    for (const item of await files.add(chosen, (entry) => entry)) await inspect(item);
  };

  const { items } = files;
  const ready = items.length >= minFiles && items.every((item) => item.pages !== undefined && !item.problem);
  const merge = () => void job.run({ files: items.map((item) => item.file) }, { passwords: items.map((item) => item.password ?? '') });

  return (
    <ToolPage
      tool={tool}
      input={{
        title: t('mergePdf.inputTitle'),
        description: t('mergePdf.inputDescription'),
        body: (
          <>
            <ToolDropZone tool={tool} busy={job.busy} busyLabel={t('mergePdf.merging')} multiple onFiles={(chosen) => void add(chosen)} />
            <UploadNotice>{files.notice}</UploadNotice>
            <OrderedFileList
              items={items}
              disabled={job.busy}
              onReorder={files.reorder}
              onRemove={files.remove}
              details={(item) =>
                item.problem === 'corrupt' ? (
                  <span className="inline-flex items-center gap-1 font-medium text-red-700"><TriangleAlert className="size-3.5" aria-hidden />{t('mergePdf.damaged')}</span>
                ) : item.problem ? (
                  <span className="inline-flex items-center gap-1 font-medium text-amber-700"><Lock className="size-3.5" aria-hidden />{t('mergePdf.locked')}</span>
                ) : item.pages === undefined ? (
                  t('mergePdf.checking')
                ) : (
                  <span data-testid="page-count">{t('toolPage.pageCount', { count: item.pages })}</span>
                )
              }
              extra={(item) => item.problem && item.problem !== 'corrupt' && (
                <UnlockForm name={item.file.name} wrong={item.problem === 'wrong-password'} onSubmit={(password) => void inspect(item, password)} />
              )}
            />
            {items.length < minFiles && <p className="text-sm text-slate-600" data-testid="merge-hint">{t('mergePdf.hint')}</p>}
            <Button size="lg" onClick={merge} disabled={!ready || job.busy} data-testid="merge">
              <Combine className="size-5" aria-hidden />
              {job.busy ? t('mergePdf.merging') : t('mergePdf.merge')}
            </Button>
          </>
        ),
      }}
      result={{
        title: t('mergePdf.resultTitle'),
        description: t('mergePdf.resultDescription'),
        body: (
          <JobResult
            state={job.state}
            placeholder={t('mergePdf.resultPlaceholder')}
            idleIcon={Combine}
            busyLabel={t('mergePdf.merging')}
            failed={(error) => ({ message: errorMessage(error, t, 'pdf') })}
            done={({ outputs, summary = {} }) => (
              <FileResult title={t('mergePdf.merged')} output={outputs[0]!} downloadLabel={t('mergePdf.download')} summary={t('mergePdf.summary', { files: summary.files, pages: summary.pages })} />
            )}
          />
        ),
      }}
    />
  );
}

/** One locked file's password, asked for in its row; it stays on this device. */
function UnlockForm({ name, wrong, onSubmit }: { name: string; wrong: boolean; onSubmit(password: string): void }) {
  const { t } = useTranslation();
  const { password, setPassword, submit } = usePasswordEntry(onSubmit);
  return (
    <form onSubmit={submit} className="mt-2 flex flex-wrap items-center gap-2 pl-12" data-testid="unlock-form">
      <input
        type="password"
        autoComplete="off"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-label={t('mergePdf.passwordFor', { name })}
        aria-invalid={wrong || undefined}
        placeholder={t('pdfToText.passwordLabel')}
        className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2.5 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      />
      <Button type="submit" size="sm" variant="secondary" disabled={!password}>{t('mergePdf.unlock')}</Button>
      {wrong && <p role="alert" className="w-full text-sm font-medium text-red-600">{t('pdfToText.wrongPassword')}</p>}
    </form>
  );
}
