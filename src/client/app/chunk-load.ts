import { CHUNK_LOAD_TIMEOUT_MS } from '#engine';

/** A page's code could not be downloaded (network down, or a new deployment removed the old chunk). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

const BROWSER_MESSAGES = [
  /dynamically imported module/i,
  /Importing a module script failed/i,
  /Loading chunk/i,
  /Failed to fetch/i,
];

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError ||
    (error instanceof Error && BROWSER_MESSAGES.some((pattern) => pattern.test(error.message)))
  );
}

/** Chunk downloads not yet settled (chunksSettled). */
const pending = new Set<Promise<unknown>>();

/** Resolves once every chunk download started so far has loaded or failed (tests wait for it before tearing down). */
export async function chunksSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

/** Spec §8/§9: a script or style chunk that has not loaded after 120 s counts as failed. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  const download = new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`A page chunk did not load within ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error && isChunkLoadError(error) ? new ChunkLoadError(error.message) : error);
      },
    );
  });
  pending.add(download);
  const settle = () => pending.delete(download);
  download.then(settle, settle);
  return download;
}
