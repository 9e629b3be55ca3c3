import {
  DEFAULT_LANGUAGE,
  KIND_PLACEHOLDERS,
  moveTarget,
  offeredLanguage,
  smsLength,
  smsSegmentLimit,
  unfillablePlaceholders,
} from '#engine';
import type { FieldError } from '#schemas/api';
import type { Template, TemplateBody, TemplateText } from '#schemas/communications';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import type { MessageTemplateRow, OrganizationRecord } from '../../db/types';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import type { Viewer } from '../../lib/viewer';
import { plainTextOf, sanitiseEmailHtml } from './message-html';
import {
  deleteTemplate,
  findTemplate,
  findTemplates,
  insertTemplate,
  updateTemplate,
  type TemplateValues,
} from './template.repository';

export function toTemplate(row: MessageTemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    kind: row.kind,
    texts: row.texts,
    trigger:
      row.trigger_stage_id === null ? null : { stageId: row.trigger_stage_id, substageId: row.trigger_substage_id },
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * A template as it may be stored, or a 400 naming every problem (decisions 0044, 0060): a text in each language
 * the organisation offers that it gives (English always), an email's subject, an SMS within the organisation's
 * segment limit, only the placeholders its kind can fill, and a trigger stage of the organisation's pipeline (general
 * messages only: a move has no interview or event to tell of). Email HTML is sanitised.
 */
export function checkedTemplate(organization: OrganizationRecord, body: TemplateBody): TemplateValues {
  const problems: FieldError[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });
  const texts: Record<string, TemplateText> = {};
  const segmentLimit = smsSegmentLimit(organization.settings);
  if (!body.texts[DEFAULT_LANGUAGE]) problem(`texts.${DEFAULT_LANGUAGE}`, 'Write the message in English.');
  for (const [code, text] of Object.entries(body.texts)) {
    const field = `texts.${code}`;
    const language = offeredLanguage(code, organization.additional_language_support);
    if (language !== code) {
      problem(field, `The organisation does not offer the language '${code}'.`);
      continue;
    }
    const subject = text.subject?.trim() ?? '';
    if (body.channel === 'EMAIL') {
      const html = sanitiseEmailHtml(text.body);
      if (!subject) problem(`${field}.subject`, 'Write the subject of the email.');
      if (!plainTextOf(html)) problem(`${field}.body`, 'Write the message.');
      texts[code] = { subject, body: html };
    } else {
      if (subject) problem(`${field}.subject`, 'An SMS has no subject.');
      const body_ = text.body.trim();
      const { segments } = smsLength(body_);
      if (segments > segmentLimit)
        problem(
          `${field}.body`,
          `The SMS takes ${segments} messages; the organisation allows at most ${segmentLimit}.`,
        );
      texts[code] = { body: body_ };
    }
    for (const name of unfillablePlaceholders(body.kind, [subject, text.body]))
      problem(
        `${field}.body`,
        (KIND_PLACEHOLDERS.INTERVIEW as readonly string[]).includes(name) ||
          (KIND_PLACEHOLDERS.EVENT as readonly string[]).includes(name)
          ? `The placeholder {{${name}}} cannot be filled in a ${body.kind.toLowerCase()} message.`
          : `There is no placeholder {{${name}}}.`,
      );
  }
  if (body.trigger) {
    const target = moveTarget(organization.stages, body.trigger.stageId, body.trigger.substageId);
    if (!target.ok) problem(`trigger.${target.field === 'stageId' ? 'stageId' : 'substageId'}`, target.message);
    if (body.kind !== 'GENERAL') problem('trigger', 'Only a general message can be sent on a stage move.');
  }
  if (problems.length > 0) throw badRequest(problems.map((p) => p.message).join(' '), problems);
  return { name: body.name.trim(), channel: body.channel, kind: body.kind, texts, trigger: body.trigger };
}

const noTemplate = (id: string) => notFound(`No template with id '${id}'.`);

export async function templateOf(db: Db, viewer: Viewer, id: string): Promise<MessageTemplateRow> {
  const row = isUuid(id) ? await findTemplate(db, viewer.organization.id, id.toLowerCase()) : undefined;
  if (!row) throw noTemplate(id);
  return row;
}

/** A second template of one channel for the same stage and substage: 409 naming the stage. */
async function savingTrigger<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('Another template of this channel is already sent on moves to this stage and substage.');
    throw error;
  }
}

export async function listTemplates(db: Db, viewer: Viewer): Promise<Template[]> {
  return (await findTemplates(db, viewer.organization.id)).map(toTemplate);
}

export async function createTemplate(db: Db, viewer: Viewer, body: TemplateBody): Promise<Template> {
  const values = checkedTemplate(viewer.organization, body);
  return toTemplate(await savingTrigger(() => insertTemplate(db, viewer.organization.id, values)));
}

export async function changeTemplate(db: Db, viewer: Viewer, id: string, body: TemplateBody): Promise<Template> {
  const current = await templateOf(db, viewer, id);
  const values = checkedTemplate(viewer.organization, body);
  const row = await savingTrigger(() => updateTemplate(db, viewer.organization.id, current.id, values));
  if (!row) throw noTemplate(id);
  return toTemplate(row);
}

export async function removeTemplate(db: Db, viewer: Viewer, id: string): Promise<void> {
  const current = await templateOf(db, viewer, id);
  if (!(await deleteTemplate(db, viewer.organization.id, current.id))) throw noTemplate(id);
}
