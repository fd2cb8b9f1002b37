import { CheckCircle2, X, XCircle } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'success' | 'destructive';
}

/** How long a toast stays, in ms; long enough to read two short sentences. */
const TOAST_DURATION_MS = 5000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function dismissToast(id: number) {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function showToast(toast: Omit<Toast, 'id'>) {
  const id = nextId++;
  toasts = [...toasts.slice(-2), { ...toast, id }];
  emit();
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Toasts in a polite live region, so screen readers announce them without moving focus. */
export function Toaster() {
  const { t } = useTranslation();
  const items = useSyncExternalStore(subscribe, () => toasts, () => toasts);
  return (
    <section
      aria-label={t('toast.region')}
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end"
    >
      {items.map((toast) => (
        <div
          key={toast.id}
          role={toast.variant === 'destructive' ? 'alert' : 'status'}
          className={cn(
            'pointer-events-auto flex w-full max-w-sm animate-fade-in items-start gap-3 rounded-xl border p-4 shadow-lg',
            toast.variant === 'destructive' ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          {toast.variant === 'destructive'
            ? <XCircle className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
            : <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />}
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">{toast.title}</p>
            {toast.description && <p className="mt-0.5 text-sm opacity-80">{toast.description}</p>}
          </div>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            className="rounded p-0.5 opacity-60 hover:opacity-100"
            aria-label={t('toast.close')}
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ))}
    </section>
  );
}
