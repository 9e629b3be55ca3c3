import { formFields, type Answers } from '../forms/answers';
import type { CompiledField, CompiledForm } from '../forms/types';
import { CATALOGUE_BY_ID } from '../fields/catalogue';
import type { ContextualData } from '#schemas/contextual';
import { CONTEXTUAL_LIST_FIELDS, contextualPanelRow, isContextualListField } from '../contextual/panel';
import { pointer, type ConfigurationProblem } from '../config/validate';
import { own } from '../rules/own';
import { groupItems } from './answers-view';
import { formatAnswer, type DisplayTexts, ENGLISH_DISPLAY } from './format';

/** A role's template.viewConfiguration.listFields entry (spec §3). */
export interface ListField {
  id: string;
  /** True: the value is the candidate's answer to the role's application; false: from the person's profile. */
  candidateResponse: boolean;
}

export interface PanelRow {
  id: string;
  label: string;
  value: string;
  source: 'application' | 'profile';
}

const answered = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Equal-opportunities (diversity monitoring) answers are for aggregate reports only: they never
 * reach the screens that screen candidates (ICO recruitment guidance, decision 0049).
 */
const isMonitoringAnswer = (id: string) => CATALOGUE_BY_ID.get(id)?.section === 'equalOpportunities';

/** One item of a repeatable group as a line: its answers, joined. */
function itemText(items: readonly CompiledField[], item: Answers, texts: DisplayTexts): string {
  return items
    .filter((field) => answered(own(item, field.id)))
    .map((field) => formatAnswer(field, own(item, field.id), item, texts))
    .join(', ');
}

/**
 * What the panel shows for a listFields id: a question of the form, a whole repeatable group (each item a line),
 * or a question inside a group (`degreeSubject`: every university's answer, joined). Undefined when the form does
 * not ask it (hidden by configuration).
 */
function panelCell(
  fields: readonly CompiledField[],
  id: string,
  source: Answers,
  texts: DisplayTexts,
): { field: CompiledField; value: string } | undefined {
  const field = fields.find((f) => f.id === id);
  if (field?.kind === 'group')
    return {
      field,
      value: groupItems(source, id)
        .map((item) => itemText(field.items ?? [], item, texts))
        .filter(Boolean)
        .join('; '),
    };
  if (field) return { field, value: formatAnswer(field, own(source, id), source, texts) };
  for (const group of fields) {
    const item = group.items?.find((f) => f.id === id);
    if (!item) continue;
    const values = groupItems(source, group.id)
      .filter((answers) => answered(own(answers, id)))
      .map((answers) => formatAnswer(item, own(answers, id), answers, texts));
    return { field: item, value: values.join('; ') };
  }
  return undefined;
}

/**
 * The read-only candidate panel of the hiring side, compiled from a role's listFields with the
 * same labels, visibility and formats as the form. Fields hidden by configuration are left out;
 * a field inside a repeatable group shows each item's answer.
 */
export function candidatePanel(
  form: CompiledForm,
  listFields: readonly ListField[],
  data: { application: Answers; profile: Answers },
  texts: DisplayTexts = ENGLISH_DISPLAY,
): PanelRow[] {
  const fields = formFields(form);
  return listFields.flatMap((entry) => {
    if (isMonitoringAnswer(entry.id)) return [];
    const cell = panelCell(fields, entry.id, entry.candidateResponse ? data.application : data.profile, texts);
    if (!cell) return [];
    return [
      {
        id: entry.id,
        label: cell.field.label,
        value: cell.value || texts.notAnswered,
        source: entry.candidateResponse ? 'application' : 'profile',
      },
    ];
  });
}

/**
 * The rows of a role's candidate panel in its listFields' order: each answer row (`rows`, from candidatePanel of the
 * role's form and, for profile-only ids, of the profile form), and each contextual measure it lists (issue 17) from
 * the application's contextual data (none: those rows are left out). The server's panel and the studio's preview
 * (decision 0078) both build their rows here.
 */
export function listFieldRows(
  listFields: readonly ListField[],
  rows: readonly PanelRow[],
  contextual: ContextualData | null,
): PanelRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return listFields.flatMap((f): PanelRow[] => {
    if (isContextualListField(f.id))
      return contextual ? [{ id: f.id, ...contextualPanelRow(f.id, contextual), source: 'application' }] : [];
    const row = byId.get(f.id);
    return row ? [row] : [];
  });
}

/**
 * What is wrong with a role's listFields, at paths under its template: an id that is neither a catalogue question
 * (a question inside a repeatable group included, which the panel shows for every item) nor one of `customIds`.
 * Whatever passes, the panel can show wherever the form asks it.
 */
export function listFieldProblems(
  listFields: readonly ListField[],
  customIds: Iterable<string>,
): ConfigurationProblem[] {
  const custom = new Set(customIds);
  const problem = (id: string): string | undefined => {
    if (isMonitoringAnswer(id))
      return `'${id}' is an equal-opportunities answer: reported only in aggregate, never shown to screeners`;
    if (CATALOGUE_BY_ID.has(id) || custom.has(id) || isContextualListField(id)) return undefined;
    return `'${id}' is not a known question: expected a catalogue field (one inside a repeatable group included), a custom question id or a contextual measure (${CONTEXTUAL_LIST_FIELDS.join(', ')})`;
  };
  return listFields.flatMap((entry, j) => {
    const message = problem(entry.id);
    return message ? [{ path: pointer('viewConfiguration', 'listFields', j, 'id'), message }] : [];
  });
}
