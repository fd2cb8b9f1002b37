import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FaqSection } from '../components/home/faq-section.tsx';
import { HeroExtractor } from '../components/home/hero-extractor.tsx';
import { HowItWorks } from '../components/home/how-it-works.tsx';
import { ToolGrid } from '../components/home/tool-grid.tsx';
import { WhyChoose } from '../components/home/why-choose.tsx';

export function HomePage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('siteTitle');
  }, [t]);
  return (
    <>
      <HeroExtractor />
      <ToolGrid />
      <WhyChoose />
      <HowItWorks />
      <FaqSection />
    </>
  );
}
