import { describe, expect, it } from 'vitest';
import {
  answersView,
  candidatePanel,
  compile,
  compileProfile,
  formFields,
  listFieldProblems,
  mergeConfigurations,
  sealConfiguration,
  validateApplication,
  validateConfiguration,
  compiledChecks,
} from '#engine';
import type { Configuration } from '#schemas/configuration';
import { CONTEXT, PRODUCT } from './support/arbitraries';

/**
 * The eleven defects of issue 20, each reproduced in a few lines against the engine's public API. The general rules
 * behind them are property-tested in hostile-configurations.property.test.ts.
 */

const problemsOf = (layer: unknown, beneath?: Configuration) => {
  const check = validateConfiguration(layer, beneath ? { beneath } : {});
  return check.valid ? [] : check.problems;
};
const pathsOf = (layer: unknown, beneath?: Configuration) => problemsOf(layer, beneath).map((p) => p.path);
const formOf = (layer: Configuration) => compile(mergeConfigurations(PRODUCT, layer), CONTEXT);
const values = (form: ReturnType<typeof compile>, answers: Record<string, unknown>) =>
  answersView(form, answers).flatMap((section) => [
    ...section.rows.map((row) => row.value),
    ...section.groups.flatMap((g) => g.rows.map((r) => r.value)),
  ]);

describe('1. custom question ids that every object already has', () => {
  for (const id of ['toString', 'constructor', 'valueOf', 'hasOwnProperty', 'isPrototypeOf']) {
    it(`refuses the id '${id}' at its path`, () => {
      const problems = problemsOf({ custom: [{ id, type: 'text', label: 'Why?' }] });
      expect(problems.find((p) => p.path === '/custom/0/id')?.message).toMatch(/choose another id/);
    });
  }

  it('refuses a step id that every object already has', () => {
    expect(pathsOf({ views: { application: [{ id: 'constructor', sections: ['personalInformation'] }] } })).toContain(
      '/views/application/0/id',
    );
  });

  it('reads answers by own properties only: an empty application misses the question, and shows no function', () => {
    // Compiled without the validator (as a stored configuration from before the check would be).
    const form = formOf({ custom: [{ id: 'toString', type: 'text', label: 'Anything else?' }] });
    const result = validateApplication(form, {}, compiledChecks);
    expect(result.errors.find((e) => e.field === 'toString')?.message).toBe('Enter an answer to “Anything else?”');
    expect(result.answers).toEqual({});
    expect(values(form, {}).join(' ')).not.toMatch(/native code|function/);
    expect(
      candidatePanel(form, [{ id: 'toString', candidateResponse: true }], { application: {}, profile: {} }),
    ).toEqual([{ id: 'toString', label: 'Anything else?', value: 'Not answered', source: 'application' }]);
  });
});

describe('2. options named like prototype members', () => {
  const form = formOf({
    custom: [{ id: 'tool', type: 'checkboxes', label: 'Tools', options: ['constructor', 'toString', 'Hammer'] }],
  });

  it('read as themselves on check answers and in the panel', () => {
    const answers = { tool: ['constructor', 'toString'] };
    expect(values(form, answers)).toContain('constructor, toString');
    expect(
      candidatePanel(form, [{ id: 'tool', candidateResponse: true }], { application: answers, profile: {} })[0]!.value,
    ).toBe('constructor, toString');
  });

  it('keep their translated labels', () => {
    const labelled = formOf({
      text: { 'field.tool.option.constructor': 'Builder' },
      custom: [{ id: 'tool', type: 'radio', label: 'Tools', options: ['constructor', '__proto__'] }],
    });
    expect(formFields(labelled).find((f) => f.id === 'tool')?.optionLabels).toEqual({ constructor: 'Builder' });
    expect(values(labelled, { tool: '__proto__' })).toContain('__proto__');
  });
});

describe('3. duplicate options', () => {
  for (const type of ['select', 'radio', 'checkboxes'] as const) {
    it(`are refused on a ${type} question at the later duplicate`, () => {
      const problems = problemsOf({ custom: [{ id: 'office', type, label: 'Office', options: ['Leeds', 'A', 'A'] }] });
      expect(problems.map((p) => p.path)).toEqual(['/custom/0/options/2']);
      expect(problems[0]!.message).toMatch(/'A' is listed twice \(also at \/custom\/0\/options\/1\)/);
    });
  }
});

describe('4. number ranges', () => {
  it('refuses a minimum greater than the maximum', () => {
    const problems = problemsOf({ custom: [{ id: 'years', type: 'number', label: 'Years', minimum: 10, maximum: 5 }] });
    expect(problems).toEqual([
      { path: '/custom/0/minimum', message: expect.stringMatching(/minimum 10 is greater than maximum 5/) },
    ]);
  });

  it('accepts equal bounds, and refuses bounds on a question that is not a number', () => {
    expect(problemsOf({ custom: [{ id: 'years', type: 'number', label: 'Y', minimum: 5, maximum: 5 }] })).toEqual([]);
    expect(pathsOf({ custom: [{ id: 'why', type: 'text', label: 'Why', minimum: 1 }] })).toEqual(['/custom/0/minimum']);
  });
});

