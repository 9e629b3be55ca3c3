import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { json } from '../../db/json';
import type { MessageStatus } from '#schemas/communications';
import type { AdjustmentValue, ApplicationRow, JobStatus } from '../../db/types';
import type { matchingApplications } from '../search/candidate-filter';

/*
 * SQL of the candidate-attached items. Every query is scoped by the organisation id; the
 * application ids come from `pipelineApplication`, which checked them in that organisation.
 */

/** Takes the application's row lock for the rest of the transaction: writes to its items queue behind each other. */
export async function lockApplication(db: Db, organizationId: string, id: string): Promise<void> {
  await db
    .selectFrom('applications')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export interface PersonRow {
  id: string;
  first_name: string | null;
  preferred_name: string | null;
  last_name: string | null;
  email: string;
  anonymised_at: Date | null;
}

/** People of the organisation (and platform admins, who belong to none) by id: authors, assignees, candidates. */
export async function findPeople(db: Db, organizationId: string, ids: readonly string[]): Promise<PersonRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'preferred_name', 'last_name', 'email', 'anonymised_at'])
    .where('id', 'in', unique)
    .where((eb) => eb.or([eb('organization_id', '=', organizationId), eb('organization_id', 'is', null)]))
    .execute();
}

// Notes and comments

export type NoteRow = {
  id: string;
  kind: 'NOTE' | 'COMMENT';
  body: string;
  author_id: string | null;
  created_at: Date;
  updated_at: Date;
};
const NOTE_COLUMNS = ['id', 'kind', 'body', 'author_id', 'created_at', 'updated_at'] as const;

