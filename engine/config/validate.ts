import type { ErrorObject } from 'ajv';
import { Configuration as ConfigurationSchema, type Configuration } from '#schemas/configuration';
import { CATALOGUE_BY_ID, SECTIONS } from '../fields/catalogue';
import { isListType } from '../fields/lists';
import { engineAjv } from '../validation/ajv';
import { HR_FEATURES, MENUS } from './known';

interface ConfigurationProblem {
  /** JSON Pointer into the configuration, e.g. `/views/application/2/sections/0`. */
  path: string;
  message: string;
}

export type ConfigurationCheck =
  { valid: true; configuration: Configuration } | { valid: false; problems: ConfigurationProblem[] };

export interface ValidateOptions {
  /** Custom question ids declared by other layers (e.g. the organisation's, when checking a role's). */
  knownCustomIds?: readonly string[];
}

let validateShape: (((data: unknown) => boolean) & { errors?: ErrorObject[] | null }) | undefined;

function shapeProblems(configuration: unknown): ConfigurationProblem[] {
  validateShape ??= engineAjv().compile(ConfigurationSchema as object);
  if (validateShape(configuration)) return [];
  return (validateShape.errors ?? []).map(describe);
}

function describe(error: ErrorObject): ConfigurationProblem {
  const path = error.instancePath || '/';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const allowed = Object.keys(((error.parentSchema as { properties?: object })?.properties ?? {}) as object);
      return {
        path: `${error.instancePath}/${String(params.additionalProperty)}`,
        message: `unknown property '${String(params.additionalProperty)}'; expected one of: ${allowed.join(', ')}`,
      };
    }
    case 'type':
      return { path, message: `expected ${String(params.type)}` };
    case 'required':
      return { path, message: `missing required property '${String(params.missingProperty)}'` };
    case 'pattern':
      return {
        path,
        message: `expected ${(error.parentSchema as { description?: string })?.description ?? `a value matching ${String(params.pattern)}`}`,
      };
    case 'anyOf':
    case 'enum':
      return { path, message: `expected one of: ${describeChoices(error)}` };
    default:
      return { path, message: `expected a value that ${error.message ?? 'fits the configuration format'}` };
  }
}

function describeChoices(error: ErrorObject): string {
  const schema = error.parentSchema as { anyOf?: { const?: unknown }[]; enum?: unknown[] } | undefined;
  const values = schema?.anyOf?.map((s) => s.const) ?? schema?.enum ?? [];
  return values.map((v) => JSON.stringify(v)).join(', ');
}

function referenceProblems(configuration: Configuration, options: ValidateOptions): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  const sections = new Set<string>(SECTIONS);
  const customIds = new Set<string>(options.knownCustomIds ?? []);
  const declared = new Set<string>();
  (configuration.custom ?? []).forEach((question, i) => {
    const at = `/custom/${i}`;
    if (CATALOGUE_BY_ID.has(question.id))
      problems.push({
        path: `${at}/id`,
        message: `'${question.id}' is a catalogue field; choose another id for a custom question`,
      });
    else if (declared.has(question.id))
      problems.push({ path: `${at}/id`, message: `custom question '${question.id}' is declared twice` });
    declared.add(question.id);
    customIds.add(question.id);
    if (question.section && !sections.has(question.section))
      problems.push({
        path: `${at}/section`,
        message: `unknown section '${question.section}'; expected one of: ${SECTIONS.join(', ')}`,
      });
    if (question.list && !isListType(question.list))
      problems.push({ path: `${at}/list`, message: `unknown reference list '${question.list}'` });
    const needsOptions = question.type === 'select' || question.type === 'radio' || question.type === 'checkboxes';
    if (needsOptions && !question.options && !question.list)
      problems.push({ path: at, message: `a ${question.type} question needs 'options' or 'list'` });
    if (!needsOptions && (question.options || question.list))
      problems.push({ path: at, message: `a ${question.type} question takes no 'options' or 'list'` });
  });
  const knownField = (id: string) => CATALOGUE_BY_ID.has(id) || customIds.has(id);
  for (const group of ['fields', 'required'] as const) {
    for (const id of Object.keys(configuration[group] ?? {})) {
      if (!knownField(id)) problems.push({ path: `/${group}/${id}`, message: `unknown field '${id}'` });
    }
  }
  for (const id of Object.keys(configuration.subsections ?? {})) {
    if (!sections.has(id))
      problems.push({
        path: `/subsections/${id}`,
        message: `unknown section '${id}'; expected one of: ${SECTIONS.join(', ')}`,
      });
  }
  const flagSets = { menus: MENUS, hr: HR_FEATURES } as const;
  for (const group of ['menus', 'hr'] as const) {
    for (const id of Object.keys(configuration[group] ?? {})) {
      if (!(flagSets[group] as readonly string[]).includes(id))
        problems.push({
          path: `/${group}/${id}`,
          message: `unknown ${group === 'hr' ? 'hiring-side feature' : 'menu'} '${id}'; expected one of: ${flagSets[group].join(', ')}`,
        });
    }
  }
  const stepIds = new Set<string>();
  const placed = new Map<string, string>();
  (configuration.views?.application ?? []).forEach((step, i) => {
    if (stepIds.has(step.id))
      problems.push({ path: `/views/application/${i}/id`, message: `step '${step.id}' is declared twice` });
    stepIds.add(step.id);
    step.sections.forEach((section, j) => {
      const at = `/views/application/${i}/sections/${j}`;
      if (!sections.has(section))
        problems.push({ path: at, message: `unknown section '${section}'; expected one of: ${SECTIONS.join(', ')}` });
      else if (placed.has(section))
        problems.push({ path: at, message: `section '${section}' is already on step '${placed.get(section)}'` });
      else placed.set(section, step.id);
    });
  });
  (configuration.views?.profile ?? []).forEach((section, i) => {
    if (!sections.has(section))
      problems.push({
        path: `/views/profile/${i}`,
        message: `unknown section '${section}'; expected one of: ${SECTIONS.join(', ')}`,
      });
  });
  return problems;
}

/**
 * Checks one configuration layer: its shape (the JSON Schema of schemas/configuration.ts) and its
 * references to fields, sections, steps, lists, menus and hiring-side features. Every problem
 * names a path and what was expected.
 */
export function validateConfiguration(configuration: unknown, options: ValidateOptions = {}): ConfigurationCheck {
  const shape = shapeProblems(configuration);
  if (shape.length) return { valid: false, problems: shape };
  const valid = configuration as Configuration;
  const references = referenceProblems(valid, options);
  return references.length ? { valid: false, problems: references } : { valid: true, configuration: valid };
}
