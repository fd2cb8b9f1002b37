import { useCallback, useEffect, useRef, useState } from 'react';

/** Browsers show no TIFF, and a PDF or a Word document is no picture: a generic icon stands in for them. */
const unshown = (file: File) =>
  /^(image\/tiff|application\/(pdf|msword|rtf|vnd\.openxmlformats-officedocument\..*|vnd\.oasis\.opendocument\..*))$/.test(file.type) ||
  /\.(tiff?|pdf|docx?|odt|rtf)$/i.test(file.name);

/**
 * Preview URLs of the chosen images, made when they are chosen (a small copy of a large photo,
 * lib/preview-image.ts, loaded with the first) and revoked when the next choice replaces them
 * or the page goes away.
 */
export function useImagePreviews() {
  const [previews, setPreviews] = useState<Map<File, string>>(new Map());
  const choice = useRef(0);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  // Leaving the page while previews are made: they count as replaced, and go at once.
  useEffect(
    () => () => {
      choice.current += 1;
    },
    [],
  );
  const show = useCallback((files: File[]) => {
    const current = ++choice.current;
    setPreviews(new Map());
    void (async () => {
      const { previewUrl } = await import('../lib/preview-image.ts');
      const urls = await Promise.all(files.map(async (file) => [file, unshown(file) ? undefined : await previewUrl(file)] as const));
      const made = new Map(urls.filter((entry): entry is readonly [File, string] => entry[1] !== undefined));
      // A later choice replaced this one meanwhile: its URLs go at once.
      if (current !== choice.current) made.forEach((url) => URL.revokeObjectURL(url));
      else setPreviews(made);
    })();
  }, []);
  const previewOf = (file: File | undefined) => (file ? previews.get(file) : undefined);
  return { show, previewOf };
}
