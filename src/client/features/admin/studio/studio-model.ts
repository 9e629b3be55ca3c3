import productDefault from '#configs/default-configuration.json';
import {
  CATALOGUE,
  CUSTOM_SECTION,
  HR_FEATURES,
  MENUS,
  mergeConfigurations,
  organizationConfigurationProblems,
  regionLayer,
  type CompiledForm,
  type ConfigurationProblem,
} from '#engine';
import { withoutSchemaKey, type Configuration, type CustomQuestion } from '#schemas/configuration';
import type { PublicOrganization, ThemeConfiguration } from '#schemas/organization';
import { compileForm } from '#client/engine-ui/compiled-validators';
import { candidateConfiguration, candidateContext } from '#client/engine-ui/use-application-form';

/*
 * The configuration studio's model (decision 0043): the draft being edited, its problems by the engine's own check,
 * where each problem is shown, and the candidate's form compiled from the draft. Pure, so tests run it without a page.
 */

const PRODUCT_DEFAULT = withoutSchemaKey(productDefault) as Configuration;

/** What the studio edits: the organisation's two layers (any JSON while typed in the raw view) and its theme. */
export interface Draft {
  defaultConfiguration: Configuration;
  formConfiguration: Configuration;
  themeConfiguration: ThemeConfiguration;
}

export type Layer = 'defaultConfiguration' | 'formConfiguration';

/** Every problem of the draft: the check the server runs before it publishes (organizationConfigurationProblems). */
export function draftProblems(draft: Draft, countryBase: PublicOrganization['countryBase']): ConfigurationProblem[] {
  return organizationConfigurationProblems(draft, { product: PRODUCT_DEFAULT, countryBase });
}

/** The layers beneath the organisation's form layer merged with it: what the structured editor shows. */
export function mergedDraft(draft: Draft, countryBase: PublicOrganization['countryBase']): Configuration {
  return mergeConfigurations(
    PRODUCT_DEFAULT,
    regionLayer(countryBase),
    draft.defaultConfiguration,
    draft.formConfiguration,
  );
}

/**
 * The application form a candidate would be shown were the draft published, in `language` (its language layer as the
 * candidate side loads it): the candidate side's own merge and compile (engine-ui candidateConfiguration); with a
 * role, that role's form and language layers over it, as its candidates' form.
 */
export function previewForm(
  draft: Draft,
  organization: Pick<PublicOrganization, 'subdomain' | 'countryBase' | 'edition'>,
  language: string,
  languageLayer: Configuration | undefined,
  role?: { layer: Configuration; languageLayer: Configuration | undefined },
): CompiledForm {
  const configuration = candidateConfiguration(
    {
      countryBase: organization.countryBase,
      defaultConfiguration: draft.defaultConfiguration,
      formConfiguration: draft.formConfiguration,
    },
    { languageLayer, role: role?.layer, roleLanguage: role?.languageLayer },
  );
  return compileForm({
    subdomain: organization.subdomain,
    form: 'application',
    configuration,
    context: candidateContext(language, organization.edition),
  });
}

/** A DOM id for the editor control that writes the value at `pointer` (ids cannot hold every pointer character). */
export function controlId(pointer: string): string {
  return `studio${pointer.replace(/[^A-Za-z0-9_-]/g, (c) => (c === '/' ? '-' : `_${c.charCodeAt(0).toString(16)}_`))}`;
}

/** The raw JSON view of a layer, where a problem no structured control holds is shown. */
export const jsonPointer = (layer: Layer) => `/${layer}`;

/**
 * The control a problem is shown at: the deepest pointer of `controls` (what the editor's controls write) that the
 * problem's pointer starts with, segment by segment; else the raw JSON view of its layer (the theme's own fields).
 */
export function problemTarget(pointer: string, controls: ReadonlySet<string>): string {
  const segments = pointer.split('/');
  for (let n = segments.length; n > 1; n--) {
    const prefix = segments.slice(0, n).join('/');
    if (controls.has(prefix)) return prefix;
  }
  return segments[1] === 'defaultConfiguration'
    ? jsonPointer('defaultConfiguration')
    : jsonPointer('formConfiguration');
}

/** Problems grouped by the control they are shown at. */
export function problemsByTarget(
  problems: readonly ConfigurationProblem[],
  controls: ReadonlySet<string>,
): Map<string, ConfigurationProblem[]> {
  const byTarget = new Map<string, ConfigurationProblem[]>();
  for (const problem of problems) {
    const target = problemTarget(problem.path, controls);
    byTarget.set(target, [...(byTarget.get(target) ?? []), problem]);
  }
  return byTarget;
}

