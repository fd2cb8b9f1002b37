import { ArrowDown, ArrowUp, GripVertical, X } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
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
  /** Takes focus when the last file is removed (the browse button), as the list's buttons go with it. */
  focusWhenEmpty?: RefObject<HTMLElement | null>;
}

type RowAction = 'up' | 'down' | 'remove';

/** The row's button to focus after an action: the same one, or its twin where that is now disabled (Up on the first row). */
const fallbacks: Record<RowAction, RowAction[]> = { up: ['up', 'down', 'remove'], down: ['down', 'up', 'remove'], remove: ['remove'] };

export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * Files in the order they go into the output: dragged with the mouse, or moved with the
 * arrow buttons (keyboard and screen readers), each removable. A move or a removal is said in
 * a live region ("tracemonkey.pdf moved to position 1 of 3"), and focus stays with the file
 * moved, or goes to the row that took a removed file's place: React moving a row, or a button
 * becoming disabled at the list's end, would otherwise drop it to the page's start.
 */
export function OrderedFileList<T extends OrderedFile>({
  items,
  onReorder,
  onRemove,
  disabled,
  thumbnail,
  details,
  extra,
  focusWhenEmpty,
}: OrderedFileListProps<T>) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number>();
  const [over, setOver] = useState<number>();
  const [said, setSaid] = useState('');
  const rows = useRef(new Map<number, HTMLLIElement>());
  const focusNext = useRef<{ id: number; action: RowAction } | 'empty'>(undefined);

  // A layout effect: focus moves before the page is painted again, so it never rests on <body>
  // in between (Preact runs plain effects after a frame).
  useLayoutEffect(() => {
    const next = focusNext.current;
    focusNext.current = undefined;
    if (next === 'empty') focusWhenEmpty?.current?.focus();
    else if (next) {
      const row = rows.current.get(next.id);
      const button = fallbacks[next.action]
        .map((action) => row?.querySelector<HTMLButtonElement>(`button[data-action=${action}]`))
        .find((candidate) => candidate && !candidate.disabled);
      button?.focus();
    }
  }, [items, focusWhenEmpty]);

  /** `focus`: the row's button that was pressed; a drag with the mouse leaves focus where it is. */
  const move = (index: number, to: number, focus?: RowAction) => {
    const item = items[index]!;
    if (focus) focusNext.current = { id: item.id, action: focus };
    onReorder(moveItem(items, index, to));
    setSaid(t('toolPage.fileMoved', { name: item.file.name, position: to + 1, count: items.length }));
  };
  const remove = (index: number) => {
    const heir = items[index + 1] ?? items[index - 1];
    focusNext.current = heir ? { id: heir.id, action: 'remove' } : 'empty';
    onRemove(items[index]!.id);
    setSaid(t('toolPage.fileRemoved', { name: items[index]!.file.name }));
  };

  // The live region stays when the list empties, so the last removal is said too. Nothing said
  // is no text node at all, as in the prerendered page, so hydration changes nothing.
  return (
    <>
      <p role="status" className="sr-only" data-testid="file-order-status">
        {said || null}
      </p>
      {items.length > 0 && (
        <div className="flex flex-col gap-2">
          <p className="text-xs text-slate-500">{t('toolPage.reorderHint')}</p>
          <ol aria-label={t('toolPage.fileList')} className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="file-list">
            {items.map((item, index) => (
              <li
                key={item.id}
                ref={(row) => {
                  if (row) rows.current.set(item.id, row);
                  else rows.current.delete(item.id);
                }}
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
                  if (dragged !== undefined) move(dragged, index);
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
                    <p className="truncate text-sm font-medium text-slate-900" data-testid="file-name">
                      {item.file.name}
                    </p>
                    <p className="text-xs text-slate-500">
                      {t('hero.fileSize', { size: formatMegabytes(item.file.size) })}
                      {details && <> · {details(item)}</>}
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center">
                    <IconButton
                      action="up"
                      label={t('toolPage.moveUp', { name: item.file.name })}
                      disabled={disabled || index === 0}
                      onClick={() => move(index, index - 1, 'up')}
                    >
                      <ArrowUp className="size-4" aria-hidden />
                    </IconButton>
                    <IconButton
                      action="down"
                      label={t('toolPage.moveDown', { name: item.file.name })}
                      disabled={disabled || index === items.length - 1}
                      onClick={() => move(index, index + 1, 'down')}
                    >
                      <ArrowDown className="size-4" aria-hidden />
                    </IconButton>
                    <IconButton action="remove" label={t('toolPage.removeFile', { name: item.file.name })} disabled={disabled} onClick={() => remove(index)}>
                      <X className="size-4" aria-hidden />
                    </IconButton>
                  </div>
                </div>
                {extra?.(item)}
              </li>
            ))}
          </ol>
        </div>
      )}
    </>
  );
}

function IconButton({
  action,
  label,
  disabled,
  onClick,
  children,
}: {
  action: RowAction;
  label: string;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-action={action}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md text-slate-600',
        'hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-30',
      )}
    >
      {children}
    </button>
  );
}
