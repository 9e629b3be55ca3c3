import type { FastifyBaseLogger } from 'fastify';

type Log = Pick<FastifyBaseLogger, 'error'>;

export interface Schedule {
  stop: () => Promise<void>;
}

/**
 * Runs `task` now and then every `intervalMs` until stopped (the retention job, decision 0055).
 * A run never overlaps the previous one; a failure is logged and the next run goes ahead.
 */
export function every(intervalMs: number, task: () => Promise<unknown>, log?: Log): Schedule {
  let running: Promise<void> | null = null;
  const run = (): void => {
    if (running) return;
    running = task()
      .then(() => undefined)
      .catch((error: unknown) => log?.error({ err: error }, 'scheduled task failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