describe('5. problem paths are JSON Pointers', () => {
  it('escapes / as ~1 and ~ as ~0 in reference problems', () => {
    expect(pathsOf({ fields: { 'a/b': false } })).toEqual(['/fields/a~1b']);
    expect(pathsOf({ menus: { '~x': false } })).toEqual(['/menus/~0x']);
  });

  it('escapes them in shape problems too', () => {
    expect(pathsOf({ 'odd/key': 1 })).toEqual(['/odd~1key']);
    expect(pathsOf({ views: { 'a~b': [] } })).toEqual(['/views/a~0b']);
  });
});

describe('6. a blank required email, mobile or post code', () => {
  const form = formOf({ required: { postCode: true } });
  for (const [field, message] of [
    ['email', 'Enter email address'],
    ['mobile', 'Enter UK mobile number'],
    ['postCode', 'Enter home postcode'],
  ] as const) {
    it(`asks for the ${field} rather than for its format`, () => {
      for (const blank of ['', '   ']) {
        const errors = validateApplication(form, { [field]: blank }, compiledChecks).errors;
        expect(errors.find((e) => e.field === field)?.message).toBe(message);
      }
    });
  }

  it("uses the field's own required text, in the form's language", () => {
    const welsh = formOf({ text: { 'field.email.error.required': 'Rhowch eich cyfeiriad e-bost' } });
    expect(
      validateApplication(welsh, { email: '' }, compiledChecks).errors.find((e) => e.field === 'email')?.message,
    ).toBe('Rhowch eich cyfeiriad e-bost');
  });

  it('still names the format when something is typed', () => {
    expect(
      validateApplication(form, { email: 'ada' }, compiledChecks).errors.find((e) => e.field === 'email')?.message,
    ).toMatch(/correct format/);
  });
});

describe('7. views.profile naming a section twice', () => {
  it('is refused at the second mention', () => {
    const problems = problemsOf({ views: { profile: ['personalInformation', 'documents', 'personalInformation'] } });
    expect(problems.map((p) => p.path)).toEqual(['/views/profile/2']);
    expect(problems[0]!.message).toMatch(/already in the profile \(at \/views\/profile\/0\)/);
  });
});

describe('8. a visible section left out of views.application (decision 0005: every visible section is placed)', () => {
  const steps = (...sections: string[]) => ({ application: [{ id: 'only', sections }] });
  const everythingBut = (...left: string[]) =>
    PRODUCT.views!.application!.map((step) => ({
      ...step,
      sections: step.sections.filter((s) => !left.includes(s)),
    })).filter((step) => step.sections.length > 0);

  for (const section of ['rightToWork', 'documents', 'additionalQuestions']) {
    it(`refuses leaving out ${section} while it has questions, naming the section`, () => {
      const layer: Configuration = {
        views: { application: everythingBut(section) },
        custom: [{ id: 'whyUs', type: 'textarea', label: 'Why us?' }],
      };
      const problems = problemsOf(layer, PRODUCT);
      expect(problems.map((p) => p.path)).toEqual(['/views/application']);
      expect(problems[0]!.message).toMatch(
        new RegExp(`section '${section}' has questions .* subsections\\.${section}: false`),
      );
    });
  }

  it('accepts a section left out when it is hidden, or when it has nothing to ask', () => {
    expect(
      problemsOf(
        { views: { application: everythingBut('rightToWork') }, subsections: { rightToWork: false } },
        PRODUCT,
      ),
    ).toEqual([]);
    expect(problemsOf({ views: { application: everythingBut('additionalQuestions') } }, PRODUCT)).toEqual([]);
  });

  it('names the layer that showed a section no step of the layers beneath places', () => {
    const beneath = mergeConfigurations(PRODUCT, {
      views: steps('personalInformation'),
      subsections: { rightToWork: false },
    });
    expect(
      pathsOf(
        { subsections: { rightToWork: true } },
        {
          ...beneath,
          subsections: {
            ...beneath.subsections,
            crsInformation: false,
            secondaryEducation: false,
            sixthFormEducation: false,
            universityEducation: false,
            equalOpportunities: false,
            documents: false,
            termsAndConditions: false,
          },
        },
      ),
    ).toEqual(['/subsections/rightToWork']);
  });

  it('compiles an unplaced section on a step of its own, so its questions are still asked and required', () => {
    const form = formOf({ views: { application: everythingBut('rightToWork') } });
    expect(form.steps.at(-1)).toMatchObject({ id: 'rightToWork', fieldIds: ['permitType', 'otherPermit'] });
    expect(validateApplication(form, {}, compiledChecks).errors.map((e) => e.field)).toContain('permitType');
  });
});

