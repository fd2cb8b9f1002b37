import { Check, Link2, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Share links open the network's own page in a new tab: nothing is loaded from those hosts
 * until the reader chooses to go there.
 */
const networks = [
  { name: 'X', url: (page: string, title: string) => `https://x.com/intent/post?url=${encodeURIComponent(page)}&text=${encodeURIComponent(title)}` },
  { name: 'Facebook', url: (page: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(page)}` },
  { name: 'LinkedIn', url: (page: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(page)}` },
] as const;

const buttonClass =
  'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50';

export function ShareButtons({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  // The prerendered HTML has the bare path; the full address is known only in the browser, set
  // after hydration so the first render matches the HTML.
  const [pageUrl, setPageUrl] = useState(path);
  useEffect(() => setPageUrl(new URL(path, window.location.origin).href), [path]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pageUrl);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard refused (permissions): the address bar still has the link.
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="mr-1 inline-flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <Share2 className="size-4" aria-hidden />
        {t('blog.share')}
      </span>
      {networks.map((network) => (
        <a
          key={network.name}
          href={network.url(pageUrl, title)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass}
          aria-label={t('blog.shareOn', { network: network.name })}
        >
          {network.name}
        </a>
      ))}
      <button type="button" onClick={copy} className={buttonClass}>
        {copied ? <Check className="size-4 text-emerald-600" aria-hidden /> : <Link2 className="size-4" aria-hidden />}
        {copied ? t('blog.linkCopied') : t('blog.copyLink')}
      </button>
    </div>
  );
}
