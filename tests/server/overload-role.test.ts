import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formFields } from '#engine/forms/answers';
import type { DocumentRef } from '#schemas/application';
import type { Role } from '#schemas/role';
import { completeAcmeAnswers } from '../factories/answers';
import { v1 } from '../helpers/auth';
import {
  expectRecord,
  formOfRole,
  newCandidate,
  PDF,
  roleIdByName,
  stepAnswers,
  upload,
} from '../helpers/applications';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Spec §4 overload on the demo role that switches it on (acme "Spring Insight Week"): the API
 * side of what the client does (tests/client/candidate/overload-demo-role.test.tsx): only the
 * step with a file is saved on the way, then the whole application once, then submit.
 */

let t: TestApp;
let roleId: string;
beforeAll(async () => {
  t = await createTestApp();
  roleId = await roleIdByName(t.db, 'acme', 'Spring Insight Week');
});
afterAll(() => t?.close());

describe('the overload demo role (acme Spring Insight Week)', () => {
  it('is published with overload on, and takes the step with a file, then the whole application, then submit', async () => {
    const role = (await t.app.inject({ method: 'GET', url: `/api/public/acme/roles/${roleId}` })).json<Role>();
    expect(role.settings).toEqual({ overload: true });

    const candidate = await newCandidate(t.app, t.db, 'acme');
    const form = await formOfRole(t.db, 'acme', roleId);
    const started = expectRecord(await v1(t.app, candidate.token, 'POST', `/candidate/applyc/${roleId}`), 201);
    const letter = (
      await upload(t.app, candidate.token, `/organization/acme/candidate/${started.id}/upload?type=coverLetter`, {
        name: 'letter.pdf',
        type: 'application/pdf',
        bytes: PDF,
      })
    ).json<DocumentRef>();
    // The upload answered the cover letter question: the record's version moved on.
    const record = expectRecord(await v1(t.app, candidate.token, 'GET', `/candidate/${started.id}`));
    const ids = new Set(formFields(form).map((f) => f.id));
    const answers = {
      ...Object.fromEntries(Object.entries(completeAcmeAnswers).filter(([id]) => ids.has(id))),
      email: candidate.email,
      coverLetter: { id: letter.id, name: letter.name },
    };

    // The documents step carries a file, so the client saves it; the steps before it were skipped.
    const documents = form.steps.findIndex((s) => s.id === 'documents');
    const saved = expectRecord(
      await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}?maxSteps=${form.steps.length}`, {
        step: documents + 1,
        stepId: 'documents',
        answers: stepAnswers(form, 'documents', answers),
        version: record.version,
        role: { id: roleId },
      }),
    );
    expect(saved).toMatchObject({ step: record.step, completedSteps: expect.arrayContaining(['documents']) });
    expect(saved.answers.mobile).toBeUndefined();

    // Before submit: everything at once (no stepId), then submit.
    const whole = expectRecord(
      await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}?maxSteps=${form.steps.length}`, {
        step: form.steps.length,
        answers,
        version: saved.version,
        role: { id: roleId },
      }),
    );
    expect(whole.completedSteps).toEqual(form.steps.map((s) => s.id));
    expect(whole.answers).toMatchObject({
      mobile: completeAcmeAnswers.mobile,
      coverLetter: { id: letter.id, name: 'letter.pdf' },
    });
    const submitted = expectRecord(await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}/submit`));
    expect(submitted).toMatchObject({ state: 'SUBMITTED', candidateStatus: 'ACTIVE' });
  });
});
