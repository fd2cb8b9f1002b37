import { BrainCircuit, Images, Layers, Smartphone, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const features = [
  { icon: BrainCircuit, title: 'aiPowered', description: 'aiDescription' },
  { icon: Images, title: 'multiFormat', description: 'multiFormatDescription' },
  { icon: Layers, title: 'batchProcessing', description: 'batchDescription' },
  { icon: Smartphone, title: 'mobileFriendly', description: 'mobileDescription' },
] as const satisfies readonly { icon: LucideIcon; title: string; description: string }[];

export function WhyChoose() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="why-choose-title" className="border-y border-slate-200 bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="why-choose-title" className="text-center text-3xl font-bold tracking-tight text-balance text-slate-900">
          {t('whyChooseTitle')}
        </h2>
        <ul
          // biome-ignore lint/a11y/noRedundantRoles: Safari's VoiceOver no longer calls a list a list once its bullets are styled away.
          role="list"
          className="mt-12 grid gap-6 sm:mt-16 sm:grid-cols-2 lg:grid-cols-4"
        >
          {features.map(({ icon: Icon, title, description }) => (
            <li key={title}>
              <div className="h-full rounded-2xl border border-slate-200 bg-slate-50/60 p-6">
                <span className="grid size-11 place-items-center rounded-xl bg-brand-600 text-white shadow-sm shadow-brand-600/30">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="mt-5 text-base font-semibold text-slate-900">{t(title)}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{t(description)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
