import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compile,
  mergeConfigurations,
  mergeLayers,
  regionLayer,
  sectionProgress,
  stepStatuses,
  validateApplication,
  validateConfiguration,
  validateStep,
  type CompiledForm,
  compiledChecks,
} from '#engine';
import type { Configuration } from '#schemas/configuration';
import { CONTEXT, PRODUCT } from './support/arbitraries';
import { DEMO_ORGANIZATIONS, ORGANIZATIONS_ROOT } from './support/demo-organizations';
import { completeAcmeAnswers } from '../factories/answers';
import { demoLanguageLayer, productLayer, readLayer } from './support/demo-languages';

const organizations = DEMO_ORGANIZATIONS;

function translation(sub: string, language: string): Configuration | undefined {
  const file = join(ORGANIZATIONS_ROOT, sub, 'translations', `${language}.json`);
  return existsSync(file) ? readLayer(file) : undefined;
}

function formOf(sub: string, language = 'en'): CompiledForm {
  const org = organizations[sub]!;
  const configuration = mergeLayers({
    product: PRODUCT,
    region: regionLayer(org.countryBase),
    organizationDefault: org.defaultConfiguration as Configuration,
    organizationForm: org.formConfiguration as Configuration,
    language: language === 'en' ? undefined : demoLanguageLayer(sub, language),
  });
  return compile(configuration, { language, edition: org.edition, userType: 'CANDIDATE', today: '2026-11-21' });
}

const sectionsOf = (form: CompiledForm) => form.steps.flatMap((s) => s.sections.map((x) => x.id));
const fieldsOf = (form: CompiledForm) => form.steps.flatMap((s) => s.fieldIds);

describe('demo configurations', () => {
  for (const [sub, org] of Object.entries(organizations)) {
    it(`${sub}: every configuration layer and translation is valid`, () => {
      for (const layer of [org.defaultConfiguration, org.formConfiguration]) {
        const check = validateConfiguration(layer);
        expect(check.valid ? [] : check.problems).toEqual([]);
      }
      const knownCustomIds = ((org.formConfiguration as Configuration).custom ?? []).map((q) => q.id);
      for (const language of org.additionalLanguageSupport) {
        const layer = translation(sub, language.code);
        if (layer) expect(validateConfiguration(layer, { knownCustomIds }).valid).toBe(true);
      }
    });
  }

  it('differ visibly: lateral hides school sections, contextual adds CRS, acme asks custom questions', () => {
    expect(sectionsOf(formOf('hartley'))).not.toContain('secondaryEducation');
    expect(sectionsOf(formOf('hartley'))).not.toContain('sixthFormEducation');
    expect(fieldsOf(formOf('hartley'))).toEqual(expect.arrayContaining(['writingSample', 'noticePeriod', 'pqe']));
    expect(sectionsOf(formOf('northbridge'))).toContain('crsInformation');
    expect(sectionsOf(formOf('acme'))).not.toContain('crsInformation');
    expect(fieldsOf(formOf('acme'))).toEqual(expect.arrayContaining(['whyAcme', 'preferredOffice', 'heardAbout']));
    expect(sectionsOf(formOf('meridian'))).not.toContain('equalOpportunities');
    expect(fieldsOf(formOf('meridian'))).not.toContain('nationality');
  });

  it('acme in Welsh: translated titles and labels, the product’s translation under the organisation’s', () => {
    const form = formOf('acme', 'cy');
    expect(form.steps[0]!.title).toBe('Amdanoch chi');
    const personal = form.steps[0]!.sections[0]!;
    expect(personal.title).toBe('Gwybodaeth bersonol');
    expect(personal.fields.find((f) => f.id === 'firstName')!.label).toBe('Enw cyntaf');
    expect(form.steps[0]!.sections[1]!.fields.find((f) => f.id === 'permitType')!.label).toBe(
      productLayer('cy').text!['field.permitType.label'],
    );
    expect(form.steps.find((s) => s.id === 'questions')!.title).toBe(
      translation('acme', 'cy')!.text!['step.questions.title'],
    );
  });
});

