import type { PipelinePosition } from '#engine';
import type { JobProgress } from '#schemas/pipeline';
import type { Db } from '../../db/client';
import type { JobRow } from '../../db/types';
import { notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import { enqueueJob } from '../../jobs/job.repository';
import type { JobHandlers } from '../../jobs/worker';
import { noApplication } from '../applications/application-access';
import { findPipelineApplications } from '../applications/application.repository';
import { findOrganizationByKey } from '../organizations/organization.repository';
import { findRoleById } from '../roles/role.repository';
import type { Viewer } from '../../lib/viewer';
import { cloneApplications } from './clone-applications';
import { findProgressJob, findUsersWithApplication, recordJobProgress } from './move.repository';
import { checkedTarget, Refusals } from './move-rules';
import { targetRoleOf } from './candidate-role.service';

const FAST_TRACK_JOB = 'fast_track';
/** Job kinds GET /jobs/:jobId reports on (never emails: their rows concern other people). */
const PROGRESS_JOB_KINDS = [FAST_TRACK_JOB] as const;
/** Applications fast-tracked per transaction: progress moves on after each. */
const FAST_TRACK_CHUNK = 500;

interface FastTrackPayload {
  actorId: string;
  roleId: string;
  to: PipelinePosition;
  ids: string[];
}

/**
 * POST /candidate/:id/fasttrackcandidates/:roleId/stage/:stageId {ids}: the application `:id` and
 * those of `ids` are fast-tracked to another role of the organisation, at `:stageId` (its default
 * substage): each candidate gets a new application on that role (answers and documents copied;
 * the applications they came from stay where they are). Checked now — all or nothing, like a bulk
 * move — and run by the jobs worker; 202 with the job the client polls.
 */
export async function fastTrackCandidates(
  db: Db,
  viewer: Viewer,
  id: string,
  roleId: string,
  stageId: number,
  ids: readonly string[],
): Promise<{ jobId: string }> {
  const { organization } = viewer;
  if (!isUuid(id)) throw noApplication(id);
  const role = await targetRoleOf(db, viewer, roleId);
  const to = checkedTarget(organization.stages, stageId, undefined);
  const selected = [...new Set([id, ...ids].map((value) => value.toLowerCase()))];
  const rows = await findPipelineApplications(db, organization.id, selected);
  if (!rows.some((row) => row.id === selected[0])) throw noApplication(id);
  const refusals = new Refusals('ids');
  const found = new Set(rows.map((row) => row.id));
  for (const value of selected) if (!found.has(value)) refusals.add('missing', value);
  for (const row of rows) {
    if (row.state === 'WITHDRAWN') refusals.add('withdrawn', row.id);
    else if (row.role_id === role.id) refusals.add(`already in the pipeline of ${role.name}`, row.id);
  }
  refusals.throwIfAny(selected.length, 'the pipeline', 'fast-tracked');
  const payload: FastTrackPayload = { actorId: viewer.user.id, roleId: role.id, to, ids: selected };
  const jobId = await enqueueJob(db, {
    organizationId: organization.id,
    userId: null,
    kind: FAST_TRACK_JOB,
    payload,
    progressTotal: selected.length,
    maxAttempts: 3,
  });
  return { jobId };
}

/**
 * Runs a fast-track job: FAST_TRACK_CHUNK applications per transaction, the progress recorded
 * after each. Safe to run again after a failure: a candidate who already has an application for
 * the role (made by an earlier try, or before) is counted as skipped, never given a second.
 */
async function runFastTrack(db: Db, job: JobRow, payload: FastTrackPayload): Promise<void> {
  const organization = await findOrganizationByKey(db, job.organization_id);
  const role = organization && (await findRoleById(db, organization.id, payload.roleId));
  if (!organization || !role) throw new Error('The role to fast-track to no longer exists.');
  await recordJobProgress(db, job.id, { done: 0, skipped: 0 });
  for (let start = 0; start < payload.ids.length; start += FAST_TRACK_CHUNK) {
    const chunk = payload.ids.slice(start, start + FAST_TRACK_CHUNK);
    await db.transaction().execute(async (trx) => {
      const sources = (await findPipelineApplications(trx, organization.id, chunk)).filter(
        (row) => row.state === 'SUBMITTED' && row.role_id !== role.id,
      );
      const taken = await findUsersWithApplication(
        trx,
        organization.id,
        role.id,
        sources.map((s) => s.user_id),
      );
      // One application per candidate and role: of a candidate's several sources, the first.
      const seen = new Set<string>();
      const fresh = sources.filter((s) => !taken.has(s.user_id) && !seen.has(s.user_id) && seen.add(s.user_id));
      const made = await cloneApplications(trx, organization, fresh, role, payload.to, 'FAST_TRACK', payload.actorId);
      await recordJobProgress(trx, job.id, { done: chunk.length, skipped: chunk.length - made.length, add: true });
    });
  }
}

/** The worker's handlers for pipeline jobs (main.ts adds them to the email ones; tests run them directly). */
export function moveJobHandlers(db: Db): JobHandlers {
  return {
    [FAST_TRACK_JOB]: (payload, job) => runFastTrack(db, job, payload as FastTrackPayload),
  };
}

/** GET /jobs/:jobId: a pipeline job of the organisation and its progress; 404 for any other. */
export async function jobProgress(db: Db, viewer: Viewer, jobId: string): Promise<JobProgress> {
  const job = isUuid(jobId)
    ? await findProgressJob(db, viewer.organization.id, jobId.toLowerCase(), PROGRESS_JOB_KINDS)
    : undefined;
  if (!job) throw notFound(`No job with id '${jobId}'.`);
  return {
    id: job.id,
    status: job.status,
    total: job.progress_total ?? 0,
    done: job.progress_done,
    skipped: job.progress_skipped,
    ...(job.last_error !== null && { error: job.last_error }),
  };
}
