import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FaqSection } from '../components/home/faq-section.tsx';
import { HeroExtractor } from '../components/home/hero-extractor.tsx';
import { HowItWorks } from '../components/home/how-it-works.tsx';
import { ToolGrid } from '../components/home/tool-grid.tsx';
import { WhyChoose } from '../components/home/why-choose.tsx';
import { switchLanguage } from '../i18n/index.ts';
import { useDocumentMeta } from '../seo/document-meta.tsx';

/** A language's home page; visiting it makes that language the visitor's choice. */
export function HomePage({ code }: { code: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    void switchLanguage(code);
  }, [code]);
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
