import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: unknown };

const LOADING = { status: 'loading' } as const;

/**
 * Loads data for a page when it opens and whenever `key` changes (a new id, new filters); an
 * answer for an older key is dropped. `set` replaces the data after a save; `reload` asks again.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  key: string,
): { state: Load<T>; set: (data: T) => void; reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const token = `${attempt}:${key}`;
  const [result, setResult] = useState<{ token: string; state: Load<T> } | null>(null);
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  useEffect(() => {
    let current = true;
    loader.current().then(
      (data) => current && setResult({ token, state: { status: 'ready', data } }),
      (error: unknown) => current && setResult({ token, state: { status: 'failed', error } }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  const set = useCallback((data: T) => setResult({ token, state: { status: 'ready', data } }), [token]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state: result?.token === token ? result.state : LOADING, set, reload };
}
