import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language.ts';
import { pageFacts } from '../../lib/page-facts.ts';
import { cn } from '../../lib/cn.ts';

export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * Questions and answers, one open at a time (clicking the open one closes it): the home
 * page's FAQ, and a tool page's People Also Ask.
 */
export function FaqSection({ title, items }: { title?: string; items?: readonly FaqItem[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  items ??= t('faq.items', { returnObjects: true, ...pageFacts(t, language.tag) }) as readonly FaqItem[];
  return (
    <section aria-labelledby="faq-title" className="border-t border-slate-200 bg-white py-16 sm:py-24" data-testid="faq">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight text-balance text-slate-900">
          {title ?? t('faq.title')}
        </h2>
        {/* Native disclosure: <details name> keeps one open at a time without a script, the answers
            are in the page's HTML for readers and search engines, and nothing sets a style attribute
            (the Content-Security-Policy allows none). */}
        <div className="mx-auto mt-12 max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm sm:mt-16">
          {items.map((item) => (
            <details key={item.question} name="faq" className="group">
              <summary
                className={cn(
                  'flex w-full cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-5 sm:px-6 [&::-webkit-details-marker]:hidden',
                  'text-left text-base font-semibold text-slate-900 transition-colors hover:text-brand-700 focus-visible:outline-offset-[-2px]',
                )}
              >
                <span>{item.question}</span>
                <span
                  className={cn(
                    'grid size-8 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-500 transition-colors',
                    'group-hover:bg-brand-50 group-hover:text-brand-600 group-open:bg-brand-50 group-open:text-brand-600',
                  )}
                >
                  <ChevronDown className="size-4 transition-transform duration-200 group-open:rotate-180" aria-hidden />
                </span>
              </summary>
              {/* The fade-in keyframes live in styles.css, so opening animates without any injected <style>. */}
              <p className="animate-fade-in px-5 pb-5 text-sm leading-7 text-slate-600 sm:px-6 sm:text-base">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
