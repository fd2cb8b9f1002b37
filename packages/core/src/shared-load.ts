/**
 * A load (an engine's WebAssembly, a decoder) started once and shared by every caller, in the
 * browser's worker and in a Node thread alike. One that failed (the file did not arrive) is not
 * remembered: the next call tries afresh. The arguments of the call that starts a load are the
 * ones it uses; `onFailure` undoes what a failed attempt left behind.
 */
export function sharedLoad<Args extends unknown[], T>(load: (...args: Args) => Promise<T>, onFailure?: () => void): (...args: Args) => Promise<T> {
  let shared: Promise<T> | undefined;
  return (...args) => {
    if (!shared) {
      const attempt = load(...args);
      shared = attempt;
      attempt.catch(() => {
        if (shared === attempt) shared = undefined;
        onFailure?.();
      });
    }
    return shared;
  };
}

/**
 * Loads by key, each started once and shared by every caller asking for that key (a language's
 * model, a font); one that failed is forgotten, so the next call for its key tries afresh.
 */
export function sharedLoads<K, T>(load: (key: K) => Promise<T>): { get(key: K): Promise<T>; has(key: K): boolean } {
  const loads = new Map<K, Promise<T>>();
  return {
    get(key) {
      let loading = loads.get(key);
      if (!loading) {
        loading = load(key);
        loads.set(key, loading);
        loading.catch(() => loads.delete(key));
      }
      return loading;
    },
    has: (key) => loads.has(key),
  };
}
