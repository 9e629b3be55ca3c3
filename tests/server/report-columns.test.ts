import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITORED_CHARACTERISTICS } from '#schemas/reports';
import type { Db } from '#server/db/client';
import { json } from '#server/db/json';
import { MONITORED_ANSWER_FIELDS } from '#server/db/migrations/0028-report-columns';
import type { OrganizationRecord } from '#server/db/types';
import type { Viewer } from '#server/lib/viewer';
import { applyRetention } from '#server/modules/audit/retention.service';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { createRole, createUser } from '#server/seed/factories';
import { insertApplications, viewerOf } from '../helpers/applications';
import { pipelineActions, runPipelineAction, type PipelineAction } from '../helpers/pipeline-actions';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The report columns of migration 0028 (decision 0081): after any sequence of moves, bulk moves, undos, answer edits,
 * anonymisation and erasure through the services, each application's stages_reached equals the stages its history
 * (moves not undone) went into, and monitored_answers equals its monitored answers — the definitions the reports used
 * before, kept here as the straightforward queries over the history and the answers.
 */

let t: TestApp;
let db: Db;
let acme: OrganizationRecord;
let viewer: Viewer;

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  acme = (await findOrganizationByKey(db, 'acme'))!;
  viewer = await viewerOf(db, acme, 'hr@acme.example');
});
afterAll(() => t?.close());

/** What the reports computed before migration 0028, straight from the history and the answers. */
async function definitions(roleId: string) {
  const { rows } = await sql<{ id: string; stages: number[]; monitored: Array<string | null> | null }>`
    select a.id,
      coalesce((select array_agg(distinct h.to_stage_id order by h.to_stage_id) from stage_history h
        where h.application_id = a.id and h.undone_at is null), '{}') as stages,
      array[${sql.join(MONITORED_CHARACTERISTICS.map((field) => sql`nullif(a.answers ->> ${field}::text, '')`))}]::text[]
        as monitored
    from applications a where a.role_id = ${roleId}::uuid order by a.id`.execute(db);
  return rows;
}

async function columns(roleId: string) {
  const rows = await db
    .selectFrom('applications')
    .select(['id', 'stages_reached as stages', 'monitored_answers as monitored'])
    .where('role_id', '=', roleId)
    .orderBy('id')
    .execute();
  // Each stage once, in the order first reached: compared as a set.
  return rows.map((row) => ({ ...row, stages: row.stages.map(Number).sort((a, b) => a - b) }));
}

/** A submitted application at the entry stage, with its SUBMIT entry, as the submit service leaves it. */
async function submitted(roleId: string, answers: Record<string, unknown>): Promise<string> {
  const user = await createUser(db, { organizationId: acme.id, firstName: 'Ada', lastName: 'Report' });
  const [id] = await insertApplications(db, [{ organization: acme, roleId, userId: user.id, answers, at: new Date() }]);
  return id!;
}

const GENDERS = ['Woman', 'Man', 'Non-binary', '', 'Prefer not to say'];

type Action =
  | PipelineAction
  | { kind: 'answers'; app: number; gender: string; veteran: string | null }
  | { kind: 'anonymise' }
  | { kind: 'erase'; app: number };

describe('the report columns (migration 0028)', () => {
  it('lists the monitored characteristics in the order of schemas/reports.ts', () => {
    expect(MONITORED_ANSWER_FIELDS).toEqual([...MONITORED_CHARACTERISTICS]);
  });

  it('equal the history and answers after random moves, undos, answer edits, anonymisation and erasure', async () => {
    const stages = acme.stages.map((stage) => stage.id);
    const size = 5;
    const app = fc.integer({ min: 0, max: size - 1 });
    const action: fc.Arbitrary<Action> = fc.oneof(
      ...pipelineActions(stages, size, 3),
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('answers' as const),
          app,
          gender: fc.constantFrom(...GENDERS),
          veteran: fc.option(fc.constantFrom('Yes', 'No')),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'anonymise' as const }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('erase' as const), app }) },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        const role = await createRole(db, acme.id, { name: 'Report columns role' });
        const ids: string[] = [];
        for (let i = 0; i < size; i++) ids.push(await submitted(role.id, { gender: GENDERS[i % GENDERS.length] }));
        for (const step of actions) {
          // Moves the rules refuse (same place, withdrawn, nothing to undo) change nothing: part of the property.
          if (step.kind === 'move' || step.kind === 'bulk' || step.kind === 'undo')
            await runPipelineAction(db, viewer, role.id, ids, step);
          else if (step.kind === 'answers')
            await db
              .updateTable('applications')
              .set({ answers: json({ gender: step.gender, veteran: step.veteran, firstName: 'Ada' }) })
              .where('id', '=', ids[step.app]!)
              .execute();
          else if (step.kind === 'anonymise') {
            await db
              .updateTable('organizations')
              .set({ application_retention_days: 1 })
              .where('id', '=', acme.id)
              .execute();
            await applyRetention(db, new Date(Date.now() + 3 * 86_400_000));
            await db
              .updateTable('organizations')
              .set({ application_retention_days: null })
              .where('id', '=', acme.id)
              .execute();
          } else await db.deleteFrom('applications').where('id', '=', ids[step.app]!).execute();
        }
        expect(await columns(role.id)).toEqual(await definitions(role.id));
      }),
      { numRuns: 25 },
    );
  });
});
