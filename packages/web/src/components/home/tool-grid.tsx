import { tools } from '@textlift/core/tools';
import { ArrowRight } from 'lucide-react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLocalPath } from '../../i18n/use-local-path.ts';
import { cn } from '../../lib/cn.ts';
import { toolIcons } from '../../lib/tool-icons.ts';

type Tool = (typeof tools)[number];

/** `tools.{i18nKey}.name` / `.description`, typed so that a tool without dictionary entries fails to compile. */
const toolKey = (tool: Tool, field: 'name' | 'description') => `tools.${tool.i18nKey}.${field}` as const;

/** Icon tile colours, taken in turn so that neighbouring cards differ. */
const tileTones = [
  'bg-brand-50 text-brand-600 ring-brand-100',
  'bg-sky-50 text-sky-600 ring-sky-100',
  'bg-emerald-50 text-emerald-600 ring-emerald-100',
  'bg-amber-50 text-amber-600 ring-amber-100',
  'bg-rose-50 text-rose-600 ring-rose-100',
  'bg-violet-50 text-violet-600 ring-violet-100',
] as const;

/** The clicked card shows as selected this long before the page changes. */
const NAVIGATE_DELAY_MS = 150;
/** Then, once the new page has rendered, the window scrolls to its top. */
const SCROLL_DELAY_MS = 100;

export interface ToolGridProps {
  /** The tool whose page shows the grid; it is left out. */
  exclude?: string;
  /** Heading; the home page's by default, "All Conversion Tools" on tool pages. */
  title?: string;
  description?: string;
}

export function ToolGrid({ exclude, title, description }: ToolGridProps = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localPath = useLocalPath();
  const [selected, setSelected] = useState<string | null>(null);
  const navigateTimer = useRef<number | undefined>(undefined);

  // Leaving the page within the delay (e.g. with Back) cancels the pending navigation.
  useEffect(() => () => window.clearTimeout(navigateTimer.current), []);

  function openTool(event: MouseEvent<HTMLAnchorElement>, tool: Tool) {
    // Let the browser handle new-tab and new-window clicks.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (selected) return;
    setSelected(tool.slug);
    navigateTimer.current = window.setTimeout(() => {
      navigate(localPath(tool.path));
      // Not cancelled on unmount: the grid may not be on the tool's page, and the scroll is still wanted.
      window.setTimeout(() => {
        const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
        setSelected(null);
      }, SCROLL_DELAY_MS);
    }, NAVIGATE_DELAY_MS);
  }

  return (
    <section id="tools" tabIndex={-1} aria-labelledby="tools-title" className="scroll-mt-16 py-16 outline-none sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="tools-title" className="text-3xl font-bold tracking-tight text-balance text-slate-900">
            {title ?? t('toolsSection.title')}
          </h2>
          <p className="mt-4 text-base leading-7 text-pretty text-slate-600 sm:text-lg">{description ?? t('toolsSection.description')}</p>
        </div>
        <ul
          // biome-ignore lint/a11y/noRedundantRoles: Safari's VoiceOver no longer calls a list a list once its bullets are styled away.
          role="list"
          className="mt-12 flex flex-wrap justify-center gap-6 sm:mt-16"
        >
          {tools
            .filter((tool) => tool.slug !== exclude)
            .map((tool, index) => {
              const Icon = toolIcons[tool.icon];
              const isSelected = selected === tool.slug;
              return (
                <li key={tool.slug} className="w-full sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]">
                  <Link
                    to={localPath(tool.path)}
                    onClick={(event) => openTool(event, tool)}
                    className={cn(
                      'group flex h-full items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition duration-200 sm:p-6',
                      'hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md',
                      isSelected && 'border-brand-300 ring-2 ring-brand-600 ring-offset-2 ring-offset-slate-50',
                    )}
                  >
                    <span className={cn('grid size-12 shrink-0 place-items-center rounded-xl ring-1 ring-inset', tileTones[index % tileTones.length])}>
                      <Icon className="size-6" aria-hidden />
                    </span>
                    <div className="min-w-0 flex-1">
                      <div className="flex items-center justify-between gap-2">
                        <h3 className="text-base font-semibold text-slate-900">{t(toolKey(tool, 'name'))}</h3>
                        <ArrowRight className="size-4 shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-600" aria-hidden />
                      </div>
                      <p className="mt-1.5 text-sm leading-6 text-slate-600">{t(toolKey(tool, 'description'))}</p>
                    </div>
                  </Link>
                </li>
              );
            })}
        </ul>
      </div>
    </section>
  );
}
