import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answersView,
  candidatePanel,
  CATALOGUE,
  compile,
  compileProfile,
  formatAnswer,
  formFields,
  isFieldShown,
  isRequired,
  isVisible,
  listFieldProblems,
  mergeConfigurations,
  sealConfiguration,
  validateApplication,
  validateConfiguration,
  validateStep,
  type Answers,
  type CompiledField,
  type CompiledForm,
  compiledChecks,
} from '#engine';
import type { Configuration } from '#schemas/configuration';
import { CONTEXT, PRODUCT } from './support/arbitraries';
import {
  brokenLayer,
  FIELD_IDS,
  hostileLayer,
  ITEM_FIELD_IDS,
  listFieldsOf,
  PROTOTYPE_NAMES,
  wrongShapeAnswers,
} from './support/hostile';

const CUSTOM_SECTION = 'additionalQuestions';
const NATIVE = '[native code]';

/** Ajv compiles a validator per new form: the properties below take seconds on a busy 2-core machine. */
const SLOW = { timeout: 30_000 };

/** The layer over the product default, when the engine accepts it. */
function accepted(layer: Configuration): Configuration | undefined {
  const check = validateConfiguration(layer, { beneath: PRODUCT });
  return check.valid ? mergeConfigurations(PRODUCT, layer) : undefined;
}

/** A valid answer to a compiled question; `variant` picks among its options. */
function validAnswer(field: CompiledField, variant = 0): unknown {
  const pick = (options: readonly (string | number)[] | undefined) => options?.[variant % options.length];
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'typeahead':
      return variant === 0 ? 'x' : `x${variant}`;
    case 'email':
      return 'a@example.com';
    case 'phone':
      return '07700900982';
    case 'postCode':
      return 'SW1A 1AA';
    case 'select':
    case 'radio':
    case 'year':
      return pick(field.options);
    case 'checkboxes':
      return [pick(field.options)];
    case 'yesno':
    case 'consent':
      return true;
    case 'date':
      return '2000-01-01';
    case 'number':
      return field.minimum ?? field.maximum ?? 0;
    case 'percent':
      return 50;
    case 'file':
      return { id: 'f1', name: 'cv.pdf' };
    case 'group':
      return [itemAnswer(field, variant)];
  }
}

function itemAnswer(group: CompiledField, variant: number): Answers {
  return Object.fromEntries((group.items ?? []).map((item) => [item.id, validAnswer(item, variant)]));
}

/** Answers every question the form shows: first the unconditional ones, then those their answers show. */
function answersFor(form: CompiledForm): Answers {
  const fields = formFields(form);
  const answers: Answers = {};
  for (const field of fields) if (!field.showIf) answers[field.id] = validAnswer(field);
  for (const field of fields) if (field.showIf && isFieldShown(field, answers)) answers[field.id] = validAnswer(field);
  return answers;
}

interface Question {
  id: string;
  section: string;
  conditional: boolean;
  items?: readonly string[];
}

/** The top-level questions of a merged configuration: the catalogue's, then its custom questions. */
function questionsOf(c: Configuration): Question[] {
  return [
    ...CATALOGUE.map((f) => ({
      id: f.id,
      section: f.section,
      conditional: f.showIf !== undefined,
      items: f.items?.map((i) => i.id),
    })),
    ...(c.custom ?? []).map((q) => ({ id: q.id, section: q.section ?? CUSTOM_SECTION, conditional: false })),
  ];
}

/** Shown by the configuration: itself, its section, and (for a group) at least one of its item questions. */
function shown(c: Configuration, q: Question): boolean {
  return (
    isVisible(c, 'fields', q.id) &&
    isVisible(c, 'subsections', q.section) &&
    (!q.items || q.items.some((id) => isVisible(c, 'fields', id)))
  );
}

/** Sections with a question to ask (a conditional question needs its controlling question, in the same section). */
function sectionsWithQuestions(c: Configuration): Set<string> {
  return new Set(
    questionsOf(c)
      .filter((q) => !q.conditional && shown(c, q))
      .map((q) => q.section),
  );
}

function requiredQuestions(c: Configuration): string[] {
  return questionsOf(c)
    .filter((q) => !q.conditional && shown(c, q) && isRequired(c, q.id))
    .map((q) => q.id);
}

function allFields(fields: readonly CompiledField[]): CompiledField[] {
  return fields.flatMap((f) => [f, ...allFields(f.items ?? [])]);
}

