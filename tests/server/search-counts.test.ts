import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePipeline } from '../../bench/generate-pipeline';
import type { CandidateSearchFilters } from '#schemas/search';
import type { OrganizationRecord } from '#server/db/types';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { matchingApplications } from '#server/modules/search/candidate-filter';
import { countWay, stageCounts } from '#server/modules/search/search-counts';
import { searchCandidates } from '#server/modules/search/search.service';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The tab counts of decisions 0079 and 0084: the roll-ups kept by the triggers of migrations 0026 and 0029 answer
 * exactly what counting the applications answers, after any sequence of inserts, moves, edits and deletes (single rows
 * and whole statements); across all roles, filters no roll-up carries are counted exactly up to the cap and marked
 * beyond it.
 */

let t: TestApp;
let acme: OrganizationRecord;
let roleIds: string[];
const NOW = new Date();

type Counts = Record<string, number>;
const keyOf = (stage: number | null, substage: string | null) => `${stage}/${substage}`;

async function exactCounts(filters: CandidateSearchFilters): Promise<Counts> {
  const rows = await matchingApplications(t.db, acme, filters, NOW)
    .select(['a.stage_id', 'a.substage_id', sql<number>`count(*)::int`.as('total')])
    .groupBy(['a.stage_id', 'a.substage_id'])
    .execute();
  return Object.fromEntries(rows.map((r) => [keyOf(r.stage_id, r.substage_id), Number(r.total)]));
}

async function rolledUp(filters: CandidateSearchFilters): Promise<Counts> {
  const { query } = stageCounts(t.db, acme, filters, NOW, 10_000);
  const { rows } = await query.execute(t.db);
  return Object.fromEntries(
    rows.filter((r) => Number(r.total) !== 0).map((r) => [keyOf(r.stage_id, r.substage_id), Number(r.total)]),
  );
}

const GROUP_SETS = [[], ['RUSSELL'], ['RUSSELL', 'OXBRIDGE'], ['GO8']];
const MARKS = [null, 49.5, 60, 64.99, 65, 70, 70.25, 80];
const LOCATIONS = [null, 'London', 'Leeds', 'Remote'];
const STATUSES = [null, 'PENDING', 'INVITED', 'COMPLETED'] as const;

/** One change to acme's applications, as the product makes them: one row, or a whole statement. */
const change = fc.oneof(
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), stage: fc.nat(), substage: fc.nat() }),
  fc.record({ kind: fc.constant('draft' as const), pick: fc.nat(), draft: fc.boolean() }),
  fc.record({
    kind: fc.constant('profile' as const),
    pick: fc.nat(),
    groups: fc.nat(GROUP_SETS.length - 1),
    university: fc.boolean(),
    mark: fc.nat(MARKS.length - 1),
  }),
  fc.record({ kind: fc.constant('role' as const), pick: fc.nat(), role: fc.nat() }),
  fc.record({
    kind: fc.constant('facet' as const),
    pick: fc.nat(),
    location: fc.nat(LOCATIONS.length - 1),
    status: fc.nat(STATUSES.length - 1),
  }),
  fc.record({ kind: fc.constant('bulkStatus' as const), stage: fc.nat(), status: fc.nat(STATUSES.length - 1) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('bulkMove' as const), stage: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('copy' as const), pick: fc.nat(), role: fc.nat() }),
);

