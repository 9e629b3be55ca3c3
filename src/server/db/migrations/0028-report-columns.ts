import { sql, type Kysely } from 'kysely';

/*
 * The whole-organisation reports at a million applications (issue 17, decision 0081): two small columns of
 * applications the by-stage reports read instead of joining the stage history and detoasting the answers.
 *
 * - stages_reached: the stages an application's history (moves not undone) went into, each once (in the order first
 *   reached; sorted after an undo). A row-level BEFORE trigger appends the new stage when a submitted application's
 *   stage changes (or one is inserted at a stage): it edits the row being written, with one plain assignment (no
 *   query), so a move writes no other row, and its WHEN clause keeps it from running at all when the stage is already
 *   in the list. Marking a move undone recomputes the list from the history (undo is one row at a time).
 * - monitored_answers: the answers to the six monitored characteristics (schemas/reports.ts MONITORED_CHARACTERISTICS,
 *   in that order; tests/server/report-columns.test.ts holds the two lists equal), '' as null. Kept by a trigger on
 *   INSERT or UPDATE OF answers, which fires only when a statement sets answers: moves pay nothing.
 */
export const MONITORED_ANSWER_FIELDS = ['gender', 'ethnicity', 'sexuality', 'religion', 'disability', 'veteran'];

const monitored = (row: string) =>
  `array[${MONITORED_ANSWER_FIELDS.map((field) => `nullif(${row}.answers ->> '${field}', '')`).join(', ')}]::text[]`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table applications add column stages_reached smallint[] not null default '{}',
    add column monitored_answers text[]`.execute(db);
  // One pass: the history aggregated once by hash, joined to the applications (drafts have no history).
  await sql
    .raw(
      `update applications a set monitored_answers = ${monitored('a')}, stages_reached = coalesce(r.stages, '{}')
        from applications b left join (select h.application_id, array_agg(distinct h.to_stage_id order by h.to_stage_id)
          as stages from stage_history h where h.undone_at is null group by h.application_id) r on r.application_id = b.id
        where b.id = a.id`,
    )
    .execute(db);

  await sql`create function applications_stage_reached() returns trigger language plpgsql as $$
    begin
      new.stages_reached := new.stages_reached || new.stage_id::smallint;
      return new;
    end $$`.execute(db);
  await sql`create trigger applications_stage_reached before insert or update of stage_id, state on applications
    for each row when (new.state <> 'DRAFT' and new.stage_id is not null and not (new.stage_id = any (new.stages_reached)))
    execute function applications_stage_reached()`.execute(db);

  await sql`create function stage_history_undone() returns trigger language plpgsql as $$
    begin
      update applications a set stages_reached = coalesce((select array_agg(distinct h.to_stage_id order by h.to_stage_id)
        from stage_history h where h.organization_id = new.organization_id and h.application_id = new.application_id
          and h.undone_at is null), '{}')
      where a.organization_id = new.organization_id and a.id = new.application_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger stage_history_undone after update of undone_at on stage_history
    for each row when (old.undone_at is distinct from new.undone_at) execute function stage_history_undone()`.execute(
    db,
  );

  await sql
    .raw(
      `create function applications_monitored_answers() returns trigger language plpgsql as $$
      begin
        new.monitored_answers := ${monitored('new')};
        return new;
      end $$`,
    )
    .execute(db);
  await sql`create trigger applications_monitored_answers before insert or update of answers on applications
    for each row execute function applications_monitored_answers()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists applications_monitored_answers on applications`.execute(db);
  await sql`drop function if exists applications_monitored_answers()`.execute(db);
  await sql`drop trigger if exists stage_history_undone on stage_history`.execute(db);
  await sql`drop function if exists stage_history_undone()`.execute(db);
  await sql`drop trigger if exists applications_stage_reached on applications`.execute(db);
  await sql`drop function if exists applications_stage_reached()`.execute(db);
  await sql`alter table applications drop column if exists monitored_answers, drop column if exists stages_reached`.execute(
    db,
  );
}
