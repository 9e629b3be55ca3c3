import type { Answers } from '../forms/answers';
import { fieldAt } from '../forms/validate';
import type { CompiledField, CompiledForm } from '../forms/types';
import { formFields } from '../forms/answers';
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

/**
 * The read-only candidate panel of the hiring side, compiled from a role's listFields with the
 * same labels, visibility and formats as the form. Fields hidden by configuration are left out.
 */
export function candidatePanel(
  form: CompiledForm,
  listFields: readonly ListField[],
  data: { application: Answers; profile: Answers },
  texts: DisplayTexts = ENGLISH_DISPLAY,
): PanelRow[] {
  const fields = formFields(form);
  return listFields.flatMap((entry) => {
    const field: CompiledField | undefined = fieldAt(fields, entry.id);
    if (!field) return [];
    const source = entry.candidateResponse ? data.application : data.profile;
    const value =
      field.kind === 'group' && Array.isArray(source[field.id])
        ? (source[field.id] as Answers[])
            .map((item) =>
              (field.items ?? [])
                .filter((i) => item[i.id] !== undefined)
                .map((i) => formatAnswer(i, item[i.id], item, texts))
                .join(', '),
            )
            .join('; ')
        : formatAnswer(field, source[field.id], source, texts);
    return [
      {
        id: entry.id,
        label: field.label,
        value: value || texts.notAnswered,
        source: entry.candidateResponse ? 'application' : 'profile',
      },
    ];
  });
}
