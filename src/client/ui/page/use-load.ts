import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: unknown };

const LOADING = { status: 'loading' } as const;

/** The answer for one request (attempt and key), with the latest data received for any of them. */
type Result<T> = { token: string; state: Load<T>; latest: T | null };

/**
 * The one loader of useLoad and useKeptLoad: loads when the page opens and whenever `key` changes; an answer for an
 * older key is dropped. `latest` is the last data received (kept through a later failure or another key).
 */
function useLoadResult<T>(load: () => Promise<T>, key: string) {
  const [attempt, setAttempt] = useState(0);
  const token = `${attempt}:${key}`;
  const [result, setResult] = useState<Result<T> | null>(null);
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  useEffect(() => {
    let current = true;
    loader.current().then(
      (data) => current && setResult({ token, state: { status: 'ready', data }, latest: data }),
      (error: unknown) =>
        current &&
        setResult((previous) => ({ token, state: { status: 'failed', error }, latest: previous?.latest ?? null })),
    );
    return () => {
      current = false;
    };
  }, [token]);
  const set = useCallback((data: T) => setResult({ token, state: { status: 'ready', data }, latest: data }), [token]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const state: Load<T> = result?.token === token ? result.state : LOADING;
  return { state, latest: result?.latest ?? null, set, reload };
}

/**
 * Loads data for a page when it opens and whenever `key` changes (a new id, new filters); an
 * answer for an older key is dropped. `set` replaces the data after a save; `reload` asks again.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  key: string,
): { state: Load<T>; set: (data: T) => void; reload: () => void } {
  const { state, set, reload } = useLoadResult(load, key);
  return { state, set, reload };
}

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
  const { state, latest, reload } = useLoadResult(load, key);
  return {
    data: latest,
    loading: state.status === 'loading',
    error: state.status === 'failed' ? (state.error ?? new Error('failed')) : null,
    reload,
  };
}
