import { own } from '../rules/own';
import { isFieldShown, type Answers } from '../forms/answers';
import type { CompiledField, CompiledForm } from '../forms/types';
import { formatAnswer, type DisplayTexts, ENGLISH_DISPLAY } from './format';

export interface AnswerRow {
  fieldId: string;
  /** Dotted path of the answer, e.g. `universities.1.degreeClass`. */
  path: string;
  label: string;
  value: string;
  /** Step where the answer is changed. */
  stepId: string;
  /** The uploaded document a file question's answer names (for a download link). */
  file?: { id: string; name: string };
}

interface AnswerGroup {
  /** A repeatable item, e.g. "Universities 2". */
  title: string;
  rows: AnswerRow[];
}

export interface AnswerSection {
  id: string;
  title: string;
  stepId: string;
  rows: AnswerRow[];
  groups: AnswerGroup[];
}

/**
 * The items of a repeatable group's answer, each an object: an answer of another shape (not a list, an item that is
 * not an object) reads as empty rather than failing the page that shows it.
 */
export function groupItems(answers: Answers, id: string): Answers[] {
  const value = own(answers, id);
  if (!Array.isArray(value)) return [];
  return value.map((item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) ? (item as Answers) : {},
  );
}

/** A file answer's document: {id, name} as the upload returned them. */
function uploadedFile(value: unknown): AnswerRow['file'] {
  if (!value || typeof value !== 'object') return undefined;
  const { id, name } = value as { id?: unknown; name?: unknown };
  return typeof id === 'string' && typeof name === 'string' ? { id, name } : undefined;
}

function rowsOf(
  fields: readonly CompiledField[],
  answers: Answers,
  stepId: string,
  prefix: string,
  texts: DisplayTexts,
): AnswerRow[] {
  return fields
    .filter((f) => f.kind !== 'group' && isFieldShown(f, answers) && !(f.id === 'ethnicitySpecify'))
    .map((f) => {
      const row: AnswerRow = {
        fieldId: f.id,
        path: `${prefix}${f.id}`,
        label: f.label,
        value: formatAnswer(f, own(answers, f.id), answers, texts),
        stepId,
      };
      const file = f.kind === 'file' ? uploadedFile(own(answers, f.id)) : undefined;
      return file ? { ...row, file } : row;
    });
}

/**
 * The check-answers model (and, through the same labels and formats, the read-only panels):
 * every visible field of every step with its formatted answer, repeatable items as groups.
 */
export function answersView(
  form: CompiledForm,
  answers: Answers,
  texts: DisplayTexts = ENGLISH_DISPLAY,
): AnswerSection[] {
  return form.steps.flatMap((step) =>
    step.sections.map((section) => ({
      id: section.id,
      title: section.title,
      stepId: step.id,
      rows: rowsOf(section.fields, answers, step.id, '', texts),
      groups: section.fields
        .filter((f) => f.kind === 'group' && f.items)
        .flatMap((group) =>
          groupItems(answers, group.id).map((item, i) => ({
            title: `${group.itemLabel ?? group.label} ${i + 1}`,
            rows: rowsOf(group.items!, item, step.id, `${group.id}.${i}.`, texts),
          })),
        ),
    })),
  );
}
