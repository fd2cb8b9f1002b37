import { Moon, Sun } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeTheme, chooseTheme } from '../../lib/theme.ts';

/**
 * A toggle between the light and the dark theme, pressed when dark. The prerendered page cannot
 * know the system's theme, so it renders unpressed and learns the truth once mounted.
 */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const [dark, setDark] = useState(false);
  useEffect(() => {
    setDark(activeTheme() === 'dark');
    // Until the visitor chooses, the page follows the system, which may change while it is open.
    const system = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => setDark(activeTheme() === 'dark');
    system.addEventListener('change', follow);
    return () => system.removeEventListener('change', follow);
  }, []);
  const toggle = () => {
    chooseTheme(dark ? 'light' : 'dark');
    setDark(!dark);
  };
  const Icon = dark ? Sun : Moon;
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={dark}
      aria-label={t('nav.darkTheme')}
      title={t('nav.darkTheme')}
      className="grid size-9 place-items-center rounded-lg text-slate-600 ring-1 ring-inset ring-slate-200 hover:bg-slate-50"
      data-testid="theme-switch"
    >
      <Icon className="size-4" aria-hidden />
    </button>
  );
}
