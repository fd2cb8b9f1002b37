import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { cn } from '../../lib/cn.ts';

/** A password field's value and its form's submit, which hands over a non-empty password. */
export function usePasswordEntry(onSubmit: (password: string) => void) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };
  return { password, setPassword, submit };
}

/** Asks for a PDF's password; it goes to the conversion on this device and nowhere else. */
export function PasswordForm({ wrong, onSubmit }: { wrong: boolean; onSubmit(password: string): void }) {
  const { t } = useTranslation();
  const { password, setPassword, submit } = usePasswordEntry(onSubmit);
  return (
    <form
      onSubmit={submit}
      className="flex min-h-72 flex-col items-center justify-center gap-4 rounded-xl bg-amber-50 p-6 text-center"
      data-testid="password-form"
    >
      <Lock className="size-8 text-amber-600" aria-hidden />
      <div>
        <p className="font-semibold text-slate-900">{t('toolPage.passwordTitle')}</p>
        <p className="mt-1 text-sm text-slate-600">{t('toolPage.passwordPrompt')}</p>
      </div>
      <div className="w-full max-w-xs text-left">
        <label htmlFor="pdf-password" className="mb-1.5 block text-sm font-medium text-slate-900">
          {t('toolPage.passwordLabel')}
        </label>
        <input
          id="pdf-password"
          type="password"
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the field appears because the visitor chose a locked file, to type its password.
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={wrong || undefined}
          aria-describedby={wrong ? 'pdf-password-error' : undefined}
          className={cn(
            'w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm',
            'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30',
          )}
        />
        {wrong && (
          <p id="pdf-password-error" role="alert" className="mt-1.5 text-sm font-medium text-red-600">
            {t('toolPage.wrongPassword')}
          </p>
        )}
      </div>
      <Button type="submit" disabled={!password}>
        {t('toolPage.passwordSubmit')}
      </Button>
    </form>
  );
}
