import { sql } from 'kysely';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/viewer';

/*
 * The right of access (decision 0055): everything held about the signed-in person as one zip.
 * The tables are found in the schema, not listed here, so a table added later with a `user_id`
 * or an `application_id` is in the archive without a change: every row naming the person or one
 * of their applications, one JSON file a table, and the documents themselves beside them.
 */

/** Sign-in secrets (sessions, one-time links and codes): hashes of credentials, not information about the person. */
export const CREDENTIAL_TABLES: ReadonlySet<string> = new Set([
  'session_families',
  'session_tokens',
  'link_tokens',
  'otp_codes',
  'otp_cookies',
]);
/** Columns left out of the JSON: secrets, the queued payload (it may hold a sign-in link), file bytes (as files). */
const OMITTED_COLUMNS: ReadonlySet<string> = new Set(['password_hash', 'token_hash', 'payload', 'content']);

type Row = Record<string, unknown>;

/** The tables with a column naming a person or an application, and which of the two each has. */
export async function personTables(db: Db): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.column_name in ('user_id', 'application_id')
    order by c.table_name`.execute(db);
  const tables = new Map<string, Set<string>>();
  for (const row of rows) tables.set(row.table_name, (tables.get(row.table_name) ?? new Set()).add(row.column_name));
  return tables;
}

function withoutSecrets(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !OMITTED_COLUMNS.has(column)));
}

async function rowsOf(db: Db, table: string, columns: Set<string>, userId: string, applicationIds: string[]) {
  const conditions = [];
  if (columns.has('user_id')) conditions.push(sql`${sql.ref('user_id')} = ${userId}`);
  if (columns.has('application_id') && applicationIds.length > 0)
    conditions.push(sql`${sql.ref('application_id')} in (${sql.join(applicationIds)})`);
  if (conditions.length === 0) return [];
  const { rows } = await sql<Row>`select * from ${sql.table(table)} where ${sql.join(conditions, sql` or `)}`.execute(
    db,
  );
  return rows;
}

const json = (value: unknown): Uint8Array => strToU8(JSON.stringify(value, null, 2));
const safeName = (name: string): string => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);

/** Every table's rows about the person, by table name (the account as `users`). */
async function collectPersonData(db: Db, userId: string): Promise<Map<string, Row[]>> {
  const data = new Map<string, Row[]>();
  const account = await sql<Row>`select * from users where id = ${userId}`.execute(db);
  data.set('users', account.rows);
  const applications = await db.selectFrom('applications').select('id').where('user_id', '=', userId).execute();
  const applicationIds = applications.map((row) => row.id);
  for (const [table, columns] of await personTables(db)) {
    if (CREDENTIAL_TABLES.has(table)) continue;
    data.set(table, await rowsOf(db, table, columns, userId, applicationIds));
  }
  // Bookings name the invitation, not the application.
  const invitationIds = (data.get('interview_invitations') ?? []).map((row) => String(row.id));
  data.set(
    'interview_bookings',
    invitationIds.length === 0
      ? []
      : await db.selectFrom('interview_bookings').selectAll().where('invitation_id', 'in', invitationIds).execute(),
  );
  return data;
}

/** GET /v1/user/data-export: the zip archive. */
export async function exportMyData(db: Db, viewer: Viewer, now = new Date()): Promise<Uint8Array> {
  const data = await collectPersonData(db, viewer.user.id);
  const files: Zippable = {
    'README.txt': strToU8(
      `Your data held by ${viewer.organization.name}, exported ${now.toISOString()}.\r\n` +
        'Each JSON file holds the records of one kind (users: your account; applications: your applications ' +
        'and answers; stage_history: their progress; jobs: the messages sent to you; event_registrations, ' +
        'interview_invitations and interview_bookings: events and interviews). documents/ holds your files.\r\n',
    ),
  };
  for (const [table, rows] of data) files[`${table}.json`] = json(rows.map(withoutSecrets));
  const documents = await db
    .selectFrom('documents')
    .select(['id', 'file_name', 'content'])
    .where('user_id', '=', viewer.user.id)
    .execute();
  for (const document of documents)
    files[`documents/${document.id}-${safeName(document.file_name)}`] = new Uint8Array(document.content);
  return zipSync(files, { level: 6, mtime: now });
}
