import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ToolDefinition } from '@textlift/core/tools';

/**
 * The one line saying why a chosen file was refused, read out by screen readers at once; where
 * other tools take that file (lib/other-tools.ts), their links follow.
 */
export function UploadNotice({ children, tools = [] }: { children?: string; tools?: readonly ToolDefinition[] }) {
  const { t } = useTranslation();
  if (!children) return null;
  return (
    <div role="alert" className="min-w-0 text-sm font-medium text-red-700 [overflow-wrap:anywhere]" data-testid="upload-notice">
      <p>{children}</p>
      {tools.length > 0 && (
        <p className="mt-1 text-slate-700">
          {t('toolPage.otherTools')}{' '}
          {tools.map((tool, index) => (
            <span key={tool.slug}>
              {index > 0 && ` ${t('hero.or')} `}
              <Link to={tool.path} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
                {t(`tools.${tool.i18nKey}.name` as 'tools.imageToText.name')}
              </Link>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
