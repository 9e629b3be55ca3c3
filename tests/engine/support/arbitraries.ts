import fc from 'fast-check';
import type { Configuration, CustomQuestion } from '#schemas/configuration';
import { CATALOGUE_BY_ID, HR_FEATURES, MENUS, SECTIONS, type CompileContext } from '#engine';
import productDefault from '#configs/default-configuration.json';

export const PRODUCT = productDefault as Configuration;
const FIELD_IDS = [...CATALOGUE_BY_ID.keys()];
export const CONTEXT: CompileContext = { language: 'en', edition: 'ats', userType: 'CANDIDATE', today: '2026-11-21' };

const flags = (ids: readonly string[]) => fc.dictionary(fc.constantFrom(...ids), fc.boolean(), { maxKeys: ids.length });

const customQuestion: fc.Arbitrary<CustomQuestion> = fc
  .record({
    id: fc.stringMatching(/^q[A-Za-z0-9]{1,8}$/),
    type: fc.constantFrom('text', 'textarea', 'number', 'select', 'radio', 'checkboxes', 'yesno', 'date'),
    label: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0),
    section: fc.option(fc.constantFrom(...SECTIONS.filter((s) => s !== 'acceptedTermsAndConditions')), {
      nil: undefined,
    }),
    options: fc.uniqueArray(fc.stringMatching(/^[A-Z][a-z]{1,8}$/), { minLength: 1, maxLength: 5 }),
  })
  .map(({ options, section, ...q }) => {
    const needsOptions = q.type === 'select' || q.type === 'radio' || q.type === 'checkboxes';
    return { ...q, ...(section ? { section } : {}), ...(needsOptions ? { options } : {}) } as CustomQuestion;
  });

/** A schema-valid configuration layer whose references all exist. */
export const configurationLayer: fc.Arbitrary<Configuration> = fc
  .uniqueArray(customQuestion, { maxLength: 6, selector: (q) => q.id })
  .chain((custom) => {
    const ids = [...FIELD_IDS, ...custom.map((q) => q.id)];
    return fc
      .record(
        {
          fields: flags(ids),
          required: flags(ids),
          subsections: flags(SECTIONS),
          menus: flags(MENUS),
          hr: flags(HR_FEATURES),
          custom: fc.constant(custom),
        },
        { requiredKeys: [] },
      )
      .map((layer) => withKnownFieldKeys(layer as Configuration, new Set(ids)));
  });

/** Shrinking can drop a custom question but keep its flags; keep only flags of known fields. */
function withKnownFieldKeys(layer: Configuration, ids: Set<string>): Configuration {
  const known = new Set([...FIELD_IDS, ...(layer.custom ?? []).map((q) => q.id)]);
  const keep = (flags?: Record<string, boolean>) =>
    flags && Object.fromEntries(Object.entries(flags).filter(([id]) => known.has(id) && ids.has(id)));
  const result: Configuration = { ...layer };
  if (layer.fields) result.fields = keep(layer.fields);
  if (layer.required) result.required = keep(layer.required);
  return result;
}
