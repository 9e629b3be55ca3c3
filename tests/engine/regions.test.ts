import { describe, expect, it } from 'vitest';
import {
  compile,
  formFields,
  listOptions,
  mergeConfigurations,
  mergeLayers,
  regionLayer,
  validateConfiguration,
  normaliseAnswers,
  validateStep,
  type CompiledField,
  type CompiledForm,
  type ListType,
  compiledChecks,
} from '#engine';
import type { Configuration } from '#schemas/configuration';
import { REGIONS } from '#schemas/organization';
import { CONTEXT, PRODUCT } from './support/arbitraries';
import { DEMO_ORGANIZATIONS } from './support/demo-organizations';

/*
 * Issue 21, regional defaults (decision 0034): a region layer by the organisation's countryBase sits between the
 * product default and the organisation, so an Australian bank is not asked UK questions.
 */

const organizations = DEMO_ORGANIZATIONS;

function formOf(sub: string, extra?: Configuration): CompiledForm {
  const org = organizations[sub]!;
  const configuration = mergeLayers({
    product: PRODUCT,
    region: regionLayer(org.countryBase),
    organizationDefault: org.defaultConfiguration,
    organizationForm: mergeConfigurations(org.formConfiguration, extra),
  });
  return compile(configuration, { ...CONTEXT, edition: org.edition });
}

/** Everything a candidate reads on the form: titles, descriptions, labels, hints and each option (bar the world's
 * countries). */
function wordsOf(form: CompiledForm): string[] {
  const ofField = (field: CompiledField): string[] => [
    field.label,
    field.hint ?? '',
    field.requiredMessage ?? '',
    ...(field.list === 'COUNTRY' ? [] : (field.options ?? []).map(String)),
    ...(field.items ?? []).flatMap(ofField),
  ];
  return form.steps.flatMap((step) => [
    step.title,
    ...step.sections.flatMap((section) => [
      section.title,
      section.description ?? '',
      ...section.fields.flatMap(ofField),
    ]),
  ]);
}

/** What only a UK form says: its countries, nationality words, visas, exams and example numbers. */
const UK_ONLY =
  /\bUK\b|United Kingdom|Brit|England|Scotland|(?<!New South )Wales|Northern Ireland|GCSE|A level|Sixth form|sixth form|SW1A|07700|\+44|EU Settlement|Skilled Worker|Indefinite leave|2:1|2:2/;

const field = (form: CompiledForm, id: string) => formFields(form).find((f) => f.id === id)!;

