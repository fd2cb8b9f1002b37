/**
 * A host's `reuse` that keeps one result, the last: made again when the key changes, and not
 * kept when making it failed or `keep` turns it down (the next call tries again).
 */
export function keepLast(): <T>(key: string, make: () => Promise<T>, keep?: (value: T) => boolean) => Promise<T> {
  let kept: { key: string; value: Promise<unknown> } | undefined;
  return <T>(key: string, make: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> => {
    if (kept?.key === key) return kept.value as Promise<T>;
    const value = make();
    const entry = { key, value };
    kept = entry;
    const forget = () => {
      if (kept === entry) kept = undefined;
    };
    value.then((made) => {
      if (!keep(made)) forget();
    }, forget);
    return value;
  };
}
