import { FileImage } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { ListToolPage } from '../../components/tool/list-tool-page.tsx';
import type { OrderedFile } from '../../components/tool/ordered-file-list.tsx';
import { useListTool } from '../../hooks/use-list-tool.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';
import { maxMegabytes } from '../../lib/tool-input.ts';

const tool = findTool('image-to-pdf')!;

/** Thumbnails of the listed images; TIFF, which browsers cannot show, gets an icon instead. */
function useThumbnails(items: OrderedFile[]) {
  const [urls, setUrls] = useState(new Map<number, string>());
  useEffect(() => {
    const made = new Map(items.filter((item) => !/\.tiff?$/i.test(item.file.name)).map((item) => [item.id, URL.createObjectURL(item.file)]));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [items]);
  return urls;
}

export function ImageToPdfPage() {
  const { t } = useTranslation();
  const refused = (file: File) => t('imageToPdf.invalidType', { name: file.name });
  const flow = useListTool<OrderedFile>(
    tool,
    { empty: refused, wrongType: refused, tooLarge: () => t('errors.too-large', { max: maxMegabytes(tool) }) },
    (state) => notifyFailure(state, t, t('toast.conversionFailed'), 'image'),
  );
  const thumbnails = useThumbnails(flow.files.items);
  return (
    <ListToolPage
      flow={flow}
      ready={flow.files.items.length > 0}
      thumbnail={(item) => {
        const url = thumbnails.get(item.id);
        return url ? (
          <img src={url} alt="" className="size-10 shrink-0 rounded-md border border-slate-200 object-cover" />
        ) : (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-slate-100">
            <FileImage className="size-4 text-slate-400" aria-hidden />
          </span>
        );
      }}
      done={({ summary = {} }) => ({ title: t('imageToPdf.created'), summary: t('imageToPdf.summary', { pages: summary.pages }) })}
    />
  );
}
