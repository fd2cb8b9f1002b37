import { FileImage, Images } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findTool, toolOptions } from '@textlift/core/tools';
import { FileResult } from '../../components/result/file-result.tsx';
import { JobResult } from '../../components/result/job-result.tsx';
import { OptionSelect } from '../../components/tool/option-select.tsx';
import { OrderedFileList, type OrderedFile } from '../../components/tool/ordered-file-list.tsx';
import { ToolPage } from '../../components/tool/tool-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ToolDropZone } from '../../components/upload/tool-drop-zone.tsx';
import { UploadNotice } from '../../components/upload/upload-notice.tsx';
import { useFileList } from '../../hooks/use-file-list.ts';
import { useToolJob } from '../../hooks/use-tool-job.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';
import { maxMegabytes } from '../../lib/tool-input.ts';

const tool = findTool('image-to-pdf')!;
const { pageSize: pageSizes, orientation: orientations, margin: marginRange } = toolOptions('image-to-pdf');

/** Margins in points: none, a quarter inch, half an inch (within the declared range). */
const margins = { none: marginRange.min, small: 18, large: 36 } as const;
const defaultMargin = (Object.keys(margins) as Array<keyof typeof margins>).find((key) => margins[key] === marginRange.fallback) ?? 'none';

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
  const [pageSize, setPageSize] = useState(pageSizes.fallback);
  const [orientation, setOrientation] = useState(orientations.fallback);
  const [margin, setMargin] = useState<keyof typeof margins>(defaultMargin);
  const job = useToolJob(tool, (state) => notifyFailure(state, t, t('toast.conversionFailed'), 'image'));
  const files = useFileList<OrderedFile>(tool, {
    empty: (file) => t('imageToPdf.invalidType', { name: file.name }),
    wrongType: (file) => t('imageToPdf.invalidType', { name: file.name }),
    tooLarge: () => t('errors.too-large', { max: maxMegabytes(tool) }),
  }, job.reset);
  const thumbnails = useThumbnails(files.items);

  /** A changed setting makes the PDF made with the old one out of date. */
  const setting = <V,>(set: (value: V) => void) => (value: V) => {
    job.reset();
    set(value);
  };
  const sizeChanged = setting<typeof pageSizes.fallback>(setPageSize);
  const orientationChanged = setting<typeof orientations.fallback>(setOrientation);
  const marginChanged = setting<keyof typeof margins>(setMargin);
  const convert = () => void job.run({ files: files.items.map((item) => item.file) }, { pageSize, orientation, margin: margins[margin] });

  return (
    <ToolPage
      tool={tool}
      input={{
        title: t('imageToPdf.inputTitle'),
        description: t('imageToPdf.inputDescription'),
        body: (
          <>
            <ToolDropZone tool={tool} busy={job.busy} busyLabel={t('imageToPdf.converting')} multiple onFiles={(chosen) => void files.add(chosen, (entry) => entry)} />
            <UploadNotice>{files.notice}</UploadNotice>
            <OrderedFileList
              items={files.items}
              disabled={job.busy}
              onReorder={files.reorder}
              onRemove={files.remove}
              thumbnail={(item) => {
                const url = thumbnails.get(item.id);
                return url ? (
                  <img src={url} alt="" className="size-10 shrink-0 rounded-md border border-slate-200 object-cover" />
                ) : (
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-slate-100"><FileImage className="size-4 text-slate-400" aria-hidden /></span>
                );
              }}
            />
            <div className="grid gap-3 sm:grid-cols-3">
              <OptionSelect
                label={t('imageToPdf.pageSize')}
                value={pageSize}
                onChange={sizeChanged}
                options={pageSizes.values.map((value) => ({ value, label: t(`imageToPdf.pageSizes.${value}`) }))}
                disabled={job.busy}
                testId="page-size"
              />
              <OptionSelect
                label={t('imageToPdf.orientation')}
                value={orientation}
                onChange={orientationChanged}
                options={orientations.values.map((value) => ({ value, label: t(`imageToPdf.orientations.${value}`) }))}
                disabled={job.busy}
                testId="orientation"
              />
              <OptionSelect
                label={t('imageToPdf.margin')}
                value={margin}
                onChange={marginChanged}
                options={(Object.keys(margins) as Array<keyof typeof margins>).map((value) => ({ value, label: t(`imageToPdf.margins.${value}`) }))}
                disabled={job.busy}
                testId="margin"
              />
            </div>
            <Button size="lg" onClick={convert} disabled={files.items.length === 0 || job.busy} data-testid="convert">
              <FileImage className="size-5" aria-hidden />
              {job.busy ? t('imageToPdf.converting') : t('imageToPdf.convert')}
            </Button>
          </>
        ),
      }}
      result={{
        title: t('imageToPdf.resultTitle'),
        description: t('imageToPdf.resultDescription'),
        body: (
          <JobResult
            state={job.state}
            placeholder={t('imageToPdf.resultPlaceholder')}
            idleIcon={Images}
            busyLabel={t('imageToPdf.converting')}
            failed={(error) => ({ message: errorMessage(error, t, 'image') })}
            done={({ outputs, summary = {} }) => (
              <FileResult title={t('imageToPdf.created')} output={outputs[0]!} downloadLabel={t('imageToPdf.download')} summary={t('imageToPdf.summary', { pages: summary.pages })} />
            )}
          />
        ),
      }}
    />
  );
}
