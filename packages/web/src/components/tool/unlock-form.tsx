import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { usePasswordEntry } from './password-form.tsx';
import { cn } from '../../lib/cn.ts';

/** One locked file's password, asked for in its row of a list; it stays on this device. */
export function UnlockForm({ name, wrong, onSubmit }: { name: string; wrong: boolean; onSubmit(password: string): void }) {
  const { t } = useTranslation();
  const { password, setPassword, submit } = usePasswordEntry(onSubmit);
  return (
    <form onSubmit={submit} className="mt-2 flex flex-wrap items-center gap-2 pl-12" data-testid="unlock-form">
      <input
        type="password"
        autoComplete="off"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-label={t('mergePdf.passwordFor', { name })}
        aria-invalid={wrong || undefined}
        placeholder={t('toolPage.passwordLabel')}
        className={cn(
          'h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2.5 text-sm',
          'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30',
        )}
      />
      <Button type="submit" size="sm" variant="secondary" disabled={!password}>
        {t('mergePdf.unlock')}
      </Button>
      {wrong && (
        <p role="alert" className="w-full text-sm font-medium text-red-600">
          {t('toolPage.wrongPassword')}
        </p>
      )}
    </form>
  );
}
