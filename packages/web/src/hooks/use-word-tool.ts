import { useTranslation } from 'react-i18next';
import type { ToolDefinition } from '@textlift/core/tools';
import { notifyFailure } from '../lib/notify-failure.ts';
import { useFileTool } from './use-file-tool.ts';

/** The flow of a tool that takes one Word document: the spec's words for a file of another type, a toast on failure. */
export function useWordTool(tool: ToolDefinition) {
  const { t } = useTranslation();
  return useFileTool(tool, {
    reasons: { wrongType: () => t('toolPage.notAWordDocument') },
    onSettled: (item) => notifyFailure(item.state, t, t('toast.conversionFailed'), 'file'),
  });
}
