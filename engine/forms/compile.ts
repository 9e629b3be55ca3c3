import type { Configuration, CustomQuestion, StepDefinition } from '#schemas/configuration';
import { CATALOGUE, CATALOGUE_BY_ID, SECTIONS } from '../fields/catalogue';
import { countryName, isListType, listOptionKey, listOptions } from '../fields/lists';
import { isOtherOption } from '../fields/other-option';
import type { FieldDefinition, FieldKind, ListType, RemoteListType } from '../fields/types';
import { own } from '../rules/own';
import { isRequired, isVisible } from '../rules/visibility';
import { yearList } from '../validation/years';
import { hashString, stableStringify } from './hash';
import { objectSchema } from './kinds';
import { optionalText, textOf } from './texts';
import type { CompileContext, CompiledField, CompiledForm, CompiledSection, CompiledStep } from './types';

/** Where a custom question without a `section` is asked. */
export const CUSTOM_SECTION = 'additionalQuestions';

const CUSTOM_KINDS: Record<CustomQuestion['type'], FieldKind> = {
  text: 'text',
  textarea: 'textarea',
  number: 'number',
  select: 'select',
  radio: 'radio',
  checkboxes: 'checkboxes',
  yesno: 'yesno',
  date: 'date',
};

function customField(question: CustomQuestion): FieldDefinition {
  return {
    id: question.id,
    kind: CUSTOM_KINDS[question.type],
    section: question.section ?? CUSTOM_SECTION,
    label: question.label,
    name: question.name,
    hint: question.hint,
    options: question.options && [...question.options],
    list: question.list && isListType(question.list) ? question.list : undefined,
    maxLength: question.maxLength,
    maxWords: question.maxWords,
    minimum: question.minimum,
    maximum: question.maximum,
    custom: true,
  };
}

/**
 * The reference list a catalogue question takes its options from under a configuration: the one `lists` names for it
 * (a region's permit types, decision 0034), else the catalogue's. The hiring side filters answers by the same list.
 */
export function questionList(configuration: Configuration, id: string): ListType | undefined {
  const catalogued = CATALOGUE_BY_ID.get(id)?.list;
  const chosen = own(configuration.lists, id);
  return catalogued && chosen && isListType(chosen) ? chosen : catalogued;
}

/** Catalogue and custom fields of each section, in catalogue then declaration order. */
function fieldsBySection(configuration: Configuration): Map<string, FieldDefinition[]> {
  const bySection = new Map<string, FieldDefinition[]>();
  for (const field of [...CATALOGUE, ...(configuration.custom ?? []).map(customField)]) {
    const list = bySection.get(field.section) ?? [];
    list.push(field);
    bySection.set(field.section, list);
  }
  return bySection;
}

class Compiler {
  private readonly today: Date;
  private readonly language: string;
  constructor(
    private readonly configuration: Configuration,
    context: CompileContext,
  ) {
    this.today = new Date(`${context.today}T12:00:00Z`);
    this.language = context.language;
  }

  /**
   * A catalogue question as this configuration asks it: from the list (`lists`) and in the form (`formats`) it names
   * for the question, when the question takes a list or a format (a region's permit types, an Australian mobile).
   */
  private resolved(definition: FieldDefinition): FieldDefinition {
    if (definition.custom) return definition;
    const list = questionList(this.configuration, definition.id);
    const format = own(this.configuration.formats, definition.id);
    const changed: Partial<FieldDefinition> = {};
    if (list !== definition.list) changed.list = list;
    if (definition.format && format) changed.format = format;
    return Object.keys(changed).length > 0 ? { ...definition, ...changed } : definition;
  }

