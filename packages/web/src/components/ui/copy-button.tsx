import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../hooks/use-copy.ts';
import { Button } from './button.tsx';

/** Copies `text`; says "Copied" for a moment after. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(text);
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()}>
      {copied ? <Check className="size-4 text-emerald-600" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      {copied ? t('hero.copied') : (label ?? t('copyText'))}
    </Button>
  );
}
