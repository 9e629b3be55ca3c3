import { candidateStatusOf, type CandidateStatus } from '../../../../engine/rules/candidate-save';
import type { Db } from '../../db/client';
import { findCandidateApplications } from '../applications/application.repository';
import { candidateProgress } from '../applications/candidate-progress';
import { profileForm } from '../forms/form.service';
import type { OrganizationRecord } from '../organizations/organization.repository';
import { updateUser } from '../users/user.repository';
import { findProfile } from './profile.repository';

/** Applications that keep a candidate active: submitted and neither withdrawn nor unsuccessful. */
const INACTIVE = new Set(['DRAFT', 'WITHDRAWN', 'UNSUCCESSFUL']);

/** Every profile section of the organisation saved on the profile pages (decision 0010). */
export async function isProfileComplete(db: Db, organization: OrganizationRecord, userId: string): Promise<boolean> {
  const [form, profile] = await Promise.all([profileForm(db, organization), findProfile(db, organization.id, userId)]);
  const saved = new Set(profile?.completed_sections ?? []);
  return form.steps.length > 0 && form.steps.every((step) => saved.has(step.id));
}

/**
 * The candidate's status in the organisation (spec §3 candidateStatus, decision 0009), worked out
 * again from what it depends on and stored on the account: PASSPORT once the shared profile is
 * complete, PASSPORT_ACTIVE with an active application as well, ACTIVE with an active application
 * and an incomplete profile, none otherwise. Called after every change of its inputs (a profile
 * section saved, an application submitted or withdrawn), in the caller's transaction.
 */
export async function refreshCandidateStatus(db: Db, organization: OrganizationRecord, userId: string): Promise<CandidateStatus | null> {
  const [profileComplete, applications] = await Promise.all([isProfileComplete(db, organization, userId), findCandidateApplications(db, organization.id, userId)]);
  const activeApplication = applications.some((row) => !INACTIVE.has(candidateProgress(row.state, row.stage_id)));
  const status = candidateStatusOf({ profileComplete, activeApplication });
  await updateUser(db, userId, { candidate_status: status });
  return status;
}

/** The stored status of a candidate (null for none, or a value this product does not know). */
export function storedCandidateStatus(value: string | null): CandidateStatus | null {
  return value === 'ACTIVE' || value === 'PASSPORT' || value === 'PASSPORT_ACTIVE' ? value : null;
}
