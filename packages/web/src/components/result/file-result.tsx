import { CheckCircle2, Download, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import type { OutputFile } from '@textlift/core/conversion';
import { downloadOutput, formatMegabytes } from '../../lib/files.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';

export interface FileResultProps {
  /** The headline ("PDF created!"), announced to screen readers. */
  title: string;
  output: OutputFile;
  downloadLabel: string;
  /** A line under the title ("14 pages"). */
  summary?: string;
  /** A preview or notes under the download button. */
  children?: ReactNode;
}

/** A finished conversion whose result is a file: what it is, its size, and its download. */
export function FileResult({ title, output, downloadLabel, summary, children }: FileResultProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-72 flex-col items-center justify-center gap-4 rounded-xl bg-emerald-50 p-6 text-center" data-testid="file-ready">
      <CheckCircle2 className="size-10 text-emerald-600" aria-hidden />
      <div>
        <p className="text-lg font-semibold text-slate-900" role="status">
          {title}
        </p>
        {summary && (
          <p className="mt-1 text-sm text-slate-600" data-testid="result-summary">
            {summary}
          </p>
        )}
        <p className="mt-1 inline-flex items-center gap-1.5 text-sm font-medium text-slate-700">
          <FileText className="size-4" aria-hidden />
          <span data-testid="output-name">{output.name}</span>
          <span className="text-slate-500">· {t('hero.fileSize', { size: formatMegabytes(output.bytes.length) })}</span>
        </p>
      </div>
      <Button size="lg" onClick={() => downloadOutput(output)} data-testid="download-file">
        <Download className="size-5" aria-hidden />
        {downloadLabel}
      </Button>
      {children}
    </div>
  );
}
