import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../components/ui/toaster.tsx';

/** Copies a text to the clipboard with the spec's toasts; `copied` stays true for two seconds. */
export function useCopy(text: string) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      showToast({ variant: 'success', title: t('toast.copied') });
    } catch {
      showToast({ variant: 'destructive', title: t('toast.copyFailed') });
    }
  };
  return { copied, copy };
}
