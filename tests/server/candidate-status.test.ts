import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledForm } from '#engine/forms/types';
import type { ApplicationRecord } from '#schemas/application';
import type { CandidateProfile } from '#schemas/profile';
import type { User } from '#schemas/user';
import { profileForm } from '#server/modules/forms/form.service';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { completeAcmeAnswers } from '../factories/answers';
import { v1 } from '../helpers/auth';
import { expectRecord, formOfRole, newCandidate, roleIdByName, stepAnswers, uploadCv } from '../helpers/applications';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Spec §3 candidateStatus (ACTIVE, PASSPORT, PASSPORT_ACTIVE) and §4 "a candidate becoming
 * PASSPORT or PASSPORT_ACTIVE resets the organisation" (decision 0009): a complete shared profile
 * is a passport; an active application makes it PASSPORT_ACTIVE.
 */

let t: TestApp;
let acmeId: string;
let strategy: string;
let form: CompiledForm;
let profile: CompiledForm;
beforeAll(async () => {
  t = await createTestApp();
  const acme = (await findOrganizationByKey(t.db, 'acme'))!;
  acmeId = acme.id;
  strategy = await roleIdByName(t.db, 'acme', 'Graduate Consultant, Strategy');
  form = await formOfRole(t.db, 'acme', strategy);
  profile = await profileForm(t.db, acme);
});
afterAll(() => t?.close());

const statusOf = async (token: string) => ({
  user: (await v1(t.app, token, 'GET', '/user')).json<User>().candidateStatus,
  profile: (await v1(t.app, token, 'GET', '/user/profile')).json<CandidateProfile>(),
});

/** Saves profile sections in order (all of them by default); the last answer. */
async function saveSections(token: string, count = profile.steps.length): Promise<CandidateProfile> {
  let current = (await v1(t.app, token, 'GET', '/user/profile')).json<CandidateProfile>();
  for (const step of profile.steps.slice(0, count)) {
    const res = await v1(t.app, token, 'PUT', `/user/profile?section=${step.id}`, {
      answers: stepAnswers(profile, step.id, completeAcmeAnswers),
      version: current.version,
    });
    expect(res.statusCode, `${step.id}: ${res.body}`).toBe(200);
    current = res.json<CandidateProfile>();
  }
  return current;
}

/** A submitted application to the strategy role (CV uploaded, every step saved). */
async function submitOne(token: string): Promise<ApplicationRecord> {
  const started = expectRecord(await v1(t.app, token, 'POST', `/candidate/applyc/${strategy}`), 201);
  const { cv, record: withCv } = await uploadCv(t.app, token, started.id);
  let record = withCv;
  const answers = { ...completeAcmeAnswers, cv: { id: cv.id, name: cv.name } };
  for (const [index, step] of form.steps.entries()) {
    record = expectRecord(
      await v1(t.app, token, 'PUT', `/candidate/${record.id}`, {
        step: index + 1,
        stepId: step.id,
        answers: stepAnswers(form, step.id, answers),
        version: record.version,
        role: { id: strategy },
      }),
    );
  }
  return expectRecord(await v1(t.app, token, 'PUT', `/candidate/${record.id}/submit`));
}

describe('candidateStatus: PASSPORT and PASSPORT_ACTIVE', () => {
  it('a complete profile makes the candidate PASSPORT (organisation reset); an active application PASSPORT_ACTIVE; withdrawing it PASSPORT again', async () => {
    expect(profile.steps.length).toBeGreaterThan(1);
    const candidate = await newCandidate(t.app, t.db, 'acme');
    const fresh = await statusOf(candidate.token);
    expect(fresh.user).toBeNull();
    expect(fresh.profile).toMatchObject({ candidateStatus: null, organization: { id: acmeId } });

    // Every section but the last: no passport yet.
    const partial = await saveSections(candidate.token, profile.steps.length - 1);
    expect(partial).toMatchObject({ candidateStatus: null, organization: { id: acmeId } });
    expect((await statusOf(candidate.token)).user).toBeNull();

    // The last section completes the profile: a passport, no longer tied to the organisation (spec §4).
    const last = profile.steps[profile.steps.length - 1]!;
    const complete = await v1(t.app, candidate.token, 'PUT', `/user/profile?section=${last.id}`, {
      answers: stepAnswers(profile, last.id, completeAcmeAnswers),
      version: partial.version,
    });
    expect(complete.json<CandidateProfile>()).toMatchObject({ candidateStatus: 'PASSPORT', organization: null });
    expect(await statusOf(candidate.token)).toMatchObject({
      user: 'PASSPORT',
      profile: { candidateStatus: 'PASSPORT', organization: null },
    });

    // A submitted application makes the passport active; the application record itself is ACTIVE.
    const submitted = await submitOne(candidate.token);
    expect(submitted.candidateStatus).toBe('ACTIVE');
    expect(await statusOf(candidate.token)).toMatchObject({
      user: 'PASSPORT_ACTIVE',
      profile: { candidateStatus: 'PASSPORT_ACTIVE', organization: null },
    });

    // Withdrawing the only application leaves the passport.
    expectRecord(await v1(t.app, candidate.token, 'PUT', `/candidate/${submitted.id}/withdraw`));
    expect((await statusOf(candidate.token)).user).toBe('PASSPORT');
  });

  it('an active application without a complete profile is ACTIVE, and the organisation stays', async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    // Applying answers profile questions too (shared answers), but the profile pages were never completed.
    await submitOne(candidate.token);
    expect(await statusOf(candidate.token)).toMatchObject({
      user: 'ACTIVE',
      profile: { candidateStatus: 'ACTIVE', organization: { id: acmeId } },
    });
    // Completing the profile afterwards: PASSPORT_ACTIVE.
    await saveSections(candidate.token);
    expect((await statusOf(candidate.token)).user).toBe('PASSPORT_ACTIVE');
  });

  it('a draft alone changes nothing, and a status is the candidate’s own', async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    const other = await newCandidate(t.app, t.db, 'acme');
    await saveSections(other.token);
    expectRecord(await v1(t.app, candidate.token, 'POST', `/candidate/applyc/${strategy}`), 201);
    expect((await statusOf(candidate.token)).user).toBeNull();
    expect((await statusOf(other.token)).user).toBe('PASSPORT');
  });
});
