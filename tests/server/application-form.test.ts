import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledForm } from '#engine/forms/types';
import { applicationForm } from '#server/modules/forms/form.service';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { completeAcmeAnswers } from '../factories/answers';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const validate = (sub: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/public/organization/${sub}/application-form/validate`, payload });

describe('POST /api/public/organization/:sub/application-form/validate', () => {
  it('accepts a complete application and keeps only the answers of visible fields', async () => {
    const res = await validate('acme', {
      answers: { ...completeAcmeAnswers, freeSchoolMeals: 'Yes', ethnicity: 'Irish' },
    });
    expect(res.statusCode).toBe(200);
    const { answers } = res.json();
    expect(answers.firstName).toBe('Ada');
    expect(answers).not.toHaveProperty('freeSchoolMeals');
    expect(answers).not.toHaveProperty('ethnicitySpecify');
  });

  it('answers 400 naming each field at fault, in form order', async () => {
    const res = await validate('acme', {
      answers: {
        ...completeAcmeAnswers,
        firstName: ' ',
        email: 'nope',
        universities: [{ universityType: 'Undergraduate' }],
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('There is a problem with your answers');
    expect(body.errors.slice(0, 2)).toEqual([
      { field: 'firstName', message: 'Enter first name' },
      { field: 'email', message: 'Enter an email address in the correct format, like name@example.com' },
    ]);
    expect(body.errors.map((e: { field: string }) => e.field)).toContain('universities.0.degreeClass');
  });

  it("checks northbridge's answers by its region (OZ, decision 0034): an Australian mobile and postcode", async () => {
    const fieldsAtFault = async (answers: object) =>
      (await validate('northbridge', { step: 'aboutYou', answers }))
        .json()
        .errors?.filter((e: { field: string }) => e.field === 'mobile' || e.field === 'postCode') ?? [];
    expect(await fieldsAtFault({ mobile: '0412 345 678', postCode: '2000' })).toEqual([]);
    expect(await fieldsAtFault({ mobile: '07700900982', postCode: 'SW1A 1AA' })).toEqual([
      expect.objectContaining({
        field: 'mobile',
        message: expect.stringMatching(/^Enter an Australian mobile number/),
      }),
      expect.objectContaining({ field: 'postCode', message: 'Enter a 4-digit postcode, like 2000' }),
    ]);
  });

  it('checks one step at a time', async () => {
    const ok = await validate('acme', {
      step: 'aboutYou',
      answers: {
        firstName: 'Ada',
        lastName: 'L',
        email: 'a@b.co',
        mobile: '07700900982',
        nationality: 'France',
        permitType: 'Graduate visa',
      },
    });
    expect(ok.statusCode).toBe(200);
    const unknown = await validate('acme', { step: 'noSuchStep', answers: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      {
        field: 'step',
        message: "There is no step 'noSuchStep' on this form",
        code: 'noStep',
        params: { step: 'noSuchStep' },
      },
    ]);
  });

  it("follows each organisation's configuration: the lateral edition asks for a writing sample, not schools", async () => {
    const res = await validate('hartley', { answers: {} });
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toContain('writingSample');
    expect(fields).not.toContain('secondarySchool');
  });

  it('speaks the organisation language when asked', async () => {
    const res = await validate('acme', {
      language: 'cy',
      answers: { ...completeAcmeAnswers, acceptTermAndConditions: false },
    });
    expect(res.json().errors).toEqual([
      { field: 'acceptTermAndConditions', message: 'Cadarnhewch eich bod yn derbyn y telerau ac amodau i barhau' },
    ]);
  });

  it('rejects malformed requests and unknown organisations clearly', async () => {
    expect((await validate('acme', { answers: 'x' })).statusCode).toBe(400);
    expect((await validate('acme', { answers: {}, extra: 1 })).statusCode).toBe(400);
    const missing = await validate('nowhere', { answers: {} });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the form a save is checked against', () => {
  it('is compiled once for the same layers, and anew as soon as a layer read from the database changes', async () => {
    const acme = (await findOrganizationByKey(t.db, 'acme'))!;
    const welsh = await applicationForm(t.db, acme, { language: 'cy' });
    // A later request reads the rows again (new objects, same content): the same compiled form.
    expect(await applicationForm(t.db, (await findOrganizationByKey(t.db, 'acme'))!, { language: 'cy' })).toBe(welsh);
    expect(await applicationForm(t.db, acme)).not.toBe(welsh);

    const title = (form: CompiledForm) => form.steps[0]!.title;
    await sql`update translations set configuration = jsonb_set(configuration, '{text,step.aboutYou.title}', '"Amdanoch chi (newydd)"')
      where organization_id = ${acme.id} and language_code = 'cy'`.execute(t.db);
    const changed = await applicationForm(t.db, acme, { language: 'cy' });
    expect(changed).not.toBe(welsh);
    expect(title(changed)).toBe('Amdanoch chi (newydd)');
    expect(title(welsh)).not.toBe('Amdanoch chi (newydd)');
  });
});