/** A section of the structured editor: its catalogue questions and the custom questions placed in it. */
interface EditorSection {
  id: string;
  fields: string[];
  custom: string[];
}

export interface EditorStep {
  id: string;
  index: number;
  sections: EditorSection[];
}

/** The steps of the merged draft (views.application) with their sections and questions, as the editor lists them. */
export function editorSteps(merged: Configuration): EditorStep[] {
  const custom = merged.custom ?? [];
  return (merged.views?.application ?? []).map((step, index) => ({
    id: step.id,
    index,
    sections: step.sections.map((section) => ({
      id: section,
      fields: CATALOGUE.filter((field) => field.section === section).map((field) => field.id),
      custom: custom.filter((q) => (q.section ?? CUSTOM_SECTION) === section).map((q) => q.id),
    })),
  }));
}

/** The pointers the structured editor's controls write, for problemTarget. */
export function editorControls(draft: Draft, steps: readonly EditorStep[]): Set<string> {
  const form = '/formConfiguration';
  const controls = new Set<string>([
    jsonPointer('defaultConfiguration'),
    jsonPointer('formConfiguration'),
    `${form}/views/application`,
    '/themeConfiguration/headerBGcolour',
    '/themeConfiguration/secondary',
    '/themeConfiguration/logoWidth',
    '/themeConfiguration/logoMargin',
  ]);
  const text = (key: string) => controls.add(`${form}/text/${escape(key)}`);
  for (const step of steps) {
    text(`step.${step.id}.title`);
    for (const section of step.sections) {
      text(`section.${section.id}.title`);
      controls.add(`${form}/subsections/${escape(section.id)}`);
      for (const id of [...section.fields, ...section.custom]) {
        controls.add(`${form}/fields/${escape(id)}`);
        controls.add(`${form}/required/${escape(id)}`);
      }
      for (const id of section.fields) {
        text(`field.${id}.label`);
        text(`field.${id}.hint`);
      }
    }
  }
  (draft.formConfiguration.custom ?? []).forEach((question, i) => {
    const at = `${form}/custom/${i}`;
    controls.add(at);
    for (const key of ['id', 'type', 'label', 'hint', 'section', 'options'] as const) controls.add(`${at}/${key}`);
    controls.add(`${form}/fields/${escape(question.id)}`);
    controls.add(`${form}/required/${escape(question.id)}`);
  });
  for (const key of Object.keys(draft.formConfiguration.text ?? {})) text(key);
  // Menus and hiring-side features (a flag the product does not know is shown at its group), and the lists of texts.
  for (const [group, ids] of [
    ['menus', MENUS],
    ['hr', HR_FEATURES],
  ] as const) {
    controls.add(`${form}/${group}`);
    for (const id of ids) controls.add(`${form}/${group}/${id}`);
  }
  for (const [key, items] of Object.entries(draft.formConfiguration.textArrays ?? {})) {
    controls.add(`${form}/textArrays/${escape(key)}`);
    items.forEach((_, i) => controls.add(`${form}/textArrays/${escape(key)}/${i}`));
  }
  return controls;
}

/** One pointer segment (RFC 6901). */
export function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

type FlagGroup = 'fields' | 'required' | 'subsections' | 'menus' | 'hr';

/** The form layer with a text set (an empty value is kept: the check says when a name may not be empty). */
export function withText(layer: Configuration, key: string, value: string | undefined): Configuration {
  const { [key]: _old, ...rest } = layer.text ?? {};
  const text = value === undefined ? rest : { ...rest, [key]: value };
  return { ...layer, text };
}

/** The form layer with a flag set, or taken away (undefined: the layers beneath decide). */
export function withFlag(
  layer: Configuration,
  group: FlagGroup,
  id: string,
  value: boolean | undefined,
): Configuration {
  const { [id]: _old, ...rest } = layer[group] ?? {};
  const flags = value === undefined ? rest : { ...rest, [id]: value };
  return { ...layer, [group]: flags };
}

/** The form layer with a list of texts set (a later layer replaces a list whole), or taken away (undefined). */
export function withTextArray(layer: Configuration, key: string, items: readonly string[] | undefined): Configuration {
  const { [key]: _old, ...rest } = layer.textArrays ?? {};
  return { ...layer, textArrays: items === undefined ? rest : { ...rest, [key]: [...items] } };
}

export function withCustom(layer: Configuration, custom: CustomQuestion[]): Configuration {
  return { ...layer, custom };
}

/** A new custom question's id: `question1`, `question2`… not yet used. */
export function newQuestionId(merged: Configuration): string {
  const used = new Set((merged.custom ?? []).map((q) => q.id));
  let n = 1;
  while (used.has(`question${n}`)) n++;
  return `question${n}`;
}
