import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

const steps = [
  { title: 'step1', description: 'step1Description' },
  { title: 'step2', description: 'step2Description' },
  { title: 'step3', description: 'step3Description' },
] as const;

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="how-it-works-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="how-it-works-title" className="text-center text-3xl font-bold tracking-tight text-balance text-slate-900">
          {t('howItWorksTitle')}
        </h2>
        <ol
          // biome-ignore lint/a11y/noRedundantRoles: Safari's VoiceOver no longer calls a list a list once its bullets are styled away.
          role="list"
          className="relative mx-auto mt-12 grid max-w-md gap-10 sm:mt-16 md:max-w-none md:grid-cols-3 md:gap-8"
        >
          {/* The line joining the three numbers, from the centre of the first to the centre of the last. */}
          <span
            aria-hidden
            className="absolute top-7 left-[16.67%] right-[16.67%] hidden h-px bg-linear-to-r from-brand-200 via-brand-500/40 to-brand-200 md:block"
          />
          {steps.map(({ title, description }, index) => (
            <li key={title} className="relative flex gap-5 md:flex-col md:items-center md:gap-0 md:text-center">
              <span
                aria-hidden
                className={cn(
                  'grid size-14 shrink-0 place-items-center rounded-full bg-brand-600',
                  'text-xl font-bold text-white shadow-lg shadow-brand-600/25 ring-8 ring-slate-50',
                )}
              >
                {index + 1}
              </span>
              <div className="pt-2 md:mt-6 md:max-w-xs md:pt-0">
                <h3 className="text-lg font-semibold text-slate-900">{t(title)}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{t(description)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
