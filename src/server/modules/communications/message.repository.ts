import { sql, type Expression } from 'kysely';
import type { Channel, MessageStatus } from '#schemas/communications';
import type { Db } from '../../db/client';

/*
 * SQL of message batches (decision 0044). A batch's messages are written by ONE INSERT … SELECT
 * whatever their number, each with the address it goes to or the reason it is skipped; the worker
 * then takes them one at a time (QUEUED → SENDING → SENT), so a batch run again after a crash never
 * sends a message twice.
 */

export interface NewBatch {
  organizationId: string;
  templateId: string;
  templateName: string;
  channel: Channel;
  origin: 'MANUAL' | 'BULK' | 'STAGE';
  senderId: string;
  siteBase: string;
}

export async function insertBatch(db: Db, batch: NewBatch): Promise<string> {
  const row = await db
    .insertInto('message_batches')
    .values({
      organization_id: batch.organizationId,
      template_id: batch.templateId,
      template_name: batch.templateName,
      channel: batch.channel,
      origin: batch.origin,
      sender_id: batch.senderId,
      site_base: batch.siteBase,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A candidate's mobile number, as their application's answers hold it. */
const MOBILE = sql<string | null>`nullif(trim(ap.answers->>'mobile'), '')`;

/** A booked interview of the application still to come. */
const HAS_INTERVIEW = sql<boolean>`exists (
  select 1 from interview_bookings b
  join interview_invitations i on i.id = b.invitation_id
  join interview_slots s on s.id = b.slot_id
  where i.application_id = ap.id and b.status = 'BOOKED' and s.starts_at > now())`;

/**
 * The application's latest interview invitation whose booking page still serves the candidate (decision
 * 0060): not cancelled, and either booked for a time to come (the page changes it) or open until its due date.
 */
const LIVE_INVITATION = sql<string | null>`(
  select i.id from interview_invitations i
  where i.application_id = ap.id and i.cancelled_at is null and (
    exists (select 1 from interview_bookings b join interview_slots s on s.id = b.slot_id
      where b.invitation_id = i.id and b.status = 'BOOKED' and s.starts_at > now())
    or (i.due_at >= now()
      and not exists (select 1 from interview_bookings b where b.invitation_id = i.id and b.status = 'BOOKED')))
  order by i.created_at desc, i.id limit 1)`;

/** A place at an event of the organisation still to come. */
const HAS_EVENT = sql<boolean>`exists (
  select 1 from event_registrations r join events e on e.id = r.event_id
  where r.user_id = ap.user_id and r.organization_id = ap.organization_id and r.status = 'REGISTERED'
    and e.start_at > now())`;

/** What a template needs of a person to be filled (decision 0060; `requirementOf` in render.ts): null for nothing. */
export type Requirement = 'BOOKED_INTERVIEW' | 'LIVE_INVITATION' | 'EVENT' | null;

const MEETS: Readonly<Record<NonNullable<Requirement>, Expression<boolean>>> = {
  BOOKED_INTERVIEW: HAS_INTERVIEW,
  LIVE_INVITATION: sql<boolean>`${LIVE_INVITATION} is not null`,
  EVENT: HAS_EVENT,
};

/**
 * One message per candidate of `applications` (a subquery of application ids, already limited to the
 * organisation): QUEUED with the address it goes to, or SKIPPED with why — anonymised, opted out
 * (the REJECTED marker, or the channel turned off), no address, nothing to fill an interview or event
 * message with. A candidate with several applications gets one message (about their latest). Returns
 * how many rows were written.
 */
export async function insertBatchMessages(
  db: Db,
  batch: { organizationId: string; batchId: string; channel: Channel; requirement: Requirement },
  applications: Expression<unknown>,
): Promise<number> {
  const address = batch.channel === 'EMAIL' ? sql<string>`u.email` : MOBILE;
  const accepts = batch.channel === 'EMAIL' ? sql`u.accept_email_messages` : sql`u.accept_sms_messages`;
  const fillable = batch.requirement ? MEETS[batch.requirement] : sql<boolean>`true`;
  const result = await sql`
    insert into messages (organization_id, batch_id, user_id, application_id, status, skip_reason, language, to_address)
    select organization_id, batch_id, user_id, application_id,
      case when reason is null then 'QUEUED' else 'SKIPPED' end, reason, language, address
    from (
      select distinct on (ap.user_id)
        ap.organization_id, ${batch.batchId}::uuid as batch_id, ap.user_id, ap.id as application_id,
        u.language, ${address} as address,
        case
          when u.anonymised_at is not null or u.email like '%ANON%' then 'ANONYMISED'
          when u.email like '%REJECTED%' or not ${accepts} then 'OPTED_OUT'
          when ${address} is null then 'NO_ADDRESS'
          when not ${fillable} then 'NOTHING_TO_FILL'
        end as reason
      from applications ap join users u on u.id = ap.user_id
      where ap.organization_id = ${batch.organizationId} and ap.state <> 'DRAFT' and ap.id in (${applications})
      order by ap.user_id, ap.last_change_at desc, ap.id
    ) chosen
    on conflict (batch_id, user_id) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Application ids of the organisation among `ids` (malformed ones already left out). */
export function applicationIdsAmong(db: Db, organizationId: string, ids: readonly string[]) {
  return db
    .selectFrom('applications')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', sql<string>`any(${[...ids]}::uuid[])`);
}

export interface BatchCounts {
  id: string;
  channel: Channel;
  template_name: string;
  created_at: Date;
  total: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  opted_out: number;
}

export async function findBatchCounts(
  db: Db,
  organizationId: string,
  batchId: string,
): Promise<BatchCounts | undefined> {
  const row = await db
    .selectFrom('message_batches as b')
    .leftJoin('messages as m', 'm.batch_id', 'b.id')
    .where('b.organization_id', '=', organizationId)
    .where('b.id', '=', batchId)
    .groupBy(['b.id', 'b.channel', 'b.template_name', 'b.created_at'])
    .select(['b.id', 'b.channel', 'b.template_name', 'b.created_at'])
    .select([
      sql<number>`count(m.id)::int`.as('total'),
      sql<number>`(count(*) filter (where m.status in ('QUEUED', 'SENDING')))::int`.as('queued'),
      sql<number>`(count(*) filter (where m.status = 'SENT'))::int`.as('sent'),
      sql<number>`(count(*) filter (where m.status = 'FAILED'))::int`.as('failed'),
      sql<number>`(count(*) filter (where m.status = 'SKIPPED'))::int`.as('skipped'),
      sql<number>`(count(*) filter (where m.skip_reason = 'OPTED_OUT'))::int`.as('opted_out'),
    ])
    .executeTakeFirst();
  return row && { ...row, total: Number(row.total) };
}

export async function findBatch(db: Db, batchId: string) {
  return db.selectFrom('message_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
}

/** What a message about an application is rendered with: the candidate, the role, the next interview or event. */
export interface Recipient {
  application_id: string;
  user_id: string;
  email: string;
  language: string | null;
  first_name: string | null;
  preferred_name: string | null;
  last_name: string | null;
  role_name: string;
  stage_id: number | null;
  interview_starts_at: Date | null;
  interview_ends_at: Date | null;
  interview_time_zone: string | null;
  /** The invitation whose booking link a message may carry (LIVE_INVITATION), if any. */
  invitation_id: string | null;
  event_title: string | null;
  mobile: string | null;
  accept_email_messages: boolean;
  accept_sms_messages: boolean;
  anonymised_at: Date | null;
}

/** The recipients of the organisation's applications `ids`, by application id. */
export async function findRecipients(
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, Recipient>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('applications as ap')
    .innerJoin('users as u', 'u.id', 'ap.user_id')
    .innerJoin('roles as r', 'r.id', 'ap.role_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('interview_bookings as b')
          .innerJoin('interview_invitations as i', 'i.id', 'b.invitation_id')
          .innerJoin('interview_slots as s', 's.id', 'b.slot_id')
          .innerJoin('interview_schedules as sc', 'sc.id', 'i.schedule_id')
          .whereRef('i.application_id', '=', 'ap.id')
          .where('b.status', '=', 'BOOKED')
          .where('s.starts_at', '>', sql<Date>`now()`)
          .select(['s.starts_at', 's.ends_at', 'sc.time_zone'])
          .orderBy('s.starts_at')
          .limit(1)
          .as('iv'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('event_registrations as er')
          .innerJoin('events as e', 'e.id', 'er.event_id')
          .whereRef('er.user_id', '=', 'ap.user_id')
          .whereRef('er.organization_id', '=', 'ap.organization_id')
          .where('er.status', '=', 'REGISTERED')
          .where('e.start_at', '>', sql<Date>`now()`)
          .select(['e.title'])
          .orderBy('e.start_at')
          .limit(1)
          .as('ev'),
      (join) => join.onTrue(),
    )
    .where('ap.organization_id', '=', organizationId)
    .where('ap.id', '=', sql<string>`any(${[...ids]}::uuid[])`)
    .select([
      'ap.id as application_id',
      'ap.user_id',
      'u.email',
      'u.language',
      sql<string | null>`coalesce(ap.first_name, u.first_name)`.as('first_name'),
      'u.preferred_name',
      sql<string | null>`coalesce(ap.last_name, u.last_name)`.as('last_name'),
      'r.name as role_name',
      'ap.stage_id',
      'iv.starts_at as interview_starts_at',
      'iv.ends_at as interview_ends_at',
      'iv.time_zone as interview_time_zone',
      LIVE_INVITATION.as('invitation_id'),
      'ev.title as event_title',
      MOBILE.as('mobile'),
      'u.accept_email_messages',
      'u.accept_sms_messages',
      'u.anonymised_at',
    ])
    .execute();
  return new Map(rows.map((row) => [row.application_id, row as Recipient]));
}

/** The next QUEUED messages of a batch after `afterId`, in id order. */
export async function findQueuedMessages(db: Db, batchId: string, afterId: string | null, limit: number) {
  let query = db
    .selectFrom('messages')
    .select(['id', 'application_id', 'to_address', 'language'])
    .where('batch_id', '=', batchId)
    .where('status', '=', 'QUEUED');
  if (afterId) query = query.where('id', '>', afterId);
  return query.orderBy('id').limit(limit).execute();
}

/** Takes a QUEUED message for sending; false when it is not QUEUED any more (another run took it). */
export async function claimMessage(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set({ status: 'SENDING', attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .where('status', '=', 'QUEUED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishMessage(
  db: Db,
  id: string,
  outcome:
    | { status: 'SENT'; subject: string | null; text: string; unsubscribeTokenHash: string | null }
    | { status: Extract<MessageStatus, 'QUEUED' | 'FAILED'>; error: string }
    | { status: 'SKIPPED'; reason: 'NOTHING_TO_FILL' },
): Promise<void> {
  const set =
    outcome.status === 'SENT'
      ? {
          status: outcome.status,
          subject: outcome.subject,
          body_text: outcome.text,
          unsubscribe_token_hash: outcome.unsubscribeTokenHash,
          sent_at: sql<Date>`now()`,
          last_error: null,
        }
      : outcome.status === 'SKIPPED'
        ? { status: outcome.status, skip_reason: outcome.reason }
        : { status: outcome.status, last_error: outcome.error.slice(0, 2000) };
  await db.updateTable('messages').set(set).where('id', '=', id).execute();
}

/**
 * The batch's messages still at `status`, failed for good with `error`: those a run left SENDING (its
 * worker died between taking and recording them; they may have gone out, so they are never sent again),
 * or those still QUEUED when they cannot be sent any more.
 */
export async function failBatchMessages(
  db: Db,
  batchId: string,
  status: Extract<MessageStatus, 'SENDING' | 'QUEUED'>,
  error: string,
): Promise<void> {
  await db
    .updateTable('messages')
    .set({ status: 'FAILED', last_error: error.slice(0, 2000) })
    .where('batch_id', '=', batchId)
    .where('status', '=', status)
    .execute();
}

/** The person a message's unsubscribe link was for, and its channel. */
export async function findByUnsubscribeToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('messages as m')
    .innerJoin('message_batches as b', 'b.id', 'm.batch_id')
    .select(['m.user_id', 'm.organization_id', 'b.channel'])
    .where('m.unsubscribe_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function stopMessages(db: Db, userId: string, channel: Channel): Promise<void> {
  await db
    .updateTable('users')
    .set(channel === 'EMAIL' ? { accept_email_messages: false } : { accept_sms_messages: false })
    .where('id', '=', userId)
    .execute();
}

/** Erasure: every message to the person (addresses and texts) goes. */
export async function deleteUserMessages(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('messages').where('user_id', '=', userId).execute();
}

/**
 * The interview invitation's link becomes the one of `tokenHash`: only hashes are kept, so a message that carries
 * the booking link carries a new one, and the link sent before stops working, as with a reminder (decision 0061).
 */
export async function renewInvitationToken(db: Db, invitationId: string, tokenHash: string): Promise<void> {
  await db.updateTable('interview_invitations').set({ token_hash: tokenHash }).where('id', '=', invitationId).execute();
}
