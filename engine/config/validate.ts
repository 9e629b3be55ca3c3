import type { ErrorObject } from 'ajv';
import {
  PHONE_FORMATS,
  POSTCODE_FORMATS,
  type Configuration,
  type CustomQuestion,
  type TextFormat,
} from '#schemas/configuration';
import { CATALOGUE_BY_ID, SECTIONS } from '../fields/catalogue';
import { isListType } from '../fields/lists';
import type { FieldKind, SectionId } from '../fields/types';
import { CUSTOM_SECTION, unplacedSections } from '../forms/compile';
import { INHERITED_NAMES } from '../rules/own';
import { mergeConfigurations } from './merge';
import type { SchemaCheck } from '../validation/ajv';
import { runtimeRequire, type StandaloneModule } from '../validation/runtime';
import configurationCheck from './configuration-check.generated';
import { HR_FEATURES, MENUS } from './known';

export interface ConfigurationProblem {
  /** JSON Pointer into the configuration, e.g. `/views/application/2/sections/0`. */
  path: string;
  message: string;
}

export type ConfigurationCheck =
  { valid: true; configuration: Configuration } | { valid: false; problems: ConfigurationProblem[] };

export interface ValidateOptions {
  /** Custom question ids declared by other layers (e.g. the organisation's, when checking a role's). */
  knownCustomIds?: readonly string[];
  /**
   * The layers beneath this one, merged (for an organisation's layer, the product default; for a role's, the product
   * default and the organisation's layers). With it, the layer is also checked as it will be used: every section with
   * a visible question on a step. Its custom question ids count as known.
   */
  beneath?: Configuration;
}

let validateShape: SchemaCheck | undefined;

/**
 * The shape check is schemas/configuration.ts compiled to standalone code by scripts/generate-configuration-check.ts,
 * so the studio runs it in the browser without compiling code (decision 0076); the server runs the same code.
 */
