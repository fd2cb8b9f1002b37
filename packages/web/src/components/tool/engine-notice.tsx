import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ToolDefinition } from '@textlift/core/tools';
import { useServerEngine } from '../../hooks/use-server-engine.ts';

/** Said before an upload: the server lacks the engine this tool needs (LibreOffice for Word). */
export function EngineNotice({ tool }: { tool: ToolDefinition }) {
  const { t } = useTranslation();
  const available = useServerEngine(tool.needs);
  if (available !== false) return null;
  return (
    <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status" data-testid="engine-unavailable">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      {t('toolPage.officeUnavailable')}
    </p>
  );
}
