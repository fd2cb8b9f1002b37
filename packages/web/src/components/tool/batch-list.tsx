import { CheckCircle2, Clock, FileArchive, Loader2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OutputFile } from '@textlift/core/conversion';
import type { BatchItem } from '../../hooks/use-batch.ts';
import { cn } from '../../lib/cn.ts';
import { downloadBytes, formatMegabytes, jobName, jobSize } from '../../lib/files.ts';
import { Button } from '../ui/button.tsx';

export interface BatchListProps {
  items: BatchItem[];
  selectedId?: number;
  onSelect(id: number): void;
  /** The outputs of one file as they go in the .zip; all it made by default. */
  zipEntries?(item: BatchItem): OutputFile[];
}

const allOutputs = (item: BatchItem) => (item.state.status === 'done' ? item.state.result.outputs : []);

/** The files of a batch with their own progress; one is shown in the result panel; all as a .zip. */
export function BatchList({ items, selectedId, onSelect, zipEntries = allOutputs }: BatchListProps) {
  const { t } = useTranslation();
  if (items.length < 2) return null;
  const done = items.filter((item) => item.state.status === 'done');

  const downloadAll = async () => {
    // fflate loads only when a visitor asks for a .zip.
    const { batchAsOneFile } = await import('@textlift/core/documents/zip');
    const zip = batchAsOneFile(done.flatMap(zipEntries), done.length);
    downloadBytes(zip.bytes, zip.name, zip.type);
  };

  return (
    <div className="flex flex-col gap-3" data-testid="batch-list">
      <p className="text-sm font-medium text-slate-900">{t('toolPage.filesCount', { count: items.length })}</p>
      <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
        {items.map((item) => {
          const { state } = item;
          const status =
            state.status === 'running'
              ? `${Math.round(state.fraction * 100)}%`
              : t(state.status === 'done' ? 'toolPage.fileDone' : state.status === 'failed' ? 'toolPage.fileFailed' : 'toolPage.fileWaiting');
          const Icon = state.status === 'done' ? CheckCircle2 : state.status === 'failed' ? XCircle : state.status === 'running' ? Loader2 : Clock;
          return (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onSelect(item.id)}
                aria-current={item.id === selectedId || undefined}
                aria-label={t('toolPage.showResult', { name: jobName(item.files) })}
                className={cn('flex w-full items-center gap-3 px-3 py-2.5 text-left text-sm hover:bg-slate-50', item.id === selectedId && 'bg-brand-50')}
              >
                <Icon
                  className={cn(
                    'size-4 shrink-0',
                    state.status === 'done' && 'text-emerald-600',
                    state.status === 'failed' && 'text-red-600',
                    state.status === 'running' && 'animate-spin text-brand-600',
                    state.status === 'waiting' && 'text-slate-400',
                  )}
                  aria-hidden
                />
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{jobName(item.files)}</span>
                <span className="shrink-0 text-xs text-slate-500">{t('hero.fileSize', { size: formatMegabytes(jobSize(item.files)) })}</span>
                <span className="w-16 shrink-0 text-right text-xs font-medium text-slate-600" data-testid="batch-status">
                  {status}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <Button variant="secondary" onClick={() => void downloadAll()} disabled={done.length === 0} data-testid="download-all">
        <FileArchive className="size-4" aria-hidden />
        {t('toolPage.downloadAll')}
      </Button>
    </div>
  );
}
