import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { JobRow } from '../db/types';
import { asOrganization, crossOrganizations } from '../db/organization-scope';
import { claimDueJobs, completeJob, failJob, releaseJobs, requeueStaleJobs } from './job.repository';

/** Runs one job; throwing means "try again later". */
type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const STALE_AFTER_SECONDS = 300;

/** 30 s, 2 min, 8 min, … between tries. */
export function retryDelaySeconds(attempts: number): number {
  return 30 * 4 ** Math.max(0, attempts - 1);
}

/**
 * Claims and runs the due jobs once. Returns how many it claimed. Tests call this directly; the worker
 * below calls it on a timer. Once `stopping` says so, the job running is finished and the claimed jobs not
 * yet started are released for another worker (a graceful shutdown, decision 0077).
 */
export async function runDueJobs(
  db: Db,
  handlers: JobHandlers,
  { limit = 20, log, stopping }: { limit?: number; log?: Log; stopping?: () => boolean } = {},
): Promise<number> {
  // Claiming spans organisations by design; each job then runs seeing only its own organisation (decision 0068).
  const jobs = await crossOrganizations(() => claimDueJobs(db, limit));
  for (const [index, job] of jobs.entries()) {
    if (stopping?.()) {
      const left = jobs.slice(index).map((j) => j.id);
      await crossOrganizations(() => releaseJobs(db, left));
      log?.info({ jobs: left.length }, 'stopping: claimed jobs released for another worker');
      break;
    }
    const handler = handlers[job.kind];
    await asOrganization(job.organization_id, async () => {
      try {
        if (!handler) throw new Error(`No handler for job kind '${job.kind}'`);
        await handler(job.payload, job);
        await completeJob(db, job.id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log?.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: message }, 'job failed');
        await failJob(db, job, message, retryDelaySeconds(job.attempts));
      }
    });
  }
  return jobs.length;
}

export interface JobWorker {
  stop: () => Promise<void>;
}

/** Polls the jobs table every `intervalMs` until stopped. Safe to run on every API node. */
export function startJobWorker(
  db: Db,
  handlers: JobHandlers,
  { intervalMs = 1000, log }: { intervalMs?: number; log?: Log } = {},
): JobWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let ticks = 0;

  const tick = async (): Promise<void> => {
    if (ticks++ % 60 === 0) await crossOrganizations(() => requeueStaleJobs(db, STALE_AFTER_SECONDS));
    // Keep going while there is a backlog.
    while (!stopped && (await runDueJobs(db, handlers, { log, stopping: () => stopped })) > 0);
  };
  const run = (): void => {
    if (stopped || running) return;
    running = tick()
      .catch((error: unknown) => log?.error({ err: error }, 'job worker tick failed'))
      .finally(() => {
        running = null;
        schedule();
      });
  };
  const schedule = (): void => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    /** Claims nothing more, finishes the job running and releases the claimed ones not started. */
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
