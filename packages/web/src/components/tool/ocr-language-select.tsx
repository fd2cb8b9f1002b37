import { Check, ChevronDown, Languages } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { automaticOffered, availableOcrLanguages, interfaceOcrLanguage } from '../../i18n/ocr-language.ts';
import { groupLanguages, pickerLanguages, scriptNamer, suggestedCodes } from '../../i18n/ocr-language-list.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { cn } from '../../lib/cn.ts';

/** What the list offers: "auto" or a catalogue language, under its group. */
interface Item {
  id: string;
  code: string;
  name: string;
  ownName?: string;
  tag?: string;
}

interface ItemGroup {
  id: string;
  label: string;
  items: Item[];
}

/** Options a Page Up / Page Down moves over: about a screenful of the list. */
const PAGE_STEP = 8;

/** Below this much room under the field (px), the list opens above it when there is more room there. */
const LIST_ROOM_PX = 280;

/**
 * Which language the text in the file is in: every language of the catalogue (and Automatic
 * where the option takes it), searchable by its name in the reader's language, its own name
 * or its code, grouped by script, the likely ones first. It is the WAI-ARIA "editable combobox
 * with list autocomplete": the field names the choice; typed words filter the list; arrows, Page
 * Up/Down, Enter and Escape work it from the keyboard.
 */
