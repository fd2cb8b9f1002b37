import { ArrowDown, ArrowUp, GripVertical, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { formatMegabytes } from '../../lib/files.ts';

export interface OrderedFile {
  id: number;
  file: File;
}

export interface OrderedFileListProps<T extends OrderedFile> {
  items: T[];
  onReorder(items: T[]): void;
  onRemove(id: number): void;
  disabled?: boolean;
  /** A picture at the start of the row (an image's thumbnail). */
  thumbnail?(item: T): ReactNode;
  /** What is known of the file ("Pages: 12", a problem), under its name. */
  details?(item: T): ReactNode;
  /** Shown under the row (a password field). */
  extra?(item: T): ReactNode;
}

export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * Files in the order they go into the output: dragged with the mouse, or moved with the
 * arrow buttons (keyboard and screen readers), each removable.
 */
export function OrderedFileList<T extends OrderedFile>({ items, onReorder, onRemove, disabled, thumbnail, details, extra }: OrderedFileListProps<T>) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number>();
  const [over, setOver] = useState<number>();
  if (items.length === 0) return null;

  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-slate-500">{t('toolPage.reorderHint')}</p>
      <ol aria-label={t('toolPage.fileList')} className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="file-list">
        {items.map((item, index) => (
          <li
            key={item.id}
            draggable={!disabled}
            onDragStart={(event) => {
              setDragged(index);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              if (dragged === undefined) return;
              event.preventDefault();
              setOver(index);
            }}
            onDragLeave={() => setOver(undefined)}
            onDrop={(event) => {
              event.preventDefault();
              // Files dropped from outside go to the drop zone, not into the order.
              if (dragged !== undefined) onReorder(moveItem(items, dragged, index));
              setDragged(undefined);
              setOver(undefined);
            }}
            onDragEnd={() => {
              setDragged(undefined);
              setOver(undefined);
            }}
            className={cn('px-3 py-2.5', over === index && dragged !== index && 'bg-brand-50', dragged === index && 'opacity-50')}
            data-testid="file-row"
          >
            <div className="flex items-center gap-3">
              <GripVertical className={cn('size-4 shrink-0 text-slate-400', !disabled && 'cursor-grab')} aria-hidden />
              <span className="w-5 shrink-0 text-right text-xs font-semibold text-slate-500">{index + 1}</span>
              {thumbnail?.(item)}
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900" data-testid="file-name">{item.file.name}</p>
                <p className="text-xs text-slate-500">
                  {t('hero.fileSize', { size: formatMegabytes(item.file.size) })}
                  {details && <> · {details(item)}</>}
                </p>
              </div>
              <div className="flex shrink-0 items-center">
                <IconButton label={t('toolPage.moveUp', { name: item.file.name })} disabled={disabled || index === 0} onClick={() => onReorder(moveItem(items, index, index - 1))}>
                  <ArrowUp className="size-4" aria-hidden />
                </IconButton>
                <IconButton label={t('toolPage.moveDown', { name: item.file.name })} disabled={disabled || index === items.length - 1} onClick={() => onReorder(moveItem(items, index, index + 1))}>
                  <ArrowDown className="size-4" aria-hidden />
                </IconButton>
                <IconButton label={t('toolPage.removeFile', { name: item.file.name })} disabled={disabled} onClick={() => onRemove(item.id)}>
                  <X className="size-4" aria-hidden />
                </IconButton>
              </div>
            </div>
            {extra?.(item)}
          </li>
        ))}
      </ol>
    </div>
  );
}

function IconButton({ label, disabled, onClick, children }: { label: string; disabled?: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-30"
    >
      {children}
    </button>
  );
}