const completeAcme = completeAcmeAnswers;

describe('acme application: accepted and rejected answers', () => {
  const form = formOf('acme');

  it('accepts a complete application', () => {
    expect(validateApplication(form, completeAcme, compiledChecks).errors).toEqual([]);
  });

  const rejected: Array<[string, Record<string, unknown>, Array<{ field: string; message: RegExp }>]> = [
    ['a missing first name', { firstName: undefined }, [{ field: 'firstName', message: /^Enter first name$/ }]],
    ['a blank last name', { lastName: '   ' }, [{ field: 'lastName', message: /^Enter last name$/ }]],
    [
      'an over-long first name',
      { firstName: 'a'.repeat(256) },
      [{ field: 'firstName', message: /255 characters or fewer/ }],
    ],
    ['a landline number', { mobile: '020 7946 0000' }, [{ field: 'mobile', message: /UK mobile number/ }]],
    ['an invalid email', { email: 'ada.example.com' }, [{ field: 'email', message: /correct format/ }]],
    ['an option not in the list', { gender: 'Robot' }, [{ field: 'gender', message: /^Select gender from the list$/ }]],
    [
      'a year outside the list',
      { secondarySchoolCompletedYear: 1900 },
      [{ field: 'secondarySchoolCompletedYear', message: /from the list/ }],
    ],
    ['no university', { universities: [] }, [{ field: 'universities', message: /^Add at least one university$/ }]],
    [
      'a university without a degree class',
      { universities: [{ ...completeAcme.universities[0], degreeClass: undefined }] },
      [{ field: 'universities.0.degreeClass', message: /^Select degree classification \(University 1\)$/ }],
    ],
    [
      'a percentage above 100',
      { universities: [{ ...completeAcme.universities[0], averagePercent: 101 }] },
      [{ field: 'universities.0.averagePercent', message: /from 0 to 100/ }],
    ],
    ['too many words', { whyAcme: 'word '.repeat(251) }, [{ field: 'whyAcme', message: /250 words or fewer/ }]],
    [
      'terms not accepted',
      { acceptTermAndConditions: false },
      [{ field: 'acceptTermAndConditions', message: /accept the terms/ }],
    ],
    [
      'an other ethnicity without the description',
      { ethnicitySpecify: undefined },
      [{ field: 'ethnicitySpecify', message: /^Describe your ethnic background$/ }],
    ],
    ['no CV', { cv: undefined }, [{ field: 'cv', message: /^Upload your CV$/ }]],
  ];

  for (const [name, change, expected] of rejected) {
    it(`rejects ${name}, naming the field`, () => {
      const result = validateApplication(form, { ...completeAcme, ...change }, compiledChecks);
      expect(result.valid).toBe(false);
      for (const e of expected) {
        const error = result.errors.find((x) => x.field === e.field);
        expect(error, JSON.stringify(result.errors)).toBeDefined();
        expect(error!.message).toMatch(e.message);
      }
    });
  }

  it('drops the answers of hidden and conditional fields instead of keeping them', () => {
    const result = validateApplication(
      form,
      {
        ...completeAcme,
        ethnicity: 'Irish',
        ethnicitySpecify: 'kept?',
        freeSchoolMeals: 'Yes',
      },
      compiledChecks,
    );
    expect(result.valid).toBe(true);
    expect(result.answers).not.toHaveProperty('ethnicitySpecify');
    expect(result.answers).not.toHaveProperty('freeSchoolMeals');
  });

  it('keeps a UK postcode normalised, however it was typed: upper case, one space before the inward code', () => {
    const typed = { ...completeAcme, postCode: ' cf103at ' };
    expect(validateStep(form, 'aboutYou', typed, compiledChecks).answers.postCode).toBe('CF10 3AT');
    expect(validateApplication(form, { ...typed, postCode: 'sw1a  1aa' }, compiledChecks).answers.postCode).toBe(
      'SW1A 1AA',
    );
  });

  it('validates one step on its own', () => {
    const result = validateStep(form, 'aboutYou', { firstName: 'Ada' }, compiledChecks);
    expect(result.errors.map((e) => e.field)).toEqual(['lastName', 'email', 'mobile', 'nationality', 'permitType']);
  });
});

