import type { Db } from '../../db/client';
import { json } from '../../db/json';
import type { MessageTemplateRow } from '../../db/types';
import type { Channel, MessageKind, TemplateText, TemplateTrigger } from '#schemas/communications';

/** A template as stored: its texts already checked and sanitised. */
export interface TemplateValues {
  name: string;
  channel: Channel;
  kind: MessageKind;
  texts: Record<string, TemplateText>;
  trigger: TemplateTrigger | null;
}

const columnsOf = (values: TemplateValues) => ({
  name: values.name,
  channel: values.channel,
  kind: values.kind,
  texts: json(values.texts),
  trigger_stage_id: values.trigger?.stageId ?? null,
  trigger_substage_id: values.trigger?.substageId ?? null,
});

export async function findTemplates(db: Db, organizationId: string): Promise<MessageTemplateRow[]> {
  return db
    .selectFrom('message_templates')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function findTemplate(
  db: Db,
  organizationId: string,
  id: string,
): Promise<MessageTemplateRow | undefined> {
  return db
    .selectFrom('message_templates')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertTemplate(
  db: Db,
  organizationId: string,
  values: TemplateValues,
): Promise<MessageTemplateRow> {
  return db
    .insertInto('message_templates')
    .values({ organization_id: organizationId, ...columnsOf(values) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTemplate(
  db: Db,
  organizationId: string,
  id: string,
  values: TemplateValues,
): Promise<MessageTemplateRow | undefined> {
  return db
    .updateTable('message_templates')
    .set({ ...columnsOf(values), updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTemplate(db: Db, organizationId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('message_templates')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The templates set for moves to a stage (any of its substages): templatesForMove picks those a move sends. */
export async function findStageTemplates(
  db: Db,
  organizationId: string,
  stageId: number,
): Promise<MessageTemplateRow[]> {
  return db
    .selectFrom('message_templates')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('trigger_stage_id', '=', stageId)
    .execute();
}