/** Every text the form shows about itself: step, section and question titles. */
function formTexts(form: CompiledForm): string[] {
  return form.steps.flatMap((step) => [
    step.title,
    ...step.sections.flatMap((section) => [
      section.title,
      ...allFields(section.fields).flatMap((f) => [f.label, ...(f.itemLabel === undefined ? [] : [f.itemLabel])]),
    ]),
  ]);
}

function customIds(c: Configuration): string[] {
  return (c.custom ?? []).map((q) => q.id);
}

const laterDuplicates = (values: readonly string[]) => values.flatMap((v, j) => (values.indexOf(v) < j ? [j] : []));

/** Where the engine must report what is wrong with a layer: each entry lists the paths that would do. */
function expectedProblems(layer: Configuration): Array<{ why: string; paths: string[] }> {
  const expected: Array<{ why: string; paths: string[] }> = [];
  (layer.custom ?? []).forEach((q, i) => {
    if ((PROTOTYPE_NAMES as readonly string[]).includes(q.id))
      expected.push({ why: `custom id '${q.id}'`, paths: [`/custom/${i}/id`] });
    const twice = q.type === 'select' || q.type === 'radio' || q.type === 'checkboxes' ? q.options : undefined;
    const later = laterDuplicates(twice ?? []);
    if (later.length > 0)
      expected.push({
        why: `options ${JSON.stringify(q.options)}`,
        paths: later.map((j) => `/custom/${i}/options/${j}`),
      });
    if (q.type === 'number' && q.minimum !== undefined && q.maximum !== undefined && q.minimum > q.maximum)
      expected.push({ why: `minimum ${q.minimum} > maximum ${q.maximum}`, paths: [`/custom/${i}/minimum`] });
  });
  const profile = laterDuplicates(layer.views?.profile ?? []);
  if (profile.length > 0)
    expected.push({ why: 'a section twice in views.profile', paths: profile.map((i) => `/views/profile/${i}`) });
  const steps = layer.views?.application;
  if (steps) {
    const placed = new Set(steps.flatMap((step) => step.sections));
    const left = [...sectionsWithQuestions(mergeConfigurations(PRODUCT, layer))].filter((s) => !placed.has(s));
    if (left.length > 0)
      expected.push({ why: `views.application leaves out ${left.join(', ')}`, paths: ['/views/application'] });
  }
  return expected;
}

/**
 * RFC 6901: the pointer walks to a location of the document, or names one missing property of an object there
 * (an unknown or a missing key). `~1` is `/` and `~0` is `~`; any other `~` is not a pointer.
 */
function pointsInto(document: unknown, path: string): boolean {
  if (path === '') return true;
  if (!path.startsWith('/')) return false;
  const raw = path.slice(1).split('/');
  if (raw.some((token) => /~(?![01])/.test(token))) return false;
  const tokens = raw.map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  let here: unknown = document;
  for (const [i, token] of tokens.entries()) {
    if (here === null || typeof here !== 'object') return false;
    if (!Object.prototype.hasOwnProperty.call(here, token)) return i === tokens.length - 1 && !Array.isArray(here);
    here = (here as Record<string, unknown>)[token];
  }
  return true;
}

