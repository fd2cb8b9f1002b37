import { useEffect, useState } from 'react';

interface Health {
  office?: { available: boolean };
}

/** Asked once per page load: whether an engine is installed changes only when the server restarts. */
let health: Promise<Health> | undefined;

/**
 * Whether our server has the engine a tool needs, from GET /healthz: true or false once known,
 * undefined until then, and where the question could not be asked (the conversion then says).
 */
export function useServerEngine(engine: 'office' | undefined): boolean | undefined {
  const [available, setAvailable] = useState<boolean>();
  useEffect(() => {
    if (!engine) return;
    let current = true;
    health ??= fetch('/healthz').then(
      (response) => (response.ok ? (response.json() as Promise<Health>) : {}),
      () => ({}),
    );
    void health.then((body) => {
      if (current) setAvailable(body[engine]?.available);
    });
    return () => {
      current = false;
    };
  }, [engine]);
  return available;
}