describe('region layers (decision 0034)', () => {
  it('northbridge (OZ): the compiled form asks no UK-only question, option or example', () => {
    const form = formOf('northbridge');
    const uk = wordsOf(form).filter((words) => UK_ONLY.test(words));
    expect(uk).toEqual([]);
    expect(field(form, 'permitType').options).toContain('Australian citizen');
    expect(field(form, 'sixthFormQualificationType').options).toEqual(
      expect.arrayContaining([expect.stringMatching(/ATAR/)]),
    );
  });

  it('northbridge (OZ): an Australian mobile and a 4-digit postcode, not the UK ones', () => {
    const form = formOf('northbridge');
    const errors = (answers: Record<string, unknown>) =>
      validateStep(form, 'aboutYou', answers, compiledChecks).errors.filter(
        (e) => e.field === 'mobile' || e.field === 'postCode',
      );
    expect(errors({ mobile: '0412 345 678', postCode: '2000' })).toEqual([]);
    expect(errors({ mobile: '+61 412 345 678', postCode: ' 3000 ' })).toEqual([]);
    expect(errors({ mobile: '07700 900 982', postCode: 'SW1A 1AA' })).toEqual([
      { field: 'mobile', message: 'Enter an Australian mobile number, like 0412 345 678 or +61 412 345 678' },
      { field: 'postCode', message: 'Enter a 4-digit postcode, like 2000' },
    ]);
  });

  it('hartley (HK) asks for a Hong Kong mobile and no postcode; meridian (GCC) for a number with its country code', () => {
    const hartley = formOf('hartley');
    expect(formFields(hartley).map((f) => f.id)).not.toContain('postCode');
    expect(
      validateStep(hartley, 'aboutYou', { mobile: '5123 4567' }, compiledChecks).errors.map((e) => e.field),
    ).not.toContain('mobile');
    expect(validateStep(hartley, 'aboutYou', { mobile: '07700 900982' }, compiledChecks).errors).toContainEqual({
      field: 'mobile',
      message: 'Enter a Hong Kong mobile number, like 5123 4567 or +852 5123 4567',
    });
    const meridian = formOf('meridian');
    expect(
      validateStep(meridian, 'aboutYou', { mobile: '+971 50 123 4567' }, compiledChecks).errors.map((e) => e.field),
    ).not.toContain('mobile');
    expect(wordsOf(meridian).filter((words) => UK_ONLY.test(words))).toEqual([]);
  });

  it('an organisation of another region (OTHER) is asked international questions: a number with its country code', () => {
    const form = compile(mergeLayers({ product: PRODUCT, region: regionLayer('OTHER') }), CONTEXT);
    expect(wordsOf(form).filter((words) => UK_ONLY.test(words))).toEqual([]);
    const fieldsAtFault = (answers: Record<string, unknown>) =>
      validateStep(form, 'aboutYou', answers, compiledChecks)
        .errors.filter((e) => e.field === 'mobile' || e.field === 'postCode')
        .map((e) => e.message);
    expect(fieldsAtFault({ mobile: '+1 202 555 0123', postCode: '10001' })).toEqual([]);
    expect(fieldsAtFault({ mobile: '202 555 0123', postCode: '#10001' })).toEqual([
      'Enter your phone number with its country code, like +971 50 123 4567',
      'Enter a postcode of up to 10 letters and digits',
    ]);
  });

  it('UK organisations keep the product default: acme’s form is the same with or without its region layer', () => {
    const org = organizations['acme']!;
    const without = mergeLayers({
      product: PRODUCT,
      organizationDefault: org.defaultConfiguration,
      organizationForm: org.formConfiguration,
    });
    const { key: _a, ...withRegion } = formOf('acme');
    const { key: _b, ...withoutRegion } = compile(without, CONTEXT);
    expect(withRegion).toEqual(withoutRegion);
  });

  it('an organisation still overrides its region: its own list, format and wording win', () => {
    const form = formOf('northbridge', {
      lists: { permitType: 'PERMIT_TYPE' },
      formats: { mobile: 'international-phone' },
      text: { 'field.mobile.label': 'Your mobile' },
    });
    expect(field(form, 'permitType').options).toEqual(listOptions('PERMIT_TYPE'));
    expect(field(form, 'mobile').label).toBe('Your mobile');
    expect(
      validateStep(form, 'aboutYou', { mobile: '+44 7700 900982' }, compiledChecks).errors.map((e) => e.field),
    ).not.toContain('mobile');
  });

  for (const region of REGIONS)
    it(`configs/regions/${region}.json is a valid layer over the product default`, () => {
      const check = validateConfiguration(regionLayer(region), { beneath: PRODUCT });
      expect(check.valid ? [] : check.problems).toEqual([]);
    });

  it('a layer naming an unknown list, a field without a list or a format its field cannot take is refused', () => {
    const check = validateConfiguration({
      lists: { permitType: 'NO_SUCH_LIST', firstName: 'GENDER' },
      formats: { mobile: 'au-postcode', email: 'au-mobile' },
    });
    expect(check.valid ? [] : check.problems.map((p) => p.path)).toEqual([
      '/lists/permitType',
      '/lists/firstName',
      '/formats/mobile',
      '/formats/email',
    ]);
  });
});

describe('each demo organisation’s form follows its region’s layer', () => {
  for (const [sub, org] of Object.entries(organizations)) {
    it(`${sub} (${org.countryBase})`, () => {
      const region = regionLayer(org.countryBase);
      const own = mergeConfigurations(org.defaultConfiguration, org.formConfiguration);
      const form = formOf(sub);
      const fields = new Map(formFields(form).map((f) => [f.id, f]));
      for (const [id, list] of Object.entries(region.lists ?? {}))
        if (fields.has(id) && !own.lists?.[id])
          expect(fields.get(id)!.options, id).toEqual(listOptions(list as ListType));
      for (const [id, format] of Object.entries(region.formats ?? {}))
        if (fields.has(id) && !own.formats?.[id]) expect(fields.get(id)!.format, id).toBe(format);
      for (const [key, text] of Object.entries(region.text ?? {})) {
        const [kind, id, part] = key.split('.');
        const shown = fields.get(id!);
        if (kind !== 'field' || !shown || own.text?.[key] !== undefined) continue;
        if (part === 'label') expect(shown.label, key).toBe(text);
        if (part === 'hint') expect(shown.hint, key).toBe(text);
      }
      for (const id of Object.keys(region.fields ?? {}).filter((id) => region.fields![id] === false))
        if (own.fields?.[id] === undefined) expect(fields.has(id), id).toBe(false);
    });
  }
});

describe('postcodes are kept as the region writes them', () => {
  it('a UK postcode is normalised, an Australian one is kept as typed', () => {
    const acme = formOf('acme');
    const northbridge = formOf('northbridge');
    const keptPostCode = (form: CompiledForm, postCode: string) =>
      normaliseAnswers(formFields(form), { postCode }).postCode;
    expect(keptPostCode(acme, 'cf10 3at')).toBe('CF10 3AT');
    expect(keptPostCode(northbridge, ' 2000')).toBe(' 2000');
  });
});
