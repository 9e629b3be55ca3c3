import {
  mergeStepAnswers,
  pruneAnswers,
  formFields,
  type Answers,
  profileFieldIds,
  type CompiledForm,
  validateStep,
  organizationAfterStatus,
  isCandidate,
  compiledChecks,
} from '#engine';
import { message } from '#schemas/messages';
import type { CandidateProfile, ProfileSave } from '#schemas/profile';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden } from '../../lib/http-error';
import { acceptedAnswers, profileForm } from '../forms/form.service';
import type { OrganizationRecord, UserRecord } from '../../db/types';
import { updateUser, type UserPatch } from '../user-store/user.repository';
import type { Viewer } from '../../lib/viewer';
import { refreshCandidateStatus, storedCandidateStatus } from './candidate-status.service';
import { findProfile, mergeIntoProfile, writeProfile, type ProfileRecord } from './profile.repository';

function assertCandidate(viewer: Viewer): void {
  if (!isCandidate(viewer.user.user_type)) throw forbidden(message('candidatesOnlyProfile'));
}

function toProfile(
  record: ProfileRecord | undefined,
  status: string | null,
  organization: OrganizationRecord,
): CandidateProfile {
  const candidateStatus = storedCandidateStatus(status);
  return {
    answers: record?.answers ?? {},
    completedSections: record?.completed_sections ?? [],
    version: record?.version ?? 0,
    updatedAt: record?.updated_at.toISOString() ?? null,
    candidateStatus,
    organization: organizationAfterStatus(candidateStatus ?? undefined, { id: organization.id }),
  };
}

/** GET /user/profile */
export async function candidateProfile(db: Db, viewer: Viewer): Promise<CandidateProfile> {
  assertCandidate(viewer);
  return toProfile(
    await findProfile(db, viewer.organization.id, viewer.user.id),
    viewer.user.candidate_status,
    viewer.organization,
  );
}

/**
 * The account's consents follow the answers (spec §3 User acceptTermAndConditions, acceptRare,
 * acceptResearch), so the account settings and the forms never disagree.
 */
async function syncConsents(db: Db, user: UserRecord, answers: Answers): Promise<void> {
  const patch: UserPatch = {};
  if (answers.acceptTermAndConditions === true && !user.accept_terms_at) patch.accept_terms_at = new Date();
  if (typeof answers.acceptRare === 'boolean' && answers.acceptRare !== user.accept_rare)
    patch.accept_rare = answers.acceptRare;
  if (typeof answers.acceptResearch === 'boolean' && answers.acceptResearch !== user.accept_research)
    patch.accept_research = answers.acceptResearch;
  if (Object.keys(patch).length > 0) await updateUser(db, user.id, patch);
}

/** PUT /user/profile?section: one section's answers, checked like a form step, replace that section's. */
export async function saveProfileSection(
  db: Db,
  viewer: Viewer,
  section: string,
  save: ProfileSave,
  language?: string,
): Promise<CandidateProfile> {
  assertCandidate(viewer);
  const form = await profileForm(db, viewer.organization, { language });
  const step = form.steps.find((s) => s.id === section);
  if (!step) throw badRequest(message('invalidAnswers'), [{ field: 'section', ...message('noSection', { section }) }]);
  const accepted = acceptedAnswers(form, save.answers, section);
  const current = await findProfile(db, viewer.organization.id, viewer.user.id);
  if ((current?.version ?? 0) !== save.version) throw conflict(message('profileChanged'));
  const sections = current?.completed_sections ?? [];
  const written = await writeProfile(db, viewer.organization.id, viewer.user.id, save.version, {
    answers: mergeStepAnswers(step, current?.answers ?? {}, accepted),
    completedSections: sections.includes(section) ? sections : [...sections, section],
  });
  if (!written) throw conflict(message('profileChanged'));
  await syncConsents(db, viewer.user, accepted);
  // The last section saved makes the candidate a passport holder (decision 0009).
  const status = await refreshCandidateStatus(db, viewer.organization, viewer.user.id);
  return toProfile(written, status, viewer.organization);
}

/** The profile's questions of the organisation (its profile sections, without a role's layers). */
export async function sharedFieldIds(db: Db, organization: OrganizationRecord): Promise<Set<string>> {
  return new Set(profileFieldIds(await profileForm(db, organization)));
}

/**
 * Answers given in an application to questions the profile also asks replace the profile's, so
 * the next application to the organisation starts with them (decision 0010).
 */
export async function shareWithProfile(
  db: Db,
  organization: OrganizationRecord,
  user: UserRecord,
  answers: Answers,
): Promise<void> {
  const shared = await sharedFieldIds(db, organization);
  const picked = Object.fromEntries(Object.entries(answers).filter(([id]) => shared.has(id)));
  if (Object.keys(picked).length === 0) return;
  await mergeIntoProfile(db, organization.id, user.id, picked);
  await syncConsents(db, user, picked);
}

export interface Prefill {
  answers: Answers;
  completedSteps: string[];
  /** Spec §4 step: the steps already done from the start of the form. */
  step: number;
}

/**
 * A new application's starting point: the account's names and email and the profile's answers,
 * kept only where this role's form asks the question. A step made only of profile questions
 * that already validates counts as completed, so the candidate is not asked again.
 */
export function prefilledApplication(
  form: CompiledForm,
  shared: ReadonlySet<string>,
  profile: Answers,
  account: Answers,
): Prefill {
  const answers = pruneAnswers(formFields(form), { ...account, ...profile });
  const completedSteps = form.steps
    .filter(
      (step) =>
        step.fieldIds.every((id) => shared.has(id)) &&
        step.fieldIds.some((id) => answers[id] !== undefined) &&
        validateStep(form, step.id, answers, compiledChecks).valid,
    )
    .map((step) => step.id);
  const firstOpen = form.steps.findIndex((step) => !completedSteps.includes(step.id));
  return { answers, completedSteps, step: firstOpen === -1 ? form.steps.length : firstOpen };
}

/** The profile answers a new application starts from. */
export async function profileAnswers(db: Db, organization: OrganizationRecord, userId: string): Promise<Answers> {
  return (await findProfile(db, organization.id, userId))?.answers ?? {};
}