  field(catalogued: FieldDefinition, siblings: readonly FieldDefinition[]): CompiledField | undefined {
    const c = this.configuration;
    const definition = this.resolved(catalogued);
    if (!isVisible(c, 'fields', definition.id)) return undefined;
    const showIf = definition.showIf ? this.condition(definition, siblings) : undefined;
    if (definition.showIf && !showIf) return undefined;
    const label = textOf(c, `field.${definition.id}.label`, definition.label ?? definition.id);
    // An empty hint text takes the hint away; an empty label cannot (textOf falls back, and the validator refuses it).
    const hint = own(c.text, `field.${definition.id}.hint`) ?? definition.hint;
    const compiled: CompiledField = {
      id: definition.id,
      kind: definition.kind,
      label,
      required: isRequired(c, definition.id),
    };
    if (hint) compiled.hint = hint;
    // An empty name text takes a lower layer's away: a language that translates the question but has no short name.
    const name = own(c.text, `field.${definition.id}.name`) ?? definition.name;
    if (name) compiled.name = name;
    const requiredMessage = optionalText(c, `field.${definition.id}.error.required`);
    if (requiredMessage) compiled.requiredMessage = requiredMessage;
    const options = this.options(definition);
    if (options) {
      compiled.options = options;
      const labels = this.optionLabels(definition, options);
      if (labels) compiled.optionLabels = labels;
    }
    if (showIf) compiled.showIf = showIf;
    if (definition.list) compiled.list = definition.list;
    if (definition.remoteList) {
      compiled.remoteList = definition.remoteList;
      const labels = this.suggestionLabels(definition.remoteList);
      if (labels) compiled.optionLabels = labels;
    }
    for (const key of [
      'format',
      'maxLength',
      'maxWords',
      'minimum',
      'maximum',
      'accept',
      'maxBytes',
      'minItems',
      'maxItems',
      'custom',
    ] as const) {
      if (definition[key] !== undefined) (compiled as unknown as Record<string, unknown>)[key] = definition[key];
    }
    if (definition.items) {
      compiled.items = this.fields(definition.items);
      if (compiled.items.length === 0) return undefined;
      compiled.itemLabel = textOf(c, `field.${definition.id}.item`, label);
    }
    return compiled;
  }

  fields(definitions: readonly FieldDefinition[]): CompiledField[] {
    return definitions.flatMap((d) => this.field(d, definitions) ?? []);
  }

  /** A conditional field is shown only while its controlling field is itself visible. */
  private condition(definition: FieldDefinition, siblings: readonly FieldDefinition[]) {
    const rule = definition.showIf!;
    const sibling = siblings.find((s) => s.id === rule.field);
    if (!sibling || !isVisible(this.configuration, 'fields', sibling.id)) return undefined;
    const controller = this.resolved(sibling);
    const controllerOptions = (this.options(controller) ?? []).map(String);
    const values = rule.oneOf.flatMap((v) => (v === '@other' ? controllerOptions.filter(isOtherOption) : [v]));
    return { field: rule.field, values };
  }

  private options(definition: FieldDefinition): readonly (string | number)[] | undefined {
    if (definition.kind === 'year' && definition.years) {
      return yearList(this.today, definition.years.back, definition.years.forward);
    }
    if (definition.options) return definition.options;
    if (definition.list) return listOptions(definition.list);
    return undefined;
  }

  /**
   * What each option is called in the form's language (the answer stays the option itself): a
   * list option's text `list.<TYPE>.<option>`, a fixed option's `field.<id>.option.<option>`,
   * a country's name from Intl. Undefined when every option reads as it is.
   */
  private optionLabels(
    definition: FieldDefinition,
    options: readonly (string | number)[],
  ): Record<string, string> | undefined {
    if (definition.kind === 'year') return undefined;
    const text = this.configuration.text;
    const labels: Array<[string, string]> = [];
    for (const option of options) {
      const value = String(option);
      const label = definition.list
        ? (own(text, listOptionKey(definition.list, value)) ??
          (definition.list === 'COUNTRY' ? countryName(value, this.language) : undefined))
        : own(text, `field.${definition.id}.option.${value}`);
      if (label && label !== value) labels.push([value, label]);
    }
    // fromEntries defines own properties, so an option named like a prototype member (`__proto__`) keeps its label.
    return labels.length > 0 ? Object.fromEntries(labels) : undefined;
  }

  /** A type-ahead's known answers in the form's language (`list.SUBJECT.<subject>`); typed answers read as typed. */
  private suggestionLabels(list: RemoteListType): Record<string, string> | undefined {
    const prefix = listOptionKey(list, '');
    const labels = Object.entries(this.configuration.text ?? {}).filter(([key]) => key.startsWith(prefix));
    return labels.length > 0
      ? Object.fromEntries(labels.map(([key, label]) => [key.slice(prefix.length), label]))
      : undefined;
  }

  section(id: string, bySection: Map<string, FieldDefinition[]>): CompiledSection | undefined {
    const c = this.configuration;
    if (!isVisible(c, 'subsections', id)) return undefined;
    const fields = this.fields(bySection.get(id) ?? []);
    if (fields.length === 0) return undefined;
    const section: CompiledSection = { id, title: textOf(c, `section.${id}.title`, id), fields };
    const description = optionalText(c, `section.${id}.description`);
    if (description) section.description = description;
    return section;
  }
}

