import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compile,
  flagUntranslated,
  LAYER_ORDER,
  mergeConfigurations,
  mergeLayers,
  uiStrings,
  validateConfiguration,
  type ConfigurationLayers,
} from '#engine';
import type { Configuration } from '#schemas/configuration';
import { CONTEXT, PRODUCT, configurationLayer } from './support/arbitraries';

describe('merge order: product default ▸ region ▸ organisation default ▸ organisation form ▸ role ▸ language', () => {
  it('each flag and text takes the value of the last layer that sets it', () => {
    const layers = fc.record(
      {
        product: configurationLayer,
        region: configurationLayer,
        organizationDefault: configurationLayer,
        organizationForm: configurationLayer,
        role: configurationLayer,
        language: configurationLayer,
      },
      { requiredKeys: ['product'] },
    );
    fc.assert(
      fc.property(layers, (given) => {
        const merged = mergeLayers(given as ConfigurationLayers);
        for (const group of ['fields', 'required', 'subsections', 'menus', 'hr', 'lists', 'formats'] as const) {
          const keys = new Set(LAYER_ORDER.flatMap((name) => Object.keys(given[name]?.[group] ?? {})));
          for (const key of keys) {
            const last = [...LAYER_ORDER].reverse().find((name) => given[name]?.[group]?.[key] !== undefined)!;
            expect(merged[group]?.[key]).toBe(given[last]![group]![key]);
          }
        }
        // custom questions: the last declaration of an id wins, each id once
        const ids = merged.custom?.map((q) => q.id) ?? [];
        expect(new Set(ids).size).toBe(ids.length);
        for (const question of merged.custom ?? []) {
          const last = [...LAYER_ORDER]
            .reverse()
            .find((name) => given[name]?.custom?.some((q) => q.id === question.id))!;
          expect(question).toEqual(given[last]!.custom!.find((q) => q.id === question.id));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('texts of the language layer override the role, the role overrides the organisation', () => {
    const merged = mergeLayers({
      product: { text: { a: 'product', b: 'product', c: 'product' } },
      organizationForm: { text: { b: 'organisation', c: 'organisation' } },
      role: { text: { c: 'role' } },
      language: { text: { a: 'Cymraeg' } },
    });
    expect(merged.text).toEqual({ a: 'Cymraeg', b: 'organisation', c: 'role' });
  });
});

describe('configuration format', () => {
  it('compile never throws on a schema-valid configuration', () => {
    fc.assert(
      fc.property(configurationLayer, (layer) => {
        expect(validateConfiguration(layer).valid).toBe(true);
        expect(() => compile(mergeConfigurations(PRODUCT, layer), CONTEXT)).not.toThrow();
      }),
      { numRuns: 100 },
    );
  });

  const breakages: Array<[string, (c: Configuration) => unknown, RegExp]> = [
    [
      'a flag that is not a boolean',
      (c) => ({ ...c, fields: { ...c.fields, firstName: 'no' } }),
      /^\/fields\/firstName$/,
    ],
    [
      'an unknown field',
      (c) => ({ ...c, required: { ...c.required, favouriteColour: false } }),
      /^\/required\/favouriteColour$/,
    ],
    [
      'an unknown section',
      (c) => ({ ...c, subsections: { ...c.subsections, hobbies: false } }),
      /^\/subsections\/hobbies$/,
    ],
    [
      'an unknown step section',
      (c) => ({ ...c, views: { application: [{ id: 'one', sections: ['nowhere'] }] } }),
      /^\/views\/application\/0\/sections\/0$/,
    ],
    [
      'an unknown reference list',
      (c) => ({ ...c, custom: [...(c.custom ?? []), { id: 'zz9', type: 'select', label: 'Z', list: 'PLANETS' }] }),
      /^\/custom\/\d+\/list$/,
    ],
    ['an unknown top-level key', (c) => ({ ...c, colours: {} }), /^\/colours$/],
    ['an unknown menu', (c) => ({ ...c, menus: { ...c.menus, casino: false } }), /^\/menus\/casino$/],
  ];

  for (const [name, breakIt, path] of breakages) {
    it(`rejects ${name}, naming the path and what was expected`, () => {
      fc.assert(
        fc.property(configurationLayer, (layer) => {
          const check = validateConfiguration(breakIt(layer));
          expect(check.valid).toBe(false);
          if (check.valid) return;
          const problem = check.problems.find((p) => path.test(p.path));
          expect(problem, JSON.stringify(check.problems)).toBeDefined();
          expect(problem!.message.length).toBeGreaterThan(8);
        }),
        { numRuns: 30 },
      );
    });
  }
});

describe('translation layers', () => {
  it('interface strings nest by key; form texts are left to the engine', () => {
    expect(
      uiStrings({
        text: { 'ui.header.roles': 'Swyddi', 'ui.footer.terms': 'Telerau', 'field.firstName.label': 'Enw cyntaf' },
      }),
    ).toEqual({
      header: { roles: 'Swyddi' },
      footer: { terms: 'Telerau' },
    });
  });

  it('debug mode marks every text the language layer lacks, and only those', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.stringMatching(/^field\.[a-z]{1,6}\.label$/), fc.string()),
        fc.dictionary(fc.stringMatching(/^field\.[a-z]{1,6}\.label$/), fc.string()),
        (base, language) => {
          const flagged = flagUntranslated({ text: base }, { text: language });
          for (const key of Object.keys(base))
            expect(flagged.text![key]).toBe(key in language ? language[key] : `⟦${base[key]}⟧`);
          for (const key of Object.keys(language)) expect(flagged.text![key]).toBe(language[key]);
        },
      ),
    );
  });
});