async function apply(c: typeof change extends fc.Arbitrary<infer T> ? T : never): Promise<void> {
  const ids = await t.db
    .selectFrom('applications')
    .select(['id', 'user_id'])
    .where('organization_id', '=', acme.id)
    .orderBy('id')
    .execute();
  if (ids.length === 0) return;
  const stages = acme.stages;
  if (c.kind === 'bulkMove') {
    const from = stages[c.stage % stages.length]!;
    const to = stages[c.to % stages.length]!;
    await t.db
      .updateTable('applications')
      .set({ stage_id: to.id, substage_id: to.subStages[0]?.id ?? null })
      .where('organization_id', '=', acme.id)
      .where('stage_id', '=', from.id)
      .execute();
    return;
  }
  if (c.kind === 'bulkStatus') {
    await t.db
      .updateTable('applications')
      .set({ stage_status: STATUSES[c.status]! })
      .where('organization_id', '=', acme.id)
      .where('stage_id', '=', stages[c.stage % stages.length]!.id)
      .execute();
    return;
  }
  const target = ids[c.pick % ids.length]!;
  const row = t.db.updateTable('applications').where('id', '=', target.id);
  switch (c.kind) {
    case 'move': {
      const stage = stages[c.stage % stages.length]!;
      const sub = stage.subStages.length ? stage.subStages[c.substage % stage.subStages.length]!.id : null;
      await row.set({ stage_id: stage.id, substage_id: sub }).execute();
      return;
    }
    case 'draft':
      await row.set({ state: c.draft ? 'DRAFT' : 'SUBMITTED' }).execute();
      return;
    case 'profile':
      await row
        .set({
          university_groups: GROUP_SETS[c.groups]!,
          university_name: c.university ? 'Somewhere University' : null,
          average_percent: MARKS[c.mark]!,
        })
        .execute();
      return;
    case 'facet':
      await row.set({ location: LOCATIONS[c.location]!, stage_status: STATUSES[c.status]! }).execute();
      return;
    case 'role':
      // Another role the candidate has not applied to (one application per candidate and role).
      await sql`update applications set role_id = ${roleIds[c.role % roleIds.length]!}
        where id = ${target.id} and not exists (select 1 from applications b where b.user_id = ${target.user_id}
          and b.role_id = ${roleIds[c.role % roleIds.length]!})`.execute(t.db);
      return;
    case 'delete':
      await t.db.deleteFrom('applications').where('id', '=', target.id).execute();
      return;
    case 'copy':
      // An insert of a submitted application as a statement of its own (what a submit or an import makes).
      await sql`insert into applications (organization_id, role_id, user_id, state, stage_id, substage_id, university_groups,
          university_name, average_percent)
        select organization_id, ${roleIds[c.role % roleIds.length]!}, user_id, 'SUBMITTED', stage_id, substage_id,
          university_groups, university_name, average_percent from applications a
        where id = ${target.id} and not exists (select 1 from applications b where b.user_id = a.user_id
          and b.role_id = ${roleIds[c.role % roleIds.length]!})`.execute(t.db);
      return;
  }
}

const ROLL_UP_FILTERS = (): CandidateSearchFilters[] => [
  {},
  { roleId: roleIds[0]! },
  { roleId: roleIds[1]!, groups: ['REJECTED'] },
  { departments: ['Technology', 'Finance'] },
  { status: 'ARCHIVED' },
  { universityGroups: ['RUSSELL'] },
  { universityGroups: ['NON_RUSSELL', 'GO8'], universityPercentile: { min: 60, max: 70 } },
  { universityPercentile: {} },
  { wamRanges: [{ min: 50, max: 65 }, { min: 80 }] },
  { universityPercentile: { max: 65 }, groups: ['OFFERS', 'HIRED'] },
  { roleId: roleIds[0]!, universityGroups: ['RUSSELL'] },
  { roleId: roleIds[2]!, universityGroups: ['NON_RUSSELL', 'OXBRIDGE'], groups: ['REJECTED', 'OFFERS'] },
  { departments: ['Technology'], universityGroups: ['GO8', 'RUSSELL'] },
  { locations: ['London'] },
  { locations: ['Leeds', 'Remote'], statuses: ['PENDING', 'COMPLETED'] },
  { statuses: ['INVITED'], groups: ['REJECTED'] },
];

beforeAll(async () => {
  t = await createTestApp();
  acme = (await findOrganizationByKey(t.db, 'acme'))!;
  roleIds = (await generatePipeline(t.db, { organizationId: acme.id, roles: 4, applications: 160, batch: 1000 }))
    .roleIds;
});