const cache = new Map<string, CompiledForm>();
const CACHE_LIMIT = 256;
/** Configurations deep-frozen by sealConfiguration: they cannot change, so their identity stands for their content. */
const sealed = new WeakSet<Configuration>();
/** Fast path for sealed configurations: the forms compiled from one, by context (a few contexts each at most). */
const bySealed = new WeakMap<Configuration, Map<string, CompiledForm>>();
const CONTEXTS_PER_CONFIGURATION = 8;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * A deep-frozen copy of a configuration that compile knows by identity: compiling it again skips hashing its
 * content (~1 ms for a translated configuration, docs/performance.md). An unsealed configuration is keyed by its
 * content, so changing it in place can never return a form compiled from what it was before.
 */
export function sealConfiguration(configuration: Configuration): Configuration {
  if (sealed.has(configuration)) return configuration;
  const copy = deepFreeze(structuredClone(configuration));
  sealed.add(copy);
  return copy;
}

export function isSealed(configuration: Configuration): boolean {
  return sealed.has(configuration);
}

function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (map.size >= limit) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
}

/**
 * Compiles a merged configuration (engine/config/merge) into the ordered steps of an application:
 * steps → sections → visible fields, with a JSON Schema and uiSchema per step. Pure and
 * deterministic; results are cached by a hash of the inputs, and are frozen, so no caller can change a form
 * another caller shares.
 */
export function compile(configuration: Configuration, context: CompileContext): CompiledForm {
  const contextKey = stableStringify(context);
  const forContext = sealed.has(configuration)
    ? (bySealed.get(configuration) ?? new Map<string, CompiledForm>())
    : undefined;
  const known = forContext?.get(contextKey);
  if (known) return known;
  const key = hashString(`${stableStringify(configuration)}|${contextKey}`);
  const form =
    cache.get(key) ?? remember(cache, key, deepFreeze(compileUncached(configuration, context, key)), CACHE_LIMIT);
  if (forContext) {
    remember(forContext, contextKey, form, CONTEXTS_PER_CONFIGURATION);
    bySealed.set(configuration, forContext);
  }
  return form;
}

/**
 * Sections with a visible question that no step of views.application places (in SECTIONS order). Decision 0005: the
 * validator refuses such a configuration; should one reach compile anyway (a section shown later by a lower layer),
 * compile asks each of them on a step of its own after the others, so no visible question is ever asked nowhere.
 */
export function unplacedSections(configuration: Configuration): string[] {
  const steps = configuration.views?.application;
  if (!steps) return [];
  const placed = new Set(steps.flatMap((step) => step.sections));
  const compiler = new Compiler(configuration, PLACEMENT_CONTEXT);
  const bySection = fieldsBySection(configuration);
  return SECTIONS.filter((id) => !placed.has(id) && compiler.section(id, bySection) !== undefined);
}

/** Whether a section has questions does not depend on the language, user or day; year lists only need a day. */
const PLACEMENT_CONTEXT: CompileContext = {
  language: 'en',
  edition: 'ats',
  userType: 'CANDIDATE',
  today: '2000-01-01',
};

function stepDefinitions(configuration: Configuration): StepDefinition[] {
  const steps = configuration.views?.application;
  if (!steps) return SECTIONS.map((id) => ({ id, sections: [id] }));
  const ids = new Set(steps.map((step) => step.id));
  const appended = unplacedSections(configuration).map((section) => {
    let id = section;
    for (let n = 2; ids.has(id); n += 1) id = `${section}${n}`;
    ids.add(id);
    return { id, sections: [section], title: `section.${section}.title` };
  });
  return [...steps, ...appended];
}

export function compileUncached(configuration: Configuration, context: CompileContext, key = ''): CompiledForm {
  const compiler = new Compiler(configuration, context);
  const bySection = fieldsBySection(configuration);
  const steps: CompiledStep[] = [];
  for (const definition of stepDefinitions(configuration)) {
    const sections = definition.sections.flatMap((id) => compiler.section(id, bySection) ?? []);
    if (sections.length === 0) continue;
    const fields = sections.flatMap((s) => s.fields);
    const { schema, uiSchema } = objectSchema(fields);
    steps.push({
      id: definition.id,
      title: textOf(configuration, definition.title ?? `step.${definition.id}.title`, definition.id),
      sections,
      schema,
      uiSchema,
      fieldIds: fields.map((f) => f.id),
    });
  }
  return {
    key,
    language: context.language,
    steps,
    schema: objectSchema(steps.flatMap((s) => s.sections.flatMap((section) => section.fields))).schema,
    // Copies: the form is frozen once cached, and the caller's configuration must stay theirs to change.
    texts: { ...configuration.text },
    textArrays: Object.fromEntries(Object.entries(configuration.textArrays ?? {}).map(([k, v]) => [k, [...v]])),
  };
}
