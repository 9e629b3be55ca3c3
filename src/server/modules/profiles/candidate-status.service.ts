import { sql } from 'kysely';
import { STAGE_IDS, candidateStatusOf, type CandidateStatus } from '#engine';
import { CANDIDATE_STATUSES } from '#schemas/vocabularies';
import type { Db } from '../../db/client';
import { candidateProgress } from './candidate-progress';
import { profileForm } from '../forms/form.service';
import type { OrganizationRecord } from '../../db/types';

/** Stages where a submitted application stops keeping its candidate active (withdrew, rejected): decision 0009. */
const INACTIVE_STAGES: readonly number[] = STAGE_IDS.filter((id) => {
  const progress = candidateProgress('SUBMITTED', id);
  return progress === 'WITHDRAWN' || progress === 'UNSUCCESSFUL';
});

/** Whether an application at `stageId` keeps its candidate active. */
export function isActiveStage(stageId: number | null): boolean {
  return stageId === null || !INACTIVE_STAGES.includes(stageId);
}

/**
 * The candidates' status in the organisation (spec §3 candidateStatus, decision 0009), worked out
 * again from what it depends on and stored on the account: PASSPORT once the shared profile is
 * complete, PASSPORT_ACTIVE with an active application as well, ACTIVE with an active application
 * and an incomplete profile, none otherwise. Called after every change of its inputs (a profile
 * section saved, an application submitted, withdrawn or moved), in the caller's transaction: one
 * query for any number of candidates, then one UPDATE per resulting status. Returns each
 * candidate's status (the organisation's users among `userIds` only).
 */
export async function refreshCandidateStatuses(
  trx: Db,
  organization: OrganizationRecord,
  userIds: readonly string[],
): Promise<Map<string, CandidateStatus | null>> {
  const statuses = new Map<string, CandidateStatus | null>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return statuses;
  const sections = (await profileForm(trx, organization)).steps.map((s) => s.id);
  const rows = await sql<{ id: string; active: boolean; completed: string[] | null; status: string | null }>`
    select u.id, u.candidate_status as status,
      exists (
        select 1 from applications a
        where a.organization_id = ${organization.id} and a.user_id = u.id and a.state = 'SUBMITTED'
          and (a.stage_id is null or not (a.stage_id = any(${[...INACTIVE_STAGES]}::int[])))
      ) as active,
      (select p.completed_sections from candidate_profiles p where p.organization_id = ${organization.id} and p.user_id = u.id) as completed
    from users u where u.organization_id = ${organization.id} and u.id = any(${ids}::uuid[])`.execute(trx);
  const changes = new Map<CandidateStatus | null, string[]>();
  for (const row of rows.rows) {
    const saved = new Set(row.completed ?? []);
    const profileComplete = sections.length > 0 && sections.every((s) => saved.has(s));
    const status = candidateStatusOf({ profileComplete, activeApplication: row.active });
    statuses.set(row.id, status);
    if (status !== row.status) changes.set(status, [...(changes.get(status) ?? []), row.id]);
  }
  for (const [status, changed] of changes) {
    await trx
      .updateTable('users')
      .set({ candidate_status: status, updated_at: sql<Date>`now()` })
      .where('organization_id', '=', organization.id)
      .where(sql<boolean>`id = any(${changed}::uuid[])`)
      .execute();
  }
  return statuses;
}

/** The same for one candidate. */
export async function refreshCandidateStatus(
  db: Db,
  organization: OrganizationRecord,
  userId: string,
): Promise<CandidateStatus | null> {
  const statuses = await refreshCandidateStatuses(db, organization, [userId]);
  return statuses.get(userId) ?? null;
}

/** The stored status of a candidate (null for none, or a value this product does not know). */
export function storedCandidateStatus(value: string | null): CandidateStatus | null {
  return CANDIDATE_STATUSES.find((status) => status === value) ?? null;
}