describe('9. listFields naming a question inside a repeatable group', () => {
  const form = formOf({});
  const application = {
    universities: [
      { degreeSubject: 'History', degreeClass: 'First-class honours' },
      { degreeSubject: 'Mathematics' },
      null,
    ],
  };

  it("shows every item's answer, joined, in the panel (and so in the candidate table)", () => {
    const rows = candidatePanel(
      form,
      [
        { id: 'degreeSubject', candidateResponse: true },
        { id: 'degreeClass', candidateResponse: true },
        { id: 'universityGraduationYear', candidateResponse: true },
      ],
      { application, profile: {} },
    );
    expect(rows).toEqual([
      { id: 'degreeSubject', label: 'Subject', value: 'History; Mathematics', source: 'application' },
      { id: 'degreeClass', label: expect.any(String), value: 'First-class honours', source: 'application' },
      { id: 'universityGraduationYear', label: expect.any(String), value: 'Not answered', source: 'application' },
    ]);
  });

  it('the check accepts what the panel shows and names what it cannot', () => {
    const listFields = [
      { id: 'degreeSubject', candidateResponse: true },
      { id: 'whyUs', candidateResponse: true },
      { id: 'favouriteColour', candidateResponse: false },
      { id: 'toString', candidateResponse: false },
    ];
    expect(listFieldProblems(listFields, ['whyUs']).map((p) => p.path)).toEqual([
      '/viewConfiguration/listFields/2/id',
      '/viewConfiguration/listFields/3/id',
    ]);
  });
});

describe('10. answers of another shape in the candidate panel', () => {
  it('does not throw on an item that is not an object, nor on a group that is not a list', () => {
    const form = formOf({});
    const listFields = [
      { id: 'universities', candidateResponse: true },
      { id: 'degreeSubject', candidateResponse: true },
    ];
    for (const universities of [[null], [1, 'x'], 'x', { toString: 1 }])
      expect(() => candidatePanel(form, listFields, { application: { universities }, profile: {} })).not.toThrow();
    expect(candidatePanel(form, listFields, { application: { universities: [null] }, profile: {} })[0]!.value).toBe(
      'Not answered',
    );
  });

  it('shows an answer holding a toString key as its JSON instead of throwing', () => {
    const form = formOf({ custom: [{ id: 'years', type: 'number', label: 'Years' }] });
    const answers = { years: { toString: 1 } };
    expect(
      candidatePanel(form, [{ id: 'years', candidateResponse: true }], { application: answers, profile: {} })[0]!.value,
    ).toBe('{"toString":1}');
  });
});

describe('11. the compile cache', () => {
  it('returns a fresh form after the configuration is changed in place', () => {
    const configuration = mergeConfigurations(PRODUCT, {});
    const before = compile(configuration, CONTEXT);
    configuration.fields = { ...configuration.fields, firstName: false };
    configuration.text = { ...configuration.text, 'field.lastName.label': 'Family name' };
    const after = compile(configuration, CONTEXT);
    expect(formFields(before).some((f) => f.id === 'firstName')).toBe(true);
    expect(formFields(after).some((f) => f.id === 'firstName')).toBe(false);
    expect(formFields(after).find((f) => f.id === 'lastName')?.label).toBe('Family name');
  });

  it('knows a sealed configuration by identity, and neither it nor the form it gives can be changed', () => {
    const sealed = sealConfiguration(mergeConfigurations(PRODUCT, {}));
    const form = compile(sealed, CONTEXT);
    expect(compile(sealed, CONTEXT)).toBe(form);
    expect(compileProfile(sealed, CONTEXT)).toBe(compileProfile(sealed, CONTEXT));
    expect(Object.isFrozen(sealed.fields)).toBe(true);
    expect(() => {
      (form.steps[0]!.sections[0]!.fields[0] as { label: string }).label = 'changed';
    }).toThrow(TypeError);
  });

  it('does not freeze the configuration it was given', () => {
    const configuration = mergeConfigurations(PRODUCT, {
      custom: [{ id: 'o', type: 'select', label: 'O', options: ['A'] }],
    });
    compile(configuration, CONTEXT);
    expect(() => configuration.custom![0]!.options!.push?.('B')).not.toThrow();
    expect(() => ((configuration.text as Record<string, string>)['field.x.label'] = 'X')).not.toThrow();
  });
});

describe('an empty text', () => {
  it('takes a hint away', () => {
    const form = formOf({ text: { 'field.email.hint': '' } });
    expect(formFields(form).find((f) => f.id === 'email')!.hint).toBeUndefined();
    expect(formFields(formOf({})).find((f) => f.id === 'email')!.hint).toMatch(/contact you/);
  });

  it('is refused as a label or title, which every question, section and step needs', () => {
    expect(
      pathsOf({ text: { 'field.firstName.label': '', 'section.documents.title': ' ', 'field.email.hint': '' } }),
    ).toEqual(['/text/field.firstName.label', '/text/section.documents.title']);
  });
});
