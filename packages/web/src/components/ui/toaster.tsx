import { CheckCircle2, X, XCircle } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'success' | 'destructive';
  /**
   * Shown, not read out: the page says the same where focus went (a result card's heading takes
   * focus when its job ends), and a screen reader should hear it once.
   */
  quiet?: boolean;
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

/**
 * Toasts in a polite live region, so screen readers announce them without moving focus; quiet
 * ones beside it, seen only. At the bottom of the screen, full width on a phone: a job's end
 * brings its result card to the top of the screen, so the upload area, above it, is not under
 * a toast.
 */
export function Toaster() {
  const { t } = useTranslation();
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:w-[26rem] sm:items-end"
      data-testid="toaster"
    >
      <div aria-hidden className="flex w-full flex-col items-center gap-2 sm:items-end">
        {items
          .filter((toast) => toast.quiet)
          .map((toast) => (
            <ToastCard key={toast.id} toast={toast} />
          ))}
      </div>
      <section aria-label={t('toast.region')} aria-live="polite" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {items
          .filter((toast) => !toast.quiet)
          .map((toast) => (
            <ToastCard key={toast.id} toast={toast} />
          ))}
      </section>
    </div>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  return (
    <div
      role={toast.quiet ? undefined : toast.variant === 'destructive' ? 'alert' : 'status'}
      data-testid="toast"
      className={cn(
        'pointer-events-auto flex w-full max-w-sm animate-fade-in items-start gap-3 rounded-xl border p-4 shadow-lg',
        toast.variant === 'destructive' ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-900',
      )}
    >
      {toast.variant === 'destructive' ? (
        <XCircle className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
      ) : (
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-0.5 text-sm opacity-80">{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="rounded p-0.5 opacity-60 hover:opacity-100"
        aria-label={t('toast.close')}
        // A quiet toast is hidden from screen readers, so its button is out of the Tab order too; it goes by itself.
        tabIndex={toast.quiet ? -1 : undefined}
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
