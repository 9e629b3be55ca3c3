import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answersView,
  candidatePanel,
  compile,
  formFields,
  isFieldShown,
  mergeConfigurations,
  mergeLayers,
  regionLayer,
  sampleAnswers,
  validateApplication,
  validateConfiguration,
  compiledChecks,
} from '#engine';
import type { Configuration } from '#schemas/configuration';
import { CONTEXT, PRODUCT, configurationLayer } from './support/arbitraries';
import { DEMO_ORGANIZATIONS } from './support/demo-organizations';

/*
 * The studio's demo candidate (decision 0059): its answers to any form are ones the form accepts, as a submit checks
 * them, so the check-answers preview submits cleanly and the panel preview shows an answer in every row the form asks.
 */

describe('sampleAnswers: the demo candidate of the studio previews', () => {
  it.each(Object.entries(DEMO_ORGANIZATIONS))('answers %s’s whole application as a submit accepts it', (_sub, org) => {
    const form = compile(
      mergeLayers({
        product: PRODUCT,
        region: regionLayer(org.countryBase),
        organizationDefault: org.defaultConfiguration as Configuration,
        organizationForm: org.formConfiguration as Configuration,
      }),
      { ...CONTEXT, edition: org.edition },
    );
    const answers = sampleAnswers(form);
    const result = validateApplication(form, answers, compiledChecks);
    expect(result.valid ? [] : result.errors).toEqual([]);
    // Every question shown is answered: no row of the check-answers page reads "Not answered" but optional uploads.
    const unanswered = answersView(form, answers)
      .flatMap((s) => [...s.rows, ...s.groups.flatMap((g) => g.rows)])
      .filter((row) => row.value === 'Not answered');
    expect(unanswered.map((r) => r.fieldId)).toEqual([]);
  });

  it('answers any configuration the engine accepts as its submit accepts them, the same way each time', () => {
    let checked = 0;
    fc.assert(
      fc.property(configurationLayer, (layer) => {
        const configuration = mergeConfigurations(PRODUCT, layer);
        if (!validateConfiguration(configuration).valid) return;
        checked++;
        const form = compile(configuration, CONTEXT);
        const answers = sampleAnswers(form);
        const result = validateApplication(form, answers, compiledChecks);
        expect(result.valid ? [] : result.errors).toEqual([]);
        expect(sampleAnswers(form)).toEqual(answers);
        // The candidate panel of a role listing every question the demo candidate was shown has an answer in each row.
        const listFields = formFields(form)
          .filter((f) => isFieldShown(f, answers))
          .map((f) => ({ id: f.id, candidateResponse: true }));
        const rows = candidatePanel(form, listFields, { application: answers, profile: answers });
        expect(rows.filter((row) => row.value === 'Not answered').map((row) => row.id)).toEqual([]);
      }),
      { numRuns: 40 },
    );
    expect(checked).toBeGreaterThan(10);
  }, 120_000);
});