function shapeProblems(configuration: unknown): ConfigurationProblem[] {
  validateShape ??= (configurationCheck as StandaloneModule<SchemaCheck>)(runtimeRequire);
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
        path: `${error.instancePath}${pointer(String(params.additionalProperty))}`,
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

/** A JSON Pointer (RFC 6901) from its segments: `~` is written `~0` and `/` is written `~1`, as in Ajv's paths. */
export function pointer(...segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

const SECTION_LIST = SECTIONS.join(', ');
/** Texts a question, section or step is called by: a hint may be emptied away, a label may not. */
const NAMING_TEXT = /^(field\.[^.]+\.(label|item)|section\.[^.]+\.title|step\.[^.]+\.title)$/;
const OPTION_TYPES: ReadonlySet<CustomQuestion['type']> = new Set(['select', 'radio', 'checkboxes']);
const TEXT_TYPES: ReadonlySet<CustomQuestion['type']> = new Set(['text', 'textarea']);
const inheritedName = (id: string) =>
  `'${id}' is a name every JavaScript object already has, so answers to it could not be told apart; choose another id`;

function customQuestionProblems(question: CustomQuestion, at: number, problems: ConfigurationProblem[]): void {
  const here = (...rest: Array<string | number>) => pointer('custom', at, ...rest);
  if (INHERITED_NAMES.has(question.id)) problems.push({ path: here('id'), message: inheritedName(question.id) });
  if (question.section && !SECTIONS.includes(question.section as SectionId))
    problems.push({
      path: here('section'),
      message: `unknown section '${question.section}'; expected one of: ${SECTION_LIST}`,
    });
  if (question.list && !isListType(question.list))
    problems.push({ path: here('list'), message: `unknown reference list '${question.list}'` });
  const needsOptions = OPTION_TYPES.has(question.type);
  if (needsOptions && !question.options && !question.list)
    problems.push({ path: here(), message: `a ${question.type} question needs 'options' or 'list'` });
  if (needsOptions && question.options && question.list)
    problems.push({ path: here('list'), message: `a ${question.type} question takes 'options' or 'list', not both` });
  if (!needsOptions && (question.options || question.list))
    problems.push({ path: here(), message: `a ${question.type} question takes no 'options' or 'list'` });
  const seen = new Map<string, number>();
  question.options?.forEach((option, j) => {
    const first = seen.get(option);
    if (first === undefined) seen.set(option, j);
    else
      problems.push({
        path: here('options', j),
        message: `option '${option}' is listed twice (also at ${here('options', first)}); each answer must differ`,
      });
  });
  for (const key of ['minimum', 'maximum'] as const)
    if (question[key] !== undefined && question.type !== 'number')
      problems.push({ path: here(key), message: `a ${question.type} question takes no '${key}'; only a number does` });
  for (const key of ['maxLength', 'maxWords'] as const)
    if (question[key] !== undefined && !TEXT_TYPES.has(question.type))
      problems.push({
        path: here(key),
        message: `a ${question.type} question takes no '${key}'; only text and textarea do`,
      });
  if (question.minimum !== undefined && question.maximum !== undefined && question.minimum > question.maximum)
    problems.push({
      path: here('minimum'),
      message: `minimum ${question.minimum} is greater than maximum ${question.maximum}, so no answer could be given`,
    });
}

/** The formats a catalogue question of each kind may be asked in (`formats`). */
const KIND_FORMATS: Partial<Record<FieldKind, readonly TextFormat[]>> = {
  phone: PHONE_FORMATS,
  postCode: POSTCODE_FORMATS,
};

/** `lists` names catalogue questions that take a reference list, `formats` phone and postcode questions (0034). */
function listAndFormatProblems(configuration: Configuration): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  for (const [id, list] of Object.entries(configuration.lists ?? {})) {
    const field = CATALOGUE_BY_ID.get(id);
    if (!field?.list)
      problems.push({ path: pointer('lists', id), message: `'${id}' is not a catalogue question with a list` });
    else if (!isListType(list))
      problems.push({ path: pointer('lists', id), message: `unknown reference list '${list}'` });
  }
  for (const [id, format] of Object.entries(configuration.formats ?? {})) {
    const field = CATALOGUE_BY_ID.get(id);
    const allowed = field && KIND_FORMATS[field.kind];
    if (!allowed)
      problems.push({ path: pointer('formats', id), message: `'${id}' is not a catalogue phone or postcode question` });
    else if (!allowed.includes(format))
      problems.push({
        path: pointer('formats', id),
        message: `'${id}' cannot be asked as '${format}'; expected one of: ${allowed.join(', ')}`,
      });
  }
  return problems;
}

function referenceProblems(configuration: Configuration, options: ValidateOptions): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  const sections = new Set<string>(SECTIONS);
  const customIds = new Set<string>([
    ...(options.knownCustomIds ?? []),
    ...(options.beneath?.custom ?? []).map((q) => q.id),
  ]);
  const declared = new Set<string>();
  (configuration.custom ?? []).forEach((question, i) => {
    if (CATALOGUE_BY_ID.has(question.id))
      problems.push({
        path: pointer('custom', i, 'id'),
        message: `'${question.id}' is a catalogue field; choose another id for a custom question`,
      });
    else if (declared.has(question.id))
      problems.push({
        path: pointer('custom', i, 'id'),
        message: `custom question '${question.id}' is declared twice`,
      });
    declared.add(question.id);
    customIds.add(question.id);
    customQuestionProblems(question, i, problems);
  });
  const knownField = (id: string) => CATALOGUE_BY_ID.has(id) || (customIds.has(id) && !INHERITED_NAMES.has(id));
  for (const group of ['fields', 'required'] as const) {
    for (const id of Object.keys(configuration[group] ?? {})) {
      if (!knownField(id)) problems.push({ path: pointer(group, id), message: `unknown field '${id}'` });
    }
  }
  for (const id of Object.keys(configuration.subsections ?? {})) {
    if (!sections.has(id))
      problems.push({
        path: pointer('subsections', id),
        message: `unknown section '${id}'; expected one of: ${SECTION_LIST}`,
      });
  }
  problems.push(...listAndFormatProblems(configuration));
  const flagSets = { menus: MENUS, hr: HR_FEATURES } as const;
  for (const group of ['menus', 'hr'] as const) {
    for (const id of Object.keys(configuration[group] ?? {})) {
      if (!(flagSets[group] as readonly string[]).includes(id))
        problems.push({
          path: pointer(group, id),
          message: `unknown ${group === 'hr' ? 'hiring-side feature' : 'menu'} '${id}'; expected one of: ${flagSets[group].join(', ')}`,
        });
    }
  }
  for (const [key, text] of Object.entries(configuration.text ?? {}))
    if (text.trim() === '' && NAMING_TEXT.test(key))
      problems.push({
        path: pointer('text', key),
        message: `'${key}' names something on screen, so it cannot be empty`,
      });
  const stepIds = new Set<string>();
  const placed = new Map<string, string>();
  (configuration.views?.application ?? []).forEach((step, i) => {
    if (INHERITED_NAMES.has(step.id))
      problems.push({ path: pointer('views', 'application', i, 'id'), message: inheritedName(step.id) });
    else if (stepIds.has(step.id))
      problems.push({ path: pointer('views', 'application', i, 'id'), message: `step '${step.id}' is declared twice` });
    stepIds.add(step.id);
    step.sections.forEach((section, j) => {
      const at = pointer('views', 'application', i, 'sections', j);
      if (!sections.has(section))
        problems.push({ path: at, message: `unknown section '${section}'; expected one of: ${SECTION_LIST}` });
      else if (placed.has(section))
        problems.push({ path: at, message: `section '${section}' is already on step '${placed.get(section)}'` });
      else placed.set(section, step.id);
    });
  });
  const inProfile = new Map<string, number>();
  (configuration.views?.profile ?? []).forEach((section, i) => {
    const at = pointer('views', 'profile', i);
    if (!sections.has(section))
      problems.push({ path: at, message: `unknown section '${section}'; expected one of: ${SECTION_LIST}` });
    else if (inProfile.has(section))
      problems.push({
        path: at,
        message: `section '${section}' is already in the profile (at ${pointer('views', 'profile', inProfile.get(section)!)})`,
      });
    else inProfile.set(section, i);
  });
  if (options.beneath) problems.push(...placementProblems(configuration, options.beneath));
  return problems;
}

/**
 * Decision 0005: every section with a visible question is on a step of views.application (a section is left out
 * by hiding it, `subsections.<id>: false`). Checked on the layer merged over the layers beneath it, and named where
 * this layer caused it: its own views, the section it showed, or the custom question it put there.
 */
function placementProblems(layer: Configuration, beneath: Configuration): ConfigurationProblem[] {
  return unplacedSections(mergeConfigurations(beneath, layer)).map((section) => {
    const question = (layer.custom ?? []).findIndex((q) => (q.section ?? CUSTOM_SECTION) === section);
    const path = layer.views?.application
      ? pointer('views', 'application')
      : layer.subsections?.[section] !== undefined
        ? pointer('subsections', section)
        : question >= 0
          ? pointer('custom', question, 'section')
          : pointer('views', 'application');
    return {
      path,
      message: `section '${section}' has questions to ask but is on no step of views.application: add it to a step, or hide it with subsections.${section}: false`,
    };
  });
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
