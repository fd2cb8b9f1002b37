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
