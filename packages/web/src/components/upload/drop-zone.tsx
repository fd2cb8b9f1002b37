import { Camera, CheckCircle2, ImageUp, Loader2, XCircle, type LucideIcon } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type DragEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { usePasteFiles } from '../../hooks/use-paste-files.ts';
import { formatMegabytes } from '../../lib/files.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import type { FileMark } from './file-mark.ts';

export interface DropZoneProps {
  /** The file input's accept attribute; the content is sniffed again after choosing. */
  accept: string;
  busy: boolean;
  busyLabel: string;
  /** Several files may be chosen or dropped at once (a batch). */
  multiple?: boolean;
  onFiles(files: File[]): void;
  /** The file shown, with how its conversion went (a check only beside a real output). */
  selected?: { name: string; size: number; previewUrl?: string } & FileMark;
  /** Lines under the browse button: formats, limits, where the work runs. */
  hints: ReactNode;
  /** The zone's call to action; "Drop your image here" by default. */
  dropLabel?: string;
  icon?: LucideIcon;
  /** Offer the phone's camera beside browsing (shown on touch screens only). */
  camera?: boolean;
  /** Why nothing can be chosen yet ("Choose a language first"): browsing and dropping wait, and this says why. */
  disabled?: string;
  /**
   * The visitor moves to choose a file: the mouse over the zone, a tap or the keyboard in it, a
   * file dragged in. A slow engine can start loading while the picker is open.
   */
  onIntent?(): void;
  /** The browse button, for a page that gives it focus back (the last file of a list removed). */
  browseRef?: Ref<HTMLButtonElement>;
  /** Files pasted anywhere on the page (a screenshot with Ctrl+V) come here as dropped ones do: for the page's one zone. */
  pastes?: boolean;
}

/** The drop / browse area with the spec's states: idle, drag-active, file selected, processing. */
export function DropZone({
  accept,
  busy: working,
  busyLabel,
  multiple,
  onFiles,
  selected,
  hints,
  dropLabel,
  icon: Icon = ImageUp,
  camera,
  disabled,
  onIntent,
  browseRef,
  pastes,
}: DropZoneProps) {
  const busy = working || Boolean(disabled);
  const { t } = useTranslation();
  const take = (files: File[]) => onFiles(multiple ? files : files.slice(0, 1));
  usePasteFiles(take, busy || !pastes);
  const input = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  const [dragActive, setDragActive] = useState(false);
  const reasonId = useId();

  const onDrag = (event: DragEvent<HTMLDivElement>, active: boolean) => {
    event.preventDefault();
    event.stopPropagation();
    if (!busy) setDragActive(active);
  };
  const intent = () => {
    if (!busy) onIntent?.();
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    onDrag(event, false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0 && !busy) take(files);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; its button chooses files from the keyboard.
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click in the zone only starts loading the engine.
    <div
      data-testid="drop-zone"
      data-drag-active={dragActive || undefined}
      onDragEnter={(event) => {
        intent();
        onDrag(event, true);
      }}
      // A finger touching the zone may only be scrolling the page: on touch screens, a tap on a button says it.
      onPointerEnter={(event) => {
        if (event.pointerType !== 'touch') intent();
      }}
      onClick={intent}
      onFocus={intent}
      onDragOver={(event) => onDrag(event, true)}
      onDragLeave={(event) => onDrag(event, false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors sm:px-6 sm:py-10',
        dragActive ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50/60',
      )}
    >
      <div className={cn('flex size-14 items-center justify-center rounded-full', dragActive ? 'bg-brand-100' : 'bg-white shadow-sm ring-1 ring-slate-200')}>
        <Icon className="size-7 text-brand-600" aria-hidden />
      </div>
      <p className="mt-4 text-base font-semibold text-slate-900">{dragActive ? t('hero.dropNow') : (dropLabel ?? t('hero.dropHere'))}</p>
      <p className="mt-1 text-sm text-slate-500">{t('hero.or')}</p>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="file-input"
        onChange={picked}
      />
      {camera && (
        <input
          ref={cameraInput}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="camera-input"
          onChange={picked}
        />
      )}
      <div className="mt-3 flex flex-wrap items-center justify-center gap-2">
        <Button
          ref={browseRef}
          disabled={Boolean(disabled)}
          busy={working}
          onClick={() => input.current?.click()}
          aria-describedby={disabled ? reasonId : undefined}
        >
          {working && <Loader2 className="size-4 animate-spin" aria-hidden />}
          {working ? busyLabel : t('hero.browse')}
        </Button>
        {/* A phone goes from page to text in two taps; a desktop has no camera to point. */}
        {camera && !busy && (
          <span className="hidden pointer-coarse:contents">
            <Button variant="secondary" data-testid="take-photo" onClick={() => cameraInput.current?.click()}>
              <Camera className="size-4" aria-hidden />
              {t('hero.takePhoto')}
            </Button>
          </span>
        )}
      </div>
      {disabled && (
        <p id={reasonId} className="mt-3 text-sm font-medium text-amber-800" data-testid="drop-zone-disabled">
          {disabled}
        </p>
      )}
      <div className="mt-4 space-y-1 text-xs text-slate-500">{hints}</div>
      {selected && (
        <div className="mt-5 flex w-full max-w-md items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-left" data-testid="selected-file">
          {selected.previewUrl ? (
            <img src={selected.previewUrl} alt="" className="size-12 shrink-0 rounded-md border border-slate-200 object-cover" />
          ) : (
            <div className="flex size-12 shrink-0 items-center justify-center rounded-md bg-slate-100">
              <Icon className="size-5 text-slate-400" aria-hidden />
            </div>
          )}
          <div className="min-w-0 flex-1">
            <p className="sr-only">{t('hero.selected')}</p>
            <p className="truncate text-sm font-medium text-slate-900">{selected.name}</p>
            <p className="text-xs text-slate-500">{t('hero.fileSize', { size: formatMegabytes(selected.size) })}</p>
            {selected.status === 'failed' && selected.reason && (
              <p className="mt-0.5 text-xs font-medium text-red-700" data-testid="selected-file-reason">
                {selected.reason}
              </p>
            )}
          </div>
          <FileStatus status={selected.status} />
        </div>
      )}
    </div>
  );
}

/** The mark beside the chosen file: a check only once its output exists, a cross where it failed. */
function FileStatus({ status }: { status: FileMark['status'] }) {
  const { t } = useTranslation();
  if (status === 'done')
    return (
      <CheckCircle2 className="size-5 shrink-0 text-emerald-600" role="img" aria-label={t('toolPage.fileDone')} data-testid="file-status" data-status="done" />
    );
  if (status === 'failed')
    return <XCircle className="size-5 shrink-0 text-red-600" role="img" aria-label={t('toolPage.fileFailed')} data-testid="file-status" data-status="failed" />;
  if (status === 'working')
    return (
      <Loader2 className="size-5 shrink-0 animate-spin text-slate-400 motion-reduce:animate-none" aria-hidden data-testid="file-status" data-status="working" />
    );
  return null;
}
