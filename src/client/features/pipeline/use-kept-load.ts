import { useCallback, useEffect, useRef, useState } from 'react';

export interface KeptLoad<T> {
  /** The latest answer, kept on screen while the next one loads; null before the first. */
  data: T | null;
  /** The answer shown is for an older key (or there is none yet). */
  loading: boolean;
  /** The last call for the current key failed. */
  error: unknown;
  reload: () => void;
}

/**
 * Loads for `key` like useLoad, but keeps the previous answer while a new key loads, so tabs,
 * counts and rows stay in place (marked busy) instead of flashing a spinner on every click.
 */
export function useKeptLoad<T>(load: () => Promise<T>, key: string): KeptLoad<T> {
  const [attempt, setAttempt] = useState(0);
  const token = `${attempt}:${key}`;
  const [result, setResult] = useState<{ token: string; data: T | null; error: unknown }>({
    token: '',
    data: null,
    error: null,
  });
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  useEffect(() => {
    let current = true;
    loader.current().then(
      (data) => current && setResult({ token, data, error: null }),
      (error: unknown) =>
        current && setResult((previous) => ({ token, data: previous.data, error: error ?? new Error('failed') })),
    );
    return () => {
      current = false;
    };
  }, [token]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const fresh = result.token === token;
  return { data: result.data, loading: !fresh, error: fresh ? result.error : null, reload };
}