export function OcrLanguageSelect({ value, onChange, disabled }: { value: string; onChange(code: string): void; disabled?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const listId = `${id}-list`;
  const wrapper = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const languages = useMemo(() => pickerLanguages(language.tag, (name) => t('toolPage.ocrLanguageVertical', { name })), [language.tag, t]);
  const automaticName = t('toolPage.ocrLanguageAuto');
  const chosen = value.split('+');
  const shown = value === 'auto' ? automaticName : chosen.map((code) => languages.find((entry) => entry.code === code)?.name ?? code).join(' + ');

  const groupsFor = (typed: string): ItemGroup[] =>
    groupLanguages(languages, typed, {
      suggested: suggestedCodes(
        interfaceOcrLanguage(language.code),
        typeof navigator === 'undefined' ? [] : navigator.languages,
        availableOcrLanguages,
        languages,
      ),
      suggestedLabel: t('toolPage.ocrLanguageSuggested'),
      scriptName: scriptNamer(language.tag),
      interfaceTag: language.tag,
      automaticName: automaticOffered ? automaticName : undefined,
    }).map((group) => ({
      id: group.id,
      label: group.label,
      items: group.languages.map((entry) => ({
        id: `${id}-${group.id}-${entry.code}`,
        code: entry.code,
        name: entry.name,
        ownName: entry.ownName,
        tag: entry.tag || undefined,
      })),
    }));
  // The list is built only while open: the prerendered page carries the field alone.
  const groups = open ? groupsFor(query) : [];
  const items = groups.flatMap((group) => group.items);
  const activeItem = items[Math.min(active, items.length - 1)];

  useEffect(() => {
    if (open && activeItem) document.getElementById(activeItem.id)?.scrollIntoView({ block: 'nearest' });
  }, [open, activeItem]);

  const show = () => {
    if (open) return;
    const box = wrapper.current?.getBoundingClientRect();
    if (box) setUpward(window.innerHeight - box.bottom < LIST_ROOM_PX && box.top > window.innerHeight - box.bottom);
    const all = groupsFor('').flatMap((group) => group.items);
    setActive(
      Math.max(
        0,
        all.findIndex((item) => item.code === chosen[0]),
      ),
    );
    setQuery('');
    setOpen(true);
  };
  const hide = () => {
    setOpen(false);
    setQuery('');
  };
  const choose = (code: string) => {
    hide();
    if (code !== value) onChange(code);
  };
  const move = (by: number) => setActive((current) => Math.max(0, Math.min(items.length - 1, Math.min(current, items.length - 1) + by)));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: PAGE_STEP, PageUp: -PAGE_STEP };
    if (event.key in steps && (open || event.key.startsWith('Arrow'))) {
      event.preventDefault();
      if (!open) show();
      else if (!event.altKey) move(steps[event.key]!);
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      if (activeItem) choose(activeItem.code);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      hide();
    } else if (event.key === 'Tab') {
      hide();
    }
  };

  return (
    <div className="flex flex-col gap-1.5 text-sm sm:flex-row sm:items-center sm:gap-2">
      <label htmlFor={id} className="inline-flex items-center gap-1.5 font-medium text-slate-700 sm:shrink-0">
        <Languages className="size-4 text-slate-500" aria-hidden />
        {t('toolPage.ocrLanguage')}
      </label>
      <div ref={wrapper} className="relative w-full min-w-0 sm:w-72">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={open && items.length > 0 ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={open && activeItem ? activeItem.id : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={open ? query : shown}
          placeholder={open ? t('toolPage.ocrLanguageSearch') : undefined}
          disabled={disabled}
          onClick={show}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            if (!open) show();
            setQuery(typed);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            if (!wrapper.current?.contains(event.relatedTarget as Node | null)) hide();
          }}
          data-testid="ocr-language"
          data-value={value}
          className={cn(
            'h-9 w-full min-w-0 truncate rounded-lg border border-slate-300 bg-white pl-2.5 pr-9 text-sm text-slate-900 disabled:opacity-60',
            'placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30',
            !open && 'cursor-pointer',
          )}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={t('toolPage.ocrLanguageShowAll')}
          aria-controls={open && items.length > 0 ? listId : undefined}
          aria-expanded={open}
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            input.current?.focus();
            if (open) hide();
            else show();
          }}
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-lg text-slate-500 disabled:opacity-60"
        >
          <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
        {open && (
          <div
            className={cn(
              'absolute inset-x-0 z-30 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg',
              upward ? 'bottom-full mb-1' : 'top-full mt-1',
            )}
          >
            <div role="status" className={cn('px-3 text-slate-600', items.length === 0 && 'py-3')}>
              {items.length === 0 ? t('toolPage.ocrLanguageNoMatch', { query: query.trim() }) : ''}
            </div>
            {items.length > 0 && (
              <div id={listId} role="listbox" aria-labelledby={id} className="max-h-72 overflow-y-auto overscroll-contain p-1" data-testid="ocr-language-list">
                {groups.map((group) => (
                  // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options (WAI-ARIA APG), not a fieldset of a form.
                  <div key={group.id} role="group" aria-labelledby={`${id}-${group.id}`}>
                    <div id={`${id}-${group.id}`} className="px-2.5 pb-1 pt-2 text-xs font-semibold text-slate-500">
                      {group.label}
                    </div>
                    {group.items.map((item) => (
                      // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the field, which points at the active option (aria-activedescendant).
                      // biome-ignore lint/a11y/useKeyWithClickEvents: the field takes the keys (arrows, Enter) for every option.
                      <div
                        key={item.id}
                        id={item.id}
                        role="option"
                        aria-selected={item === activeItem}
                        data-code={item.code}
                        onMouseDown={(event) => event.preventDefault()}
                        onMouseMove={() => item !== activeItem && setActive(items.indexOf(item))}
                        onClick={() => choose(item.code)}
                        className={cn(
                          'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-1.5 text-slate-900',
                          item === activeItem && 'bg-brand-50 text-brand-900',
                        )}
                      >
                        <Check className={cn('size-4 shrink-0 text-brand-600', !chosen.includes(item.code) && 'invisible')} aria-hidden />
                        <span className="min-w-0 flex-auto truncate">{item.name}</span>{' '}
                        {item.ownName && (
                          <span lang={item.tag} dir="auto" className="min-w-0 max-w-1/2 flex-initial truncate text-right text-slate-600">
                            {item.ownName}
                          </span>
                        )}
                      </div>
                    ))}
                  </div>
                ))}
              </div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