describe('task-list statuses', () => {
  const form = formOf('acme');
  it('not started, in progress, completed and there is a problem', () => {
    expect(stepStatuses(form, {}, [], compiledChecks)['aboutYou']).toBe('notStarted');
    expect(stepStatuses(form, { firstName: 'Ada' }, [], compiledChecks)['aboutYou']).toBe('inProgress');
    expect(stepStatuses(form, completeAcme, ['aboutYou'], compiledChecks)['aboutYou']).toBe('completed');
    expect(stepStatuses(form, { ...completeAcme, email: 'nope' }, ['aboutYou'], compiledChecks)['aboutYou']).toBe(
      'problem',
    );
  });

  it('counts the sections done, wherever they are in the form: the one rule of the task list and /applications', () => {
    const total = form.steps.length;
    expect(sectionProgress(form, {}, [], compiledChecks)).toEqual({ completed: 0, total });
    // Sections a profile filled in count, though the first section is still open.
    expect(sectionProgress(form, completeAcme, ['education', 'declaration'], compiledChecks)).toEqual({
      completed: 2,
      total,
    });
    // A section continued past that no longer validates, or one that is not in the form, is not done.
    expect(sectionProgress(form, { ...completeAcme, email: 'nope' }, ['aboutYou', 'gone'], compiledChecks)).toEqual({
      completed: 0,
      total,
    });
  });
});

describe('error messages name a field by its short name, not by its question', () => {
  const missing = (form: CompiledForm, id: string, answers: Record<string, unknown> = completeAcme) =>
    validateApplication(form, { ...answers, [id]: undefined }, compiledChecks).errors.find((e) => e.field === id)
      ?.message;

  it('a question with a short name (text field.<id>.name, or a custom question’s name)', () => {
    const form = formOf('acme');
    expect(missing(form, 'whyAcme')).toBe('Enter your reasons for joining Acme Consulting');
    expect(missing(form, 'secondarySchoolCountry')).toBe('Select where the school was');
    // A label that is not a question names the field itself.
    expect(missing(form, 'lastName')).toBe('Enter last name');
  });

  it('in another language, its own short name: never the English one inside a Welsh sentence', () => {
    const english = formOf('acme').steps.flatMap((step) => step.sections.flatMap((section) => section.fields));
    const named = english.filter((field) => field.name && missing(formOf('acme'), field.id));
    expect(named.map((field) => field.id)).toEqual(expect.arrayContaining(['whyAcme', 'secondarySchoolCountry']));
    const welsh = formOf('acme', 'cy');
    for (const field of named) expect(missing(welsh, field.id)).not.toContain(field.name);
    expect(missing(welsh, 'whyAcme')).toBe('Rhowch eich rhesymau dros ymuno ag Acme Consulting');
    expect(missing(welsh, 'heardAbout')).toBe('Dewiswch eich ateb i “Sut glywsoch chi amdanom ni?”');
  });

  it('a custom question with no short name: "an answer to" the question', () => {
    const form = compile(
      mergeConfigurations(PRODUCT, {
        custom: [{ id: 'drive', type: 'text', label: 'What drives you?', maxLength: 5 }],
        required: { drive: true },
      }),
      CONTEXT,
    );
    const step = form.steps.find((s) => s.fieldIds.includes('drive'))!;
    const message = (answers: Record<string, unknown>) =>
      validateStep(form, step.id, answers, compiledChecks).errors.find((e) => e.field === 'drive')?.message;
    expect(message({})).toBe('Enter an answer to “What drives you?”');
    expect(message({ drive: 'ambition' })).toBe('Your answer to “What drives you?” must be 5 characters or fewer');
  });
});
