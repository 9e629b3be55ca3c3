import { describe, expect, it } from 'vitest';
import {
  answersView,
  candidatePanel,
  compile,
  formatAnswer,
  formatLongDate,
  listFieldProblems,
  mergeConfigurations,
} from '#engine';
import type { Configuration } from '#schemas/configuration';
import { completeAcmeAnswers } from '../factories/answers';
import { CONTEXT, PRODUCT } from './support/arbitraries';

const configuration: Configuration = mergeConfigurations(PRODUCT, {
  fields: { pronouns: false },
  custom: [
    { id: 'startDate', type: 'date', label: 'When could you start?' },
    { id: 'testScore', type: 'number', label: 'Test score' },
  ],
});
const form = compile(configuration, CONTEXT);

describe('check-answers model', () => {
  const sections = answersView(form, { ...completeAcmeAnswers, startDate: '2027-09-01', testScore: 7.25 });

  it('lists every visible field with its formatted answer and the step to change it on', () => {
    const personal = sections.find((s) => s.id === 'personalInformation')!;
    expect(personal.stepId).toBe('aboutYou');
    expect(personal.rows.find((r) => r.fieldId === 'firstName')).toMatchObject({
      label: 'First name',
      value: 'Ada',
      path: 'firstName',
    });
    expect(personal.rows.find((r) => r.fieldId === 'preferredName')!.value).toBe('Not answered');
    const questions = sections.find((s) => s.id === 'additionalQuestions')!;
    expect(questions.rows.find((r) => r.fieldId === 'startDate')!.value).toBe('1 September 2027');
    expect(questions.rows.find((r) => r.fieldId === 'testScore')!.value).toBe('7.3');
  });

  it('appends the ethnicity description for an other option and leaves hidden fields out', () => {
    const diversity = sections.find((s) => s.id === 'equalOpportunities')!;
    expect(diversity.rows.find((r) => r.fieldId === 'ethnicity')!.value).toBe('Any other White background (Polish)');
    expect(diversity.rows.some((r) => r.fieldId === 'ethnicitySpecify' || r.fieldId === 'pronouns')).toBe(false);
  });

  it('shows each repeatable item as its own group', () => {
    const universities = sections.find((s) => s.id === 'universityEducation')!;
    expect(universities.groups).toHaveLength(1);
    expect(universities.groups[0]!.title).toBe('University 1');
    expect(universities.groups[0]!.rows.find((r) => r.fieldId === 'averagePercent')).toMatchObject({
      value: '72.5%',
      path: 'universities.0.averagePercent',
    });
  });
});

describe('hiring-side candidate panel from a role viewConfiguration', () => {
  it('uses the same labels and formats as the form, and skips hidden or unknown fields', () => {
    const rows = candidatePanel(
      form,
      [
        { id: 'firstName', candidateResponse: false },
        { id: 'startDate', candidateResponse: true },
        { id: 'testScore', candidateResponse: true },
        { id: 'pronouns', candidateResponse: false },
        { id: 'noSuchField', candidateResponse: true },
        { id: 'universities', candidateResponse: true },
      ],
      {
        application: { startDate: '2027-09-01', testScore: 4, universities: completeAcmeAnswers.universities },
        profile: { firstName: 'Ada' },
      },
    );
    expect(rows).toEqual([
      { id: 'firstName', label: 'First name', value: 'Ada', source: 'profile' },
      { id: 'startDate', label: 'When could you start?', value: '1 September 2027', source: 'application' },
      { id: 'testScore', label: 'Test score', value: '4', source: 'application' },
      {
        id: 'universities',
        label: 'Universities',
        value: expect.stringContaining('University of Leeds'),
        source: 'application',
      },
    ]);
  });

  it('never shows equal-opportunities answers to screeners, and calls listing them a problem (decision 0049)', () => {
    const monitoring = ['gender', 'ethnicity', 'sexuality', 'religion', 'disability', 'veteran'];
    const listFields = [...monitoring, 'firstName'].map((id) => ({ id, candidateResponse: true }));
    const answers = { gender: 'Woman', ethnicity: 'Indian', disability: 'No', firstName: 'Ada' };
    expect(candidatePanel(form, listFields, { application: answers, profile: answers }).map((r) => r.id)).toEqual([
      'firstName',
    ]);
    expect(listFieldProblems(listFields, []).map((p) => p.path)).toEqual(
      monitoring.map((_id, j) => `/viewConfiguration/listFields/${j}/id`),
    );
  });

  it('formats epoch-second dates and yes/no answers', () => {
    expect(formatLongDate(1_800_000_000)).toBe('15 January 2027');
    const yesNo = form.steps.flatMap((s) => s.sections.flatMap((x) => x.fields)).find((f) => f.id === 'acceptRare')!;
    expect(formatAnswer(yesNo, true)).toBe('Yes');
    expect(formatAnswer(yesNo, false)).toBe('No');
  });
});
