import { CloudUpload, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ToolDefinition } from '@textlift/core/tools';

/** The icon flows with the words, so a note that wraps keeps it beside its first word. */
const iconClass = 'mr-1.5 inline size-3.5 align-[-0.2em]';

/** What the visitor hands over, for the words of the note. */
export type Handed = 'image' | 'images' | 'pdf' | 'file' | 'text';

/**
 * Where the tool's work runs, from its registry entry: on this device (nothing uploaded), or on
 * our server, wholly or in part (uploaded, deleted once answered), said before anything is chosen.
 */
export function RunsOnNote({
  tool,
  handed,
  words: own,
}: {
  tool: ToolDefinition;
  handed: Handed /** The page's own words for a device tool (the Image Translator: read here, translated where its notice says). */;
  words?: string;
}) {
  const { t } = useTranslation();
  if (tool.runsOn !== 'device') {
    return (
      <p className="font-medium text-amber-700" data-testid="runs-on">
        <CloudUpload className={iconClass} aria-hidden />
        {t('toolPage.runsOnServer')}
      </p>
    );
  }
  const words = {
    image: t('hero.privacy'),
    images: t('toolPage.privacyImage'),
    pdf: t('toolPage.privacyPdf'),
    file: t('toolPage.privacyFile'),
    text: t('toolPage.privacyText'),
  };
  return (
    <p className="font-medium text-emerald-700" data-testid="runs-on">
      <ShieldCheck className={iconClass} aria-hidden />
      {own ?? words[handed]}
    </p>
  );
}
