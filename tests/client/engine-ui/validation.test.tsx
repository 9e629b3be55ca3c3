import { describe, expect, it } from 'vitest';
import { validateStep } from '#engine/forms/validate';
import { compiledChecks } from '#engine/validation/ajv';
import { stepValidator } from '../precompiled-validators';
import { validateStepAnswers, mergeStepAnswers } from '#client/engine-ui/validation';
import { acmeForm, completeAcme, stepOf } from './support';

const form = acmeForm();
const university = completeAcme.universities[0]!;

/** [step, answers, valid?]: accepted and rejected cases, as in the engine's table tests. */
const cases: Array<[string, string, Record<string, unknown>, boolean]> = [
  ['aboutYou', 'a complete step', completeAcme, true],
  ['aboutYou', 'nothing at all', {}, false],
  ['aboutYou', 'a blank last name', { ...completeAcme, lastName: '   ' }, false],
  ['aboutYou', 'an over-long first name', { ...completeAcme, firstName: 'a'.repeat(256) }, false],
  ['aboutYou', 'a landline number', { ...completeAcme, mobile: '020 7946 0000' }, false],
  ['aboutYou', 'an invalid email', { ...completeAcme, email: 'ada.example.com' }, false],
  ['aboutYou', 'an invalid post code', { ...completeAcme, postCode: 'NOT A CODE' }, false],
  [
    'aboutYou',
    'a post code as typed (kept normalised, as the engine keeps it)',
    { ...completeAcme, postCode: 'cf10 3at' },
    true,
  ],
  ['aboutYou', 'a nationality not in the list', { ...completeAcme, nationality: 'Atlantis' }, false],
  ['aboutYou', '"Other" right to work without a description', { ...completeAcme, permitType: 'Other' }, false],
  [
    'aboutYou',
    '"Other" right to work with a description',
    { ...completeAcme, permitType: 'Other', otherPermit: 'Refugee status' },
    true,
  ],
  ['aboutYou', 'a hidden, over-long description (pruned)', { ...completeAcme, otherPermit: 'x'.repeat(300) }, true],
  ['education', 'a complete step', completeAcme, true],
  ['education', 'no university', { ...completeAcme, universities: [] }, false],
  [
    'education',
    'a university without a degree class',
    { ...completeAcme, universities: [{ ...university, degreeClass: undefined }] },
    false,
  ],
  [
    'education',
    'a percentage above 100',
    { ...completeAcme, universities: [{ ...university, averagePercent: 101 }] },
    false,
  ],
  [
    'education',
    'a percentage as text',
    { ...completeAcme, universities: [{ ...university, averagePercent: 'abc' }] },
    false,
  ],
  ['education', 'a year outside the list', { ...completeAcme, secondarySchoolCompletedYear: 1900 }, false],
  [
    'education',
    'six universities',
    { ...completeAcme, universities: Array.from({ length: 6 }, () => university) },
    false,
  ],
  ['diversity', 'an "other" ethnicity without detail', { ...completeAcme, ethnicitySpecify: undefined }, false],
  [
    'diversity',
    'a health condition twice',
    { ...completeAcme, healthCondition: ['Deaf or hard of hearing', 'Deaf or hard of hearing'] },
    false,
  ],
  ['documents', 'no CV', { ...completeAcme, cv: undefined }, false],
  ['documents', 'a CV reference without a name', { ...completeAcme, cv: { id: 'doc-1' } }, false],
  ['questions', 'too many words', { ...completeAcme, whyAcme: 'word '.repeat(251) }, false],
  ['questions', 'exactly the word limit', { ...completeAcme, whyAcme: 'word '.repeat(250) }, true],
  ['declaration', 'terms not accepted', { ...completeAcme, acceptTermAndConditions: false }, false],
  ['declaration', 'terms missing', { ...completeAcme, acceptTermAndConditions: undefined }, false],
  ['declaration', 'terms accepted', completeAcme, true],
];

describe('the client validator accepts and rejects exactly what the engine does', () => {
  for (const [stepId, name, answers, valid] of cases) {
    it(`${stepId}: ${name}`, () => {
      const step = stepOf(form, stepId);
      const engine = validateStep(form, stepId, answers, compiledChecks);
      const client = validateStepAnswers(stepValidator(form, step.schema), step, answers);
      expect(engine.valid).toBe(valid);
      expect(client.valid).toBe(engine.valid);
      const byField = (errors: { field: string; message: string }[]) =>
        [...errors].sort((a, b) => a.field.localeCompare(b.field));
      expect(byField(client.errors)).toEqual(byField(engine.errors));
      expect(client.answers).toEqual(JSON.parse(JSON.stringify(engine.answers)));
    });
  }

  it('orders errors as the questions are asked, items in order', () => {
    const step = stepOf(form, 'education');
    const answers = { universities: [{ universityType: 'Undergraduate' }, {}] };
    const fields = validateStepAnswers(stepValidator(form, step.schema), step, answers).errors.map((e) => e.field);
    expect(fields.slice(0, 3)).toEqual(['secondarySchool', 'secondarySchoolCountry', 'secondarySchoolType']);
    expect(fields.indexOf('universities.0.universityName')).toBeLessThan(
      fields.indexOf('universities.1.universityType'),
    );
    expect(fields.indexOf('universities.1.universityType')).toBeLessThan(
      fields.indexOf('universities.1.universityName'),
    );
  });

  it('merges a saved step into the application, dropping its cleared answers', () => {
    const step = stepOf(form, 'aboutYou');
    const merged = mergeStepAnswers(step, { ...completeAcme, otherPermit: 'old' }, { firstName: 'Grace' });
    expect(merged.firstName).toBe('Grace');
    expect(merged).not.toHaveProperty('lastName');
    expect(merged).not.toHaveProperty('otherPermit');
    expect(merged.cv).toEqual(completeAcme.cv);
  });
});
