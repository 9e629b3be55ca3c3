import type { CandidateStatus } from '../../../../engine/rules/candidate-save';
import type { Db } from '../../db/client';
import { refreshCandidateStatuses } from '../moves/candidate-statuses';
import type { OrganizationRecord } from '../organizations/organization.repository';

/**
 * The candidate's status in the organisation (spec §3 candidateStatus, decision 0009), worked out
 * again from what it depends on and stored on the account: PASSPORT once the shared profile is
 * complete, PASSPORT_ACTIVE with an active application as well, ACTIVE with an active application
 * and an incomplete profile, none otherwise. Called after every change of its inputs (a profile
 * section saved, an application submitted or withdrawn), in the caller's transaction. The rule
 * itself is refreshCandidateStatuses' (one candidate of a set).
 */
export async function refreshCandidateStatus(db: Db, organization: OrganizationRecord, userId: string): Promise<CandidateStatus | null> {
  const statuses = await refreshCandidateStatuses(db, organization, [userId]);
  return statuses.get(userId) ?? null;
}

/** The stored status of a candidate (null for none, or a value this product does not know). */
export function storedCandidateStatus(value: string | null): CandidateStatus | null {
  return value === 'ACTIVE' || value === 'PASSPORT' || value === 'PASSPORT_ACTIVE' ? value : null;
}