describe('hostile but schema-valid configuration layers', SLOW, () => {
  it('validateConfiguration never throws; an accepted layer compiles, with real texts', () => {
    fc.assert(
      fc.property(hostileLayer, (layer) => {
        const check = validateConfiguration(layer, { beneath: PRODUCT });
        if (!check.valid) return;
        const merged = mergeConfigurations(PRODUCT, layer);
        const form = compile(merged, CONTEXT);
        const profile = compileProfile(merged, CONTEXT);
        for (const text of [...formTexts(form), ...formTexts(profile)]) {
          expect(typeof text).toBe('string');
          expect(text.length).toBeGreaterThan(0);
          expect(text).not.toContain(NATIVE);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('every accepted configuration is answerable', () => {
    fc.assert(
      fc.property(hostileLayer, (layer) => {
        const merged = accepted(layer);
        if (!merged) return;
        const form = compile(merged, CONTEXT);
        const answers = answersFor(form);
        const result = validateApplication(form, answers, compiledChecks);
        expect(result.valid, `${JSON.stringify(result.errors)} for ${JSON.stringify(answers)}`).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('every visible required question of an accepted configuration is asked on some step', () => {
    fc.assert(
      fc.property(hostileLayer, (layer) => {
        const merged = accepted(layer);
        if (!merged) return;
        const asked = new Set(formFields(compile(merged, CONTEXT)).map((f) => f.id));
        const missing = requiredQuestions(merged).filter((id) => !asked.has(id));
        expect(missing, `steps ${JSON.stringify(merged.views?.application)}`).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('empty answers: an error for each required question, none reading like code', () => {
    fc.assert(
      fc.property(hostileLayer, (layer) => {
        const merged = accepted(layer);
        if (!merged) return;
        const form = compile(merged, CONTEXT);
        const { errors } = validateApplication(form, {}, compiledChecks);
        const required = formFields(form).filter((f) => f.required && !f.showIf);
        for (const field of required) expect(errors.map((e) => e.field)).toContain(field.id);
        for (const { message } of errors) {
          expect(message).not.toContain('function');
          expect(message).not.toContain(NATIVE);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('answers of the wrong shape are validated and shown without throwing or showing code', () => {
    const layerAndAnswers = hostileLayer.chain((layer) =>
      fc.tuple(
        fc.constant(layer),
        wrongShapeAnswers([...FIELD_IDS, ...customIds(layer)]),
        listFieldsOf(customIds(layer)),
      ),
    );
    fc.assert(
      fc.property(layerAndAnswers, ([layer, answers, listFields]) => {
        const merged = accepted(layer);
        if (!merged) return;
        const form = compile(merged, CONTEXT);
        const said: string[] = [];
        said.push(...validateApplication(form, answers, compiledChecks).errors.map((e) => e.message));
        for (const step of form.steps)
          said.push(...validateStep(form, step.id, answers, compiledChecks).errors.map((e) => e.message));
        for (const section of answersView(form, answers)) {
          said.push(...section.rows.map((row) => row.value));
          said.push(...section.groups.flatMap((group) => [group.title, ...group.rows.map((row) => row.value)]));
        }
        // The generated listFields, then every question of the form and every item question.
        const everyQuestion = [...formFields(form).map((f) => f.id), ...ITEM_FIELD_IDS].map((id) => ({
          id,
          candidateResponse: true,
        }));
        for (const entries of [listFields, everyQuestion])
          said.push(...candidatePanel(form, entries, { application: answers, profile: answers }).map((r) => r.value));
        for (const text of said) {
          expect(typeof text).toBe('string');
          expect(text).not.toContain(NATIVE);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('what the engine refuses, and where it says so', SLOW, () => {
  it('prototype-name ids, duplicate options, minimum > maximum, a profile section twice, an unplaced section', () => {
    fc.assert(
      fc.property(hostileLayer, (layer) => {
        const expected = expectedProblems(layer);
        if (expected.length === 0) return;
        const check = validateConfiguration(layer, { beneath: PRODUCT });
        expect(check.valid, `expected: ${expected.map((e) => e.why).join('; ')}`).toBe(false);
        if (check.valid) return;
        const paths = check.problems.map((p) => p.path);
        for (const { why, paths: wanted } of expected)
          expect(
            wanted.some((path) => paths.includes(path)),
            `${why}: wanted one of ${wanted.join(', ')}, got ${paths.join(', ')}`,
          ).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('problem paths are JSON Pointers (RFC 6901) into the layer', () => {
    const aFlag = validateConfiguration({ fields: { 'a/b': false } }, { beneath: PRODUCT });
    expect(aFlag.valid ? [] : aFlag.problems.map((p) => p.path)).toContain('/fields/a~1b');
    const aTilde = validateConfiguration({ text: {}, fields: { '~x': true } }, { beneath: PRODUCT });
    expect(aTilde.valid ? [] : aTilde.problems.map((p) => p.path)).toContain('/fields/~0x');
    fc.assert(
      fc.property(fc.oneof(hostileLayer, brokenLayer), (layer) => {
        const check = validateConfiguration(layer, { beneath: PRODUCT });
        if (check.valid) return;
        for (const { path } of check.problems)
          expect(pointsInto(layer, path), `${path} in ${JSON.stringify(layer)}`).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

/** Equal-opportunities answers: never on the panel, and refused in listFields (decision 0049). */
const MONITORING_IDS = new Set(CATALOGUE.filter((f) => f.section === 'equalOpportunities').map((f) => f.id));

describe('listFields of the candidate panel', SLOW, () => {
  it('listFieldProblems accepts exactly what candidatePanel can show; a group question shows every item', () => {
    const cases = hostileLayer.chain((layer) =>
      fc.tuple(
        fc.constant(layer),
        listFieldsOf(customIds(layer)),
        fc.array(fc.nat({ max: 20 }), { minLength: 1, maxLength: 3 }),
      ),
    );
    fc.assert(
      fc.property(cases, ([layer, listFields, variants]) => {
        const merged = accepted(layer);
        if (!merged) return;
        const form = compile(merged, CONTEXT);
        const fields = formFields(form);
        const answers = answersFor(form);
        const universities = fields.find((f) => f.id === 'universities');
        if (universities) answers.universities = variants.map((v) => itemAnswer(universities, v));
        const refused = new Set(
          listFieldProblems(listFields, customIds(merged)).map((p) => {
            const match = /^\/viewConfiguration\/listFields\/(\d+)\/id$/.exec(p.path);
            expect(match, p.path).not.toBeNull();
            return Number(match![1]);
          }),
        );
        listFields.forEach((entry, j) => {
          const known =
            !MONITORING_IDS.has(entry.id) && (FIELD_IDS.includes(entry.id) || customIds(merged).includes(entry.id));
          expect(refused.has(j), `'${entry.id}'`).toBe(!known);
          const topLevel = fields.find((f) => f.id === entry.id);
          const group = fields.find((f) => f.items?.some((i) => i.id === entry.id));
          const rows = candidatePanel(form, [entry], { application: answers, profile: answers });
          expect(rows.length, `rows for '${entry.id}'`).toBe(!refused.has(j) && (topLevel || group) ? 1 : 0);
          const item = group?.items?.find((i) => i.id === entry.id);
          if (!topLevel && group && item) {
            const items = answers[group.id] as Answers[];
            const value = items.map((answer) => formatAnswer(item, answer[item.id], answer)).join('; ');
            expect(rows[0]!.value).toBe(value);
          }
        });
      }),
      { numRuns: 100 },
    );
  });

  it('an item question such as degreeSubject shows each university, joined by "; "', () => {
    const form = compile(PRODUCT, CONTEXT);
    const universities = [
      { degreeSubject: 'Maths', degreeClass: 'First-class honours' },
      { degreeSubject: 'History', degreeClass: 'Pass' },
    ];
    const listFields = [
      { id: 'degreeSubject', candidateResponse: true },
      { id: 'degreeClass', candidateResponse: true },
    ];
    const rows = candidatePanel(form, listFields, { application: { universities }, profile: {} });
    expect(rows.map((r) => [r.id, r.value])).toEqual([
      ['degreeSubject', 'Maths; History'],
      ['degreeClass', 'First-class honours; Pass'],
    ]);
  });
});

describe('the compile cache', () => {
  const visibleIds = formFields(compile(PRODUCT, CONTEXT)).map((f) => f.id);

  it('a configuration changed in place compiles to the changed form', () => {
    fc.assert(
      fc.property(fc.constantFrom(...visibleIds), fc.constantFrom('Your answer', 'Another label'), (id, label) => {
        const c = mergeConfigurations(PRODUCT, {});
        expect(formFields(compile(c, CONTEXT)).map((f) => f.id)).toContain(id);
        c.text![`field.${id}.label`] = label;
        expect(formFields(compile(c, CONTEXT)).find((f) => f.id === id)?.label).toBe(label);
        c.fields = { ...c.fields, [id]: false };
        expect(formFields(compile(c, CONTEXT)).map((f) => f.id)).not.toContain(id);
      }),
      { numRuns: 20 },
    );
  });

  it('sealConfiguration: a deep-frozen copy, compiled to the same form object every time', () => {
    const isDeepFrozen = (value: unknown): boolean =>
      value === null ||
      typeof value !== 'object' ||
      (Object.isFrozen(value) && Object.values(value).every(isDeepFrozen));
    const c = mergeConfigurations(PRODUCT, { custom: [{ id: 'qWhy', type: 'text', label: 'Why us?' }] });
    const sealed = sealConfiguration(c);
    expect(sealed).not.toBe(c);
    expect(sealed).toEqual(c);
    expect(isDeepFrozen(sealed)).toBe(true);
    expect(Object.isFrozen(c)).toBe(false);
    const form = compile(sealed, CONTEXT);
    expect(compile(sealed, CONTEXT)).toBe(form);
    c.fields = { ...c.fields, firstName: false };
    expect(compile(sealed, CONTEXT)).toBe(form);
    expect(formFields(form).map((f) => f.id)).toContain('firstName');
  });
});
