import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ToolDefinition } from '@textlift/core/tools';
import { scrollIntoViewIfNeeded } from '../../hooks/use-reveal-on-settle.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { useLocalPath } from '../../i18n/use-local-path.ts';

/**
 * The one line saying why a chosen file was refused, read out by screen readers at once, and
 * scrolled to where the eye is when it is off screen (on a phone it sits under the drop zone,
 * often below the fold). Focus stays where it was, on the button that chooses another file.
 * Where other tools take that file (lib/other-tools.ts), their links follow.
 */
export function UploadNotice({ children, tools = [] }: { children?: string; tools?: readonly ToolDefinition[] }) {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const language = useLanguage();
  const line = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (line.current) scrollIntoViewIfNeeded(line.current, 'center');
  }, [children]);
  if (!children) return null;
  return (
    <div ref={line} role="alert" className="min-w-0 text-sm font-medium text-red-700 [overflow-wrap:anywhere]" data-testid="upload-notice">
      <p>{children}</p>
      {tools.length > 0 && (
        <p className="mt-1 text-slate-700">
          {t('toolPage.otherTools')} {/* "A or B", "A, B ou C": the language's own way of listing alternatives, each a link. */}
          {new Intl.ListFormat(language.tag, { type: 'disjunction' }).formatToParts(tools.map((tool) => tool.slug)).map((part, index) => {
            const tool = part.type === 'element' ? tools.find((each) => each.slug === part.value) : undefined;
            return tool ? (
              <Link key={tool.slug} to={localPath(tool.path)} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
                {t(`tools.${tool.i18nKey}.name` as 'tools.imageToText.name')}
              </Link>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move.
              <span key={index}>{part.value}</span>
            );
          })}
        </p>
      )}
    </div>
  );
}
