/**
 * A host's `reuse` that keeps one result, the last: made again when the key changes, and not
 * kept when making it failed (the next call tries again).
 */
export function keepLast(): <T>(key: string, make: () => Promise<T>) => Promise<T> {
  let kept: { key: string; value: Promise<unknown> } | undefined;
  return <T>(key: string, make: () => Promise<T>): Promise<T> => {
    if (kept?.key === key) return kept.value as Promise<T>;
    const value = make();
    const entry = { key, value };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return value;
  };
}
