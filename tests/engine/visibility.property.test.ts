import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_BY_ID,
  compile,
  isRequired,
  isVisible,
  mergeConfigurations,
  type CompiledField,
  type JsonSchema,
} from '#engine';
import { CONTEXT, PRODUCT, configurationLayer } from './support/arbitraries';

/** Every field of the compiled form, with the object schema it lives in. */
function placed(
  fields: readonly CompiledField[],
  schema: JsonSchema,
  into: Array<{ field: CompiledField; parent: JsonSchema }> = [],
) {
  for (const field of fields) {
    into.push({ field, parent: schema });
    const child = (schema.properties as Record<string, JsonSchema>)[field.id];
    if (field.items && child) placed(field.items, child.items as JsonSchema, into);
  }
  return into;
}

function requiredList(schema: JsonSchema): string[] {
  return (schema.required as string[] | undefined) ?? [];
}

function allPropertyNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return into;
  const s = schema as JsonSchema;
  if (s.properties && typeof s.properties === 'object') {
    for (const [name, child] of Object.entries(s.properties as Record<string, unknown>)) {
      into.add(name);
      allPropertyNames(child, into);
    }
  }
  if (s.items) allPropertyNames(s.items, into);
  return into;
}

describe('visibility and required defaults (spec §5), over generated configurations', () => {
  it('flags are visible unless false and required unless false; a hidden field is never required', () => {
    fc.assert(
      fc.property(
        configurationLayer,
        fc.constantFrom('fields', 'hr', 'menus', 'subsections'),
        fc.string({ minLength: 1 }),
        (layer, group, id) => {
          const value = (layer as Record<string, Record<string, boolean> | undefined>)[group]?.[id];
          expect(isVisible(layer, group as 'fields', id)).toBe(value !== false);
          const requiredFlag = layer.required?.[id];
          expect(isRequired(layer, id)).toBe(layer.fields?.[id] !== false && requiredFlag !== false);
        },
      ),
    );
  });

  it('hidden fields appear in no schema and no required list; visible required fields are required', () => {
    fc.assert(
      fc.property(configurationLayer, (layer) => {
        const configuration = mergeConfigurations(PRODUCT, layer);
        const form = compile(configuration, CONTEXT);
        const shownIds = new Set<string>();
        for (const step of form.steps) {
          const names = allPropertyNames(step.schema);
          for (const { field, parent } of placed(
            step.sections.flatMap((s) => s.fields),
            step.schema,
          )) {
            shownIds.add(field.id);
            expect(isVisible(configuration, 'fields', field.id)).toBe(true);
            expect(names.has(field.id)).toBe(true);
            const expectRequired = isRequired(configuration, field.id);
            expect(field.required).toBe(expectRequired);
            if (!field.showIf) {
              if (field.kind === 'consent' || field.kind === 'checkboxes' || field.kind === 'group') {
                expect(requiredList(parent).includes(field.id)).toBe(expectRequired);
              } else {
                expect(requiredList(parent).includes(field.id)).toBe(expectRequired);
              }
            } else {
              expect(requiredList(parent)).not.toContain(field.id);
            }
          }
          // no property for a field the configuration hides
          for (const name of names) {
            if (CATALOGUE_BY_ID.has(name) || configuration.custom?.some((q) => q.id === name)) {
              expect(isVisible(configuration, 'fields', name)).toBe(true);
            }
          }
        }
        // a field hidden by its flag or section never shows
        for (const id of Object.keys(configuration.fields ?? {})) {
          if (configuration.fields?.[id] === false) expect(shownIds.has(id)).toBe(false);
        }
        for (const step of form.steps) {
          for (const section of step.sections) expect(configuration.subsections?.[section.id]).not.toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('compile is deterministic and cached by its inputs', () => {
    fc.assert(
      fc.property(configurationLayer, (layer) => {
        const a = compile(mergeConfigurations(PRODUCT, layer), CONTEXT);
        const b = compile(structuredClone(mergeConfigurations(PRODUCT, layer)), { ...CONTEXT });
        expect(b).toBe(a);
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      }),
      { numRuns: 50 },
    );
  });
});