afterAll(async () => {
  await t?.close();
});

describe('the roll-ups of migrations 0026 and 0029', () => {
  it('are read only for filters they carry', () => {
    expect(countWay({})).toBe('roles');
    expect(countWay({ roleId: 'x', departments: ['Finance'], groups: ['OFFERS'] })).toBe('roles');
    expect(countWay({ universityGroups: ['RUSSELL'], universityPercentile: { min: 70 } })).toBe('profile');
    // A mark bound that is not whole cannot be read off whole marks: counted instead.
    expect(countWay({ universityPercentile: { min: 69.5 } })).toBe('capped');
    expect(countWay({ universityGroups: ['RUSSELL'], roleId: 'x' })).toBe('roleGroups');
    expect(countWay({ universityGroups: ['RUSSELL'], roleTypes: ['GRADUATE'] })).toBe('roleGroups');
    expect(countWay({ universityGroups: ['RUSSELL'], universityPercentile: { min: 70 }, roleId: 'x' })).toBe('exact');
    expect(countWay({ locations: ['London'] })).toBe('facets');
    expect(countWay({ locations: ['London'], statuses: ['PENDING'], groups: ['OFFERS'] })).toBe('facets');
    expect(countWay({ locations: ['London'], roleId: 'x' })).toBe('exact');
    expect(countWay({ locations: ['London'], universityGroups: ['RUSSELL'] })).toBe('capped');
    expect(countWay({ dateAdded: 'LAST_YEAR' })).toBe('capped');
  });

  it('count what counting the applications counts, after any sequence of changes', async () => {
    for (const filters of ROLL_UP_FILTERS())
      expect(await rolledUp(filters), JSON.stringify(filters)).toEqual(await exactCounts(filters));
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 6 }), async (changes) => {
        for (const c of changes) await apply(c);
        for (const filters of ROLL_UP_FILTERS())
          expect(await rolledUp(filters), JSON.stringify(filters)).toEqual(await exactCounts(filters));
      }),
      { numRuns: 15 },
    );
  });
});

describe('counts across all roles with other filters', () => {
  it('are exact up to the cap; a stage past it says "at least the cap", and so does the page', async () => {
    // No roll-up carries the date an application came in.
    const filters: CandidateSearchFilters = { dateAdded: 'LAST_YEAR' };
    const exact = await exactCounts(filters);
    const perStage = new Map<number, number>();
    for (const [key, n] of Object.entries(exact)) {
      const stage = Number(key.split('/')[0]);
      perStage.set(stage, (perStage.get(stage) ?? 0) + n);
    }
    const [big] = [...perStage.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const cap = 5;
    const page = await searchCandidates(t.db, acme, {
      variant: 'candidate',
      filters: { ...filters, stageId: big },
      query: { resultsPerPage: 2 },
      now: NOW,
      countCap: cap,
    });
    for (const stage of page.totalForStage!) {
      const n = perStage.get(stage.stageId) ?? 0;
      if (n > cap) {
        expect(stage).toMatchObject({ total: cap, capped: true });
        for (const sub of stage.subStages) expect(sub.capped).toBe(true);
      } else {
        expect(stage.total).toBe(n);
        expect(stage.capped).toBeUndefined();
      }
    }
    expect(page).toMatchObject({ totalElements: cap, totalCapped: true, hasNext: true, last: false });
    expect(page.content).toHaveLength(2);

    // Under the cap nothing is marked, and the counts are those of counting every application.
    const wide = await searchCandidates(t.db, acme, { variant: 'candidate', filters, query: {}, now: NOW });
    expect(wide.totalCapped).toBeUndefined();
    for (const stage of wide.totalForStage!) {
      expect(stage.capped).toBeUndefined();
      expect(stage.total).toBe(perStage.get(stage.stageId) ?? 0);
    }
  });
});
