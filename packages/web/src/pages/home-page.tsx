import { useTranslation } from 'react-i18next';
import { FaqSection } from '../components/home/faq-section.tsx';
import { HeroExtractor } from '../components/home/hero-extractor.tsx';
import { HowItWorks } from '../components/home/how-it-works.tsx';
import { ToolGrid } from '../components/home/tool-grid.tsx';
import { WhyChoose } from '../components/home/why-choose.tsx';
import { useLanguage } from '../i18n/use-language.ts';
import { useDocumentMeta } from '../seo/document-meta.tsx';

/** A language's home page (the language comes from its address). */
export function HomePage() {
  const { t } = useTranslation();
  const { code } = useLanguage();
  useDocumentMeta({ title: t('siteTitle'), description: t('siteDescription') });
  return (
    <>
      <HeroExtractor />
      <ToolGrid />
      <WhyChoose />
      <HowItWorks />
      {/* The spec's FAQ is on the English home only. */}
      {code === 'en' && <FaqSection />}
    </>
  );
}
