import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '#engine/forms/compile';
import { mergeConfigurations } from '#engine/config/merge';
import type { CompiledField, CompiledForm } from '#engine/forms/types';
import { validateStep } from '#engine/forms/validate';
import { compiledChecks } from '#engine/validation/ajv';
import { stepValidator } from '../precompiled-validators';
import { validateStepAnswers } from '#client/engine-ui/validation';
import { CONTEXT, PRODUCT, configurationLayer } from '../../engine/support/arbitraries';
import { acmeForm } from './support';

/** Valid and invalid answers for one question, as a person or a broken client might send them. */
function answer(field: CompiledField): fc.Arbitrary<unknown> {
  const options = (field.options ?? []) as unknown[];
  const fromOptions = options.length ? fc.constantFrom(...options) : fc.string();
  const junk = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null));
  switch (field.kind) {
    case 'email':
      return fc.oneof(fc.constantFrom('ada@example.com', 'a.b+c@mail.example.co.uk'), fc.string(), junk);
    case 'phone':
      return fc.oneof(fc.stringMatching(/^07[0-9]{9}$/), fc.constant('+44 7700 900982'), fc.string(), junk);
    case 'postCode':
      return fc.oneof(fc.constantFrom('SW1A 1AA', 'm1 1ae', 'B33 8TH'), fc.string(), junk);
    case 'text':
    case 'textarea':
    case 'typeahead':
      return fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('  ', '', 'word '.repeat(260), 'x'.repeat(256)),
        junk,
      );
    case 'select':
    case 'radio':
    case 'year':
      return fc.oneof(fromOptions, fromOptions, junk);
    case 'checkboxes':
      return fc.oneof(fc.array(fromOptions, { maxLength: 3 }), junk);
    case 'yesno':
    case 'consent':
      return fc.oneof(fc.boolean(), junk);
    case 'date':
      return fc.oneof(fc.constantFrom('2027-09-01', '2024-02-29', '2023-02-29', '2027-13-01', '1 Sept'), junk);
    case 'number':
    case 'percent':
      return fc.oneof(fc.integer({ min: -5, max: 120 }), fc.double({ min: -1, max: 101, noNaN: true }), junk);
    case 'file':
      return fc.oneof(
        fc.record({ id: fc.string({ minLength: 1, maxLength: 8 }), name: fc.string({ minLength: 1, maxLength: 12 }) }),
        fc.record({ id: fc.string() }),
        junk,
      );
    case 'group':
      return fc.oneof(fc.array(answersFor(field.items ?? []), { maxLength: 6 }), junk);
  }
}

function answersFor(fields: readonly CompiledField[]): fc.Arbitrary<Record<string, unknown>> {
  const record = Object.fromEntries(fields.map((f) => [f.id, fc.option(answer(f), { nil: undefined })]));
  return fc
    .record(record, { requiredKeys: [] })
    .map((value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
}

function agree(form: CompiledForm, stepIndex: number, answers: Record<string, unknown>) {
  const step = form.steps[stepIndex % form.steps.length]!;
  const server = validateStep(form, step.id, answers, compiledChecks);
  const client = validateStepAnswers(stepValidator(form, step.schema), step, answers);
  expect(client.valid).toBe(server.valid);
  expect(client.errors.map((e) => e.field).sort()).toEqual(server.errors.map((e) => e.field).sort());
  expect(client.answers).toEqual(JSON.parse(JSON.stringify(server.answers)));
}

describe('client and server accept exactly the same answers', () => {
  const form = acmeForm();

  it('on every step of the acme application', () => {
    for (const step of form.steps) {
      const fields = step.sections.flatMap((s) => s.fields);
      fc.assert(
        fc.property(answersFor(fields), (answers) => agree(form, form.steps.indexOf(step), answers)),
        { numRuns: 60 },
      );
    }
  });

  it('on forms compiled from generated configurations', () => {
    const generated = configurationLayer
      .map((layer) => compile(mergeConfigurations(PRODUCT, layer), CONTEXT))
      .filter((f) => f.steps.length > 0)
      .chain((f) => fc.tuple(fc.constant(f), fc.nat(f.steps.length - 1)))
      .chain(([f, index]) =>
        fc.tuple(fc.constant(f), fc.constant(index), answersFor(f.steps[index]!.sections.flatMap((s) => s.fields))),
      );
    fc.assert(
      fc.property(generated, ([f, index, answers]) => agree(f, index, answers)),
      { numRuns: 60 },
    );
  });
});
