import { displayName, isAnonymisedEmail, isOptedOutEmail, templatesForMove, type PipelinePosition } from '#engine';
import type { BatchProgress, Preview, PreviewBody, SendBody, SkipReason } from '#schemas/communications';
import type { Db } from '../../db/client';
import type { MessageTemplateRow, OrganizationRecord } from '../../db/types';
import { enqueueJob } from '../../jobs/job.repository';
import { badRequest, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import type { Viewer } from '../../lib/viewer';
import { noApplication, pipelineApplication } from '../applications/application-access';
import { matchingApplications } from '../search/candidate-filter';
import {
  applicationIdsAmong,
  findBatchCounts,
  findRecipients,
  insertBatch,
  insertBatchMessages,
  type NewBatch,
  type Recipient,
} from './message.repository';
import {
  meetsRequirement,
  messageLanguage,
  placeholderValues,
  renderMessage,
  requirementOf,
  shownBookingLink,
  smsCount,
} from './render';
import { findStageTemplates, type TemplateValues } from './template.repository';
import { checkedTemplate, templateOf, toTemplate } from './template.service';

/** How the sender is named in {{senderName}}. */
export function senderNameOf(user: {
  first_name: string | null;
  preferred_name: string | null;
  last_name: string | null;
}) {
  return displayName({ firstName: user.first_name, preferredName: user.preferred_name, lastName: user.last_name });
}

/** The worker's job that sends a batch's messages (delivery.ts). */
export const MESSAGE_BATCH_JOB = 'message_batch';
/** Tries of a batch's job: its messages that failed are tried again after 30 s, 2 and 8 minutes. */
const BATCH_ATTEMPTS = 4;

export interface BatchJobPayload {
  batchId: string;
}

/** Who is sending, for the batch and the {{senderName}} placeholder. */
interface Sender {
  organization: OrganizationRecord;
  userId: string;
  siteBase: string;
}

/**
 * Writes a batch and its messages (one INSERT … SELECT) and queues its job, in the caller's transaction
 * when it has one; returns the batch id.
 */
async function queueBatch(
  db: Db,
  sender: Sender,
  template: MessageTemplateRow,
  origin: NewBatch['origin'],
  applications: Parameters<typeof insertBatchMessages>[2],
): Promise<string> {
  const { organization } = sender;
  const batchId = await insertBatch(db, {
    organizationId: organization.id,
    templateId: template.id,
    templateName: template.name,
    channel: template.channel,
    origin,
    senderId: sender.userId,
    siteBase: sender.siteBase,
  });
  await insertBatchMessages(
    db,
    { organizationId: organization.id, batchId, channel: template.channel, requirement: requirementOf(template) },
    applications,
  );
  const payload: BatchJobPayload = { batchId };
  await enqueueJob(db, {
    organizationId: organization.id,
    userId: null,
    kind: MESSAGE_BATCH_JOB,
    payload,
    maxAttempts: BATCH_ATTEMPTS,
  });
  return batchId;
}

/**
 * POST /communications/send: the template to one application (`ids` of one), a selection, or all
 * matching `filters` less `unselectedIds`. The messages are written at once — one INSERT … SELECT,
 * those who opted out or were anonymised skipped — and sent by the worker; 202 with the batch's
 * counts (the sender is told how many opted out) for the client to follow.
 */
export async function sendMessages(db: Db, viewer: Viewer, body: SendBody, siteBase: string): Promise<BatchProgress> {
  const { organization } = viewer;
  const template = await templateOf(db, viewer, body.templateId);
  if ((body.ids === undefined) === (body.filters === undefined)) {
    const message = 'Give either the ids of the candidates to message or filters to message all matching, not both.';
    throw badRequest(message, [{ field: body.ids ? 'filters' : 'ids', message }]);
  }
  const unselected = [...(body.unselectedIds ?? []), ...(body.filters?.unselectedIds ?? [])];
  let applications;
  if (body.ids) {
    const ids = [...new Set(body.ids.map((id) => id.toLowerCase()))];
    const malformed = ids.find((id) => !isUuid(id));
    if (malformed !== undefined) throw noApplication(malformed);
    const found = new Set(
      (await applicationIdsAmong(db, organization.id, ids).where('state', '<>', 'DRAFT').execute()).map((r) => r.id),
    );
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw noApplication(missing);
    const chosen = ids.filter((id) => !unselected.includes(id));
    applications = applicationIdsAmong(db, organization.id, chosen);
  } else {
    const filters = { ...body.filters, unselectedIds: unselected };
    applications = matchingApplications(db, organization, filters, new Date()).select('a.id');
  }
  const origin = body.ids?.length === 1 ? 'MANUAL' : 'BULK';
  const sender = { organization, userId: viewer.user.id, siteBase };
  const batchId = await db.transaction().execute((trx) => queueBatch(trx, sender, template, origin, applications));
  return batchProgress(db, viewer, batchId);
}

/** GET /communications/batches/:batchId: how far the batch has got. */
export async function batchProgress(db: Db, viewer: Viewer, batchId: string): Promise<BatchProgress> {
  const row = isUuid(batchId) ? await findBatchCounts(db, viewer.organization.id, batchId.toLowerCase()) : undefined;
  if (!row) throw notFound(`No batch of messages with id '${batchId}'.`);
  return {
    id: row.id,
    channel: row.channel,
    templateName: row.template_name,
    total: row.total,
    queued: row.queued,
    sent: row.sent,
    failed: row.failed,
    skipped: row.skipped,
    optedOut: row.opted_out,
    done: row.queued === 0,
    createdAt: row.created_at.toISOString(),
  };
}

/** How a move sends its stage's message: from the apply site at `siteBase`, or null when the manager said not to. */
export type StageMessage = { siteBase: string } | null;

/**
 * A move of `applicationIds` to `to` (a single move or a bulk one; never an undo, which replays no
 * message): each template set for that stage and substage — one a channel — goes to them, in the
 * move's own transaction, so a move rolled back sends nothing and a move sends once.
 */
export async function queueStageMessages(
  trx: Db,
  sender: Sender,
  applicationIds: readonly string[],
  to: PipelinePosition,
): Promise<void> {
  if (applicationIds.length === 0) return;
  const rows = await findStageTemplates(trx, sender.organization.id, to.stageId);
  const chosen = new Set(templatesForMove(rows.map(toTemplate), to).map((template) => template.id));
  for (const template of rows.filter((row) => chosen.has(row.id)))
    await queueBatch(trx, sender, template, 'STAGE', applicationIdsAmong(trx, sender.organization.id, applicationIds));
}

/** Why a message would not reach this person: the rules of insertBatchMessages, for the preview. */
function skipReasonOf(recipient: Recipient, template: TemplateValues): SkipReason | null {
  if (recipient.anonymised_at || isAnonymisedEmail(recipient.email)) return 'ANONYMISED';
  const accepts = template.channel === 'EMAIL' ? recipient.accept_email_messages : recipient.accept_sms_messages;
  if (isOptedOutEmail(recipient.email) || !accepts) return 'OPTED_OUT';
  if (template.channel === 'SMS' && !recipient.mobile) return 'NO_ADDRESS';
  if (!meetsRequirement(recipient, requirementOf(template))) return 'NOTHING_TO_FILL';
  return null;
}

/**
 * POST /communications/preview: a template as written (checked like a save) rendered for one
 * application's candidate, in their language unless another is asked for.
 */
export async function previewMessage(db: Db, viewer: Viewer, body: PreviewBody, siteBase: string): Promise<Preview> {
  const { organization } = viewer;
  const template = checkedTemplate(organization, body.template);
  const application = await pipelineApplication(db, viewer, body.applicationId);
  const recipient = (await findRecipients(db, organization.id, [application.id])).get(application.id);
  if (!recipient) throw noApplication(body.applicationId);
  const language = messageLanguage(template.texts, body.language ?? recipient.language);
  const values = placeholderValues(recipient, {
    organization,
    senderName: senderNameOf(viewer.user),
    language,
    // The link is made when the message is sent (decision 0060): the preview shows where it leads.
    bookingLink: recipient.invitation_id && shownBookingLink(siteBase),
  });
  const rendered = renderMessage(template, language, values);
  return {
    language,
    ...(rendered.subject !== null && { subject: rendered.subject }),
    ...(rendered.html !== null && { html: rendered.html }),
    text: rendered.text,
    ...(template.channel === 'SMS' && { sms: smsCount(rendered.text) }),
    skipped: skipReasonOf(recipient, template),
  };
}
