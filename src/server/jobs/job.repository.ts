import { sql } from 'kysely';
import type { Db } from '../db/client';
import { json } from '../db/json';
import type { JobRow } from '../db/types';

export interface NewJob {
  organizationId: string;
  /** The person the job concerns, so erasing them removes it. */
  userId: string | null;
  kind: string;
  payload: unknown;
  /** An email that is a contact with the candidate: its subject, kept after the payload is dropped (GET …/contact/:n).
   * */
  contactSubject?: string | null;
  /** A job with progress (fast-track): how many items it works through. */
  progressTotal?: number;
  /** Tries before it fails for good; the table's default when absent. */
  maxAttempts?: number;
}

export async function enqueueJob(db: Db, job: NewJob): Promise<string> {
  const row = await db
    .insertInto('jobs')
    .values({
      organization_id: job.organizationId,
      user_id: job.userId,
      kind: job.kind,
      payload: json(job.payload),
      contact_subject: job.contactSubject ?? null,
      ...(job.progressTotal !== undefined && { progress_total: job.progressTotal }),
      ...(job.maxAttempts !== undefined && { max_attempts: job.maxAttempts }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims up to `limit` due jobs for this worker. FOR UPDATE SKIP LOCKED lets any number of
 * workers (on any number of API nodes) claim at once without taking the same job twice.
 */
export async function claimDueJobs(db: Db, limit: number): Promise<JobRow[]> {
  const result = await sql<JobRow>`
    update jobs set status = 'running', locked_at = now(), attempts = attempts + 1
    where id in (
      select id from jobs where status = 'queued' and run_at <= now()
      order by run_at limit ${limit}
      for update skip locked
    )
    returning *`.execute(db);
  // RETURNING has no order: run them in the order they were queued.
  return [...result.rows].sort(
    (a, b) =>
      new Date(a.run_at).getTime() - new Date(b.run_at).getTime() ||
      new Date(a.created_at).getTime() - new Date(b.created_at).getTime(),
  );
}

/** Done: the payload (which may hold an address and a link) is dropped. */
export async function completeJob(db: Db, id: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'done', finished_at: sql<Date>`now()`, payload: '{}', locked_at: null })
    .where('id', '=', id)
    .execute();
}

/** A failed try: queued again after `retryInSeconds`, or failed for good when it was the last. */
export async function failJob(db: Db, job: JobRow, error: string, retryInSeconds: number): Promise<void> {
  const last = job.attempts >= job.max_attempts;
  await db
    .updateTable('jobs')
    .set({
      status: last ? 'failed' : 'queued',
      last_error: error.slice(0, 2000),
      locked_at: null,
      run_at: sql<Date>`now() + make_interval(secs => ${retryInSeconds})`,
      ...(last && { finished_at: sql<Date>`now()`, payload: '{}' }),
    })
    .where('id', '=', job.id)
    .execute();
}

/**
 * Jobs claimed but not started, handed back by a worker that is stopping (SIGTERM): queued again at once for any
 * worker, and the claim does not count as a try.
 */
export async function releaseJobs(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set({ status: 'queued', locked_at: null, attempts: sql<number>`greatest(attempts - 1, 0)` })
    .where('id', 'in', ids)
    .where('status', '=', 'running')
    .execute();
}

/** Jobs whose worker died mid-run (locked longer than `seconds`) go back to the queue. */
export async function requeueStaleJobs(db: Db, seconds: number): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', locked_at: null })
    .where('status', '=', 'running')
    .where('locked_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteUserJobs(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('jobs').where('user_id', '=', userId).execute();
}