export async function findNotes(db: Db, organizationId: string, applicationId: string): Promise<NoteRow[]> {
  return db
    .selectFrom('candidate_notes')
    .select(NOTE_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('application_id', '=', applicationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertNote(
  db: Db,
  note: { organizationId: string; applicationId: string; authorId: string; kind: 'NOTE' | 'COMMENT'; body: string },
): Promise<NoteRow> {
  return db
    .insertInto('candidate_notes')
    .values({
      organization_id: note.organizationId,
      application_id: note.applicationId,
      author_id: note.authorId,
      kind: note.kind,
      body: note.body,
    })
    .returning(NOTE_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function findNote(
  db: Db,
  organizationId: string,
  applicationId: string,
  id: string,
): Promise<NoteRow | undefined> {
  return db
    .selectFrom('candidate_notes')
    .select(NOTE_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('application_id', '=', applicationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateNoteBody(
  db: Db,
  organizationId: string,
  applicationId: string,
  id: string,
  body: string,
): Promise<NoteRow | undefined> {
  return db
    .updateTable('candidate_notes')
    .set({ body, updated_at: sql<Date>`now()` })
    .where('organization_id', '=', organizationId)
    .where('application_id', '=', applicationId)
    .where('id', '=', id)
    .returning(NOTE_COLUMNS)
    .executeTakeFirst();
}

// Scores

export interface ScoreValueRow {
  stage_id: number;
  key: string;
  value: unknown;
  updated_at: Date;
}

export interface StageTotalRow {
  stage_id: number;
  total_score: string | null;
  updated_at: Date;
}

export async function findScoreValues(
  db: Db,
  organizationId: string,
  applicationId: string,
  stageId?: number,
): Promise<ScoreValueRow[]> {
  let query = db
    .selectFrom('candidate_scores')
    .select(['stage_id', 'key', 'value', 'updated_at'])
    .where('organization_id', '=', organizationId)
    .where('application_id', '=', applicationId);
  if (stageId !== undefined) query = query.where('stage_id', '=', stageId);
  return query.orderBy('stage_id').orderBy('key').execute();
}

export async function findStageTotals(db: Db, organizationId: string, applicationId: string): Promise<StageTotalRow[]> {
  return db
    .selectFrom('candidate_stage_scores')
    .select(['stage_id', 'total_score', 'updated_at'])
    .where('organization_id', '=', organizationId)
    .where('application_id', '=', applicationId)
    .orderBy('stage_id')
    .execute();
}

export interface ScoreWrite {
  key: string;
  value: unknown;
  /** The value's numeric reading (NUMBER and PERCENT as given, BOOLEAN 1/0), for filters. */
  score: number | null;
}

/** Writes the given values of one stage (insert or replace) and removes the keys in `remove`. */
export async function writeScoreValues(
  db: Db,
  target: { organizationId: string; applicationId: string; stageId: number; authorId: string },
  values: readonly ScoreWrite[],
  remove: readonly string[],
): Promise<void> {
  if (values.length > 0) {
    await db
      .insertInto('candidate_scores')
      .values(
        values.map((v) => ({
          organization_id: target.organizationId,
          application_id: target.applicationId,
          stage_id: target.stageId,
          key: v.key,
          value: json(v.value),
          score: v.score,
          author_id: target.authorId,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['application_id', 'stage_id', 'key']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          score: eb.ref('excluded.score'),
          author_id: eb.ref('excluded.author_id'),
          updated_at: sql<Date>`now()`,
        })),
      )
      .execute();
  }
  if (remove.length > 0) {
    await db
      .deleteFrom('candidate_scores')
      .where('organization_id', '=', target.organizationId)
      .where('application_id', '=', target.applicationId)
      .where('stage_id', '=', target.stageId)
      .where('key', 'in', remove)
      .execute();
  }
}

export async function writeStageTotal(
  db: Db,
  target: { organizationId: string; applicationId: string; stageId: number; authorId: string },
  total: number | null,
): Promise<void> {
  await db
    .insertInto('candidate_stage_scores')
    .values({
      organization_id: target.organizationId,
      application_id: target.applicationId,
      stage_id: target.stageId,
      total_score: total,
      author_id: target.authorId,
    })
    .onConflict((oc) =>
      oc.columns(['application_id', 'stage_id']).doUpdateSet((eb) => ({
        total_score: eb.ref('excluded.total_score'),
        author_id: eb.ref('excluded.author_id'),
        updated_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

/**
 * The hiring side's own columns of an application (match, adjustment, latest total score).
 * They are facts of their own, not answers: one atomic column write each, no version check
 * (a candidate cannot change a submitted record; moves change other columns).
 */
export async function updateHiringColumns(
  db: Db,
  organizationId: string,
  id: string,
  patch: { matched?: boolean; adjustment?: AdjustmentValue | null; total_score?: number | null },
): Promise<ApplicationRow | undefined> {
  return db
    .updateTable('applications')
    .set({
      ...(patch.matched !== undefined && { matched: patch.matched }),
      ...(patch.adjustment !== undefined && { adjustment: patch.adjustment === null ? null : json(patch.adjustment) }),
      ...(patch.total_score !== undefined && { total_score: patch.total_score }),
      updated_at: sql<Date>`now()`,
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('state', '!=', 'DRAFT')
    .returningAll()
    .executeTakeFirst();
}

// Contacts

export interface ContactRow {
  id: string;
  channel: 'EMAIL' | 'SMS';
  subject: string | null;
  text: string | null;
  sender_first_name: string | null;
  sender_last_name: string | null;
  /** A job's status (system emails) or a message's (templates, issue 16). */
  status: JobStatus | MessageStatus;
  detail: string | null;
  created_at: Date;
  sent_at: Date | null;
}

/**
 * The contact messages of a person, newest first, and how many there are: the system emails that are
 * contacts (jobs with a contact subject) and every template message (issue 16), in one UNION ALL.
 */
export async function findContacts(
  db: Db,
  organizationId: string,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: ContactRow[]; total: number }> {
  const contacts = sql`(
    select j.id, 'EMAIL' as channel, j.contact_subject as subject, null as text,
      null as sender_first_name, null as sender_last_name, j.status, null as detail, j.created_at,
      case when j.status = 'done' then j.finished_at end as sent_at
    from jobs j
    where j.organization_id = ${organizationId} and j.user_id = ${userId} and j.kind = 'email'
      and j.contact_subject is not null
    union all
    select m.id, b.channel, m.subject, m.body_text, s.first_name, s.last_name, m.status,
      coalesce(m.skip_reason, m.last_error), m.created_at, m.sent_at
    from messages m join message_batches b on b.id = m.batch_id left join users s on s.id = b.sender_id
    where m.organization_id = ${organizationId} and m.user_id = ${userId}
  ) contacts`;
  const [rows, count] = await Promise.all([
    sql<ContactRow>`select * from ${contacts} order by created_at desc, id desc
      offset ${page.offset} limit ${page.limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from ${contacts}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

// Export

export interface ExportRow {
  id: string;
  first_name: string | null;
  preferred_name: string | null;
  last_name: string | null;
  user_email: string;
  anonymised_at: Date | null;
  stage_id: number | null;
  substage_id: string | null;
  stage_status: string | null;
  applied_at: Date | null;
  last_change_at: Date;
  university_name: string | null;
  degree_class: string | null;
  average_percent: string | null;
  total_score: string | null;
  contextual_flags: string[];
  performance_index: string | null;
}

/** The applications an export takes: `matchingApplications` of the search module (filters, ids, less unselected ids).
 * */
export type ExportMatch = ReturnType<typeof matchingApplications>;

/** How many applications match, counting no further than `limit`. */
export async function countUpTo(db: Db, matching: ExportMatch, limit: number): Promise<number> {
  const row = await db
    .selectFrom(
      matching
        .select(sql<number>`1`.as('one'))
        .limit(limit)
        .as('m'),
    )
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Where the previous batch ended: its last row's exact last change (as text: microseconds survive) and id. */
export interface ExportCursor {
  at: string;
  id: string;
}

/**
 * One batch of an export, in list order (last change, newest first, then id), after `after`:
 * keyset paging, so every batch costs the same however far into the selection it is.
 */
export async function findExportBatch(
  matching: ExportMatch,
  after: ExportCursor | null,
  limit: number,
): Promise<Array<ExportRow & { cursor_at: string }>> {
  let query = matching
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      sql<string>`a.last_change_at::text`.as('cursor_at'),
      'u.first_name',
      'u.preferred_name',
      'u.last_name',
      'u.email as user_email',
      'u.anonymised_at',
      'a.stage_id',
      'a.substage_id',
      'a.stage_status',
      'a.applied_at',
      'a.last_change_at',
      'a.university_name',
      'a.degree_class',
      'a.average_percent',
      'a.total_score',
      'a.contextual_flags',
      'a.performance_index',
    ]);
  if (after)
    query = query.where(sql<boolean>`(a.last_change_at, a.id) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  return query.orderBy('a.last_change_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
}

/** The ids among `ids` that are submitted or withdrawn applications of the role (the others answer 404). */
export async function findRoleApplicationIds(
  db: Db,
  organizationId: string,
  roleId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('applications')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('role_id', '=', roleId)
    .where('state', '!=', 'DRAFT')
    .where(sql<boolean>`id = any(${sql`${[...ids]}::uuid[]`})`)
    .execute();
  return new Set(rows.map((r) => r.id));
}
