import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ScannedCode } from '@textlift/core/conversion';
import { CopyButton } from '../ui/copy-button.tsx';

/** A code's text as a link only where it is a web address; never opened by itself. */
function webAddress(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The codes a scanner found: each one's text (and type, page), Copy, and a link for a web address. */
export function CodeList({ codes, showFormat }: { codes: ScannedCode[]; showFormat?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" data-testid="code-list">
      <p className="text-sm font-medium text-slate-700" role="status">
        {t('codes.found', { count: codes.length })}
      </p>
      <ul className="flex max-h-[28rem] flex-col gap-3 overflow-y-auto">
        {codes.map((code, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a code found twice is listed twice; the list never reorders.
          <CodeItem key={`${code.format}-${code.text}-${index}`} code={code} showFormat={showFormat} />
        ))}
      </ul>
    </div>
  );
}

function CodeItem({ code, showFormat }: { code: ScannedCode; showFormat?: boolean }) {
  const { t, i18n } = useTranslation();
  const link = webAddress(code.text);
  const formatKey = `codes.formats.${code.format}`;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4" data-testid="code-item">
      {(showFormat || code.page) && (
        <p className="flex flex-wrap gap-2 text-xs font-semibold uppercase tracking-wide text-brand-700">
          {showFormat && <span data-testid="code-format">{i18n.exists(formatKey) ? t(formatKey as 'codes.copy') : code.format}</span>}
          {code.page && <span className="text-slate-500">{t('codes.page', { page: code.page })}</span>}
        </p>
      )}
      <p className="whitespace-pre-wrap break-all font-mono text-sm text-slate-900" data-testid="code-text">
        {code.text}
      </p>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={code.text} label={t('codes.copy')} />
        {link && (
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
            data-testid="code-link"
          >
            <ExternalLink className="size-4" aria-hidden />
            {t('codes.openLink')}
            <span className="sr-only">{t('codes.newTab')}</span>
          </a>
        )}
      </div>
    </li>
  );
}
