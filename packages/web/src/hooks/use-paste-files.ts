import { useEffect } from 'react';

/** Files pasted anywhere on the page (a screenshot with Ctrl+V) go where chosen files go, unless busy. */
export function usePasteFiles(onFiles: (files: File[]) => void, busy: boolean) {
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0 || busy) return;
      event.preventDefault();
      onFiles(files);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [busy, onFiles]);
}
