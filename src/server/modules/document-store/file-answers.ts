import { formFields, type Answers, type CompiledForm } from '#engine';
import type { FieldError } from '#schemas/api';
import { message } from '#schemas/messages';
import { badRequest } from '../../lib/http-error';
import type { DocumentMeta } from './document.repository';

function fileIdOf(value: unknown): string | undefined {
  return value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string'
    ? (value as { id: string }).id
    : undefined;
}

/** The answer naming a stored document: its id, and its name, size and type as stored. */
export function fileAnswerOf(document: DocumentMeta) {
  return { id: document.id, name: document.file_name, size: document.size, contentType: document.content_type };
}

/** Ids of the form's file questions. */
function fileFieldIds(form: CompiledForm): string[] {
  return formFields(form)
    .filter((field) => field.kind === 'file')
    .map((field) => field.id);
}

/**
 * File answers must name documents uploaded to this application for that question; their name,
 * size and type are then taken from what was stored, never from the request. A 400 names every
 * file answer that does not.
 */
export function checkedFileAnswers(form: CompiledForm, answers: Answers, documents: readonly DocumentMeta[]): Answers {
  const checked: Answers = { ...answers };
  const problems: FieldError[] = [];
  for (const fieldId of fileFieldIds(form)) {
    if (answers[fieldId] === undefined) continue;
    const document = documents.find((d) => d.id === fileIdOf(answers[fieldId]) && d.field_id === fieldId);
    if (!document) problems.push({ field: fieldId, ...message('fileNotUploaded') });
    else checked[fieldId] = fileAnswerOf(document);
  }
  if (problems.length > 0) throw badRequest(message('invalidAnswers'), problems);
  return checked;
}

/** Documents the stored answers named that the new answers no longer name: replaced or removed files. */
export function replacedDocumentIds(form: CompiledForm, before: Answers, after: Answers): string[] {
  const kept = new Set(fileFieldIds(form).map((id) => fileIdOf(after[id])));
  return fileFieldIds(form)
    .map((id) => fileIdOf(before[id]))
    .filter((id): id is string => id !== undefined && !kept.has(id));
}
