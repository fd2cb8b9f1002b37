import { useCallback, useRef, useState } from 'react';
import type { ToolDefinition } from '@textlift/core/tools';
import { useTranslation } from 'react-i18next';
import type { OrderedFile } from '../components/tool/ordered-file-list.tsx';
import { checkFiles, type RefusalReasons } from '../lib/choose-files.ts';
import { fileInput } from '../lib/tool-input.ts';

let nextId = 1;

/**
 * The files of a many-into-one tool (Merge PDF, Image to PDF): choices add up, up to the
 * tool's limit; the list can be reordered and pruned; any change calls `onChange` (the page
 * forgets a result made from the old list). Refused files get one line, `notice`.
 */
export function useFileList<T extends OrderedFile>(tool: ToolDefinition, reasons: RefusalReasons, onChange: () => void) {
  const { t } = useTranslation();
  const { maxFiles } = fileInput(tool);
  const [items, setItems] = useState<T[]>([]);
  const [notice, setNotice] = useState<string>();
  const [otherTools, setOtherTools] = useState<ToolDefinition[]>();
  // The list as it is now, for work that finishes after a re-render (page counts, a failed merge).
  const current = useRef(items);
  current.current = items;

  const set = useCallback(
    (next: T[]) => {
      onChange();
      setItems(next);
    },
    [onChange],
  );

  /** Adds the files the tool takes; returns the new entries. */
  const add = async (files: File[], extend: (entry: OrderedFile) => T): Promise<T[]> => {
    setNotice(undefined);
    setOtherTools(undefined);
    const { accepted, notice: refused, otherTools: others } = await checkFiles(files, tool, reasons);
    setOtherTools(others);
    const room = maxFiles - current.current.length;
    setNotice(refused ?? (accepted.length > room ? t('errors.too-many-files', { max: maxFiles }) : undefined));
    const added = accepted.slice(0, Math.max(0, room)).map((file) => extend({ id: nextId++, file }));
    if (added.length > 0) set([...current.current, ...added]);
    return added;
  };

  const patch = (id: number, change: Partial<T>) => setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));

  return {
    items,
    current,
    notice,
    otherTools,
    add,
    patch,
    reorder: set,
    remove: (id: number) => set(current.current.filter((item) => item.id !== id)),
  };
}
