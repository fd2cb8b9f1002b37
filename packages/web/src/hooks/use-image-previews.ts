import { useCallback, useEffect, useState } from 'react';

/** Browsers show no TIFF, and a PDF or a Word document is no picture: a generic icon stands in for them. */
const unshown = (file: File) =>
  /^(image\/tiff|application\/(pdf|msword|rtf|vnd\.openxmlformats-officedocument\..*|vnd\.oasis\.opendocument\..*))$/.test(file.type) ||
  /\.(tiff?|pdf|docx?|odt|rtf)$/i.test(file.name);

/**
 * Preview URLs of the chosen images, made when they are chosen and revoked when the next
 * choice replaces them or the page goes away.
 */
export function useImagePreviews() {
  const [previews, setPreviews] = useState<Map<File, string>>(new Map());
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const show = useCallback((files: File[]) => {
    setPreviews(new Map(files.filter((file) => !unshown(file)).map((file) => [file, URL.createObjectURL(file)])));
  }, []);
  const previewOf = (file: File | undefined) => (file ? previews.get(file) : undefined);
  return { show, previewOf };
}
