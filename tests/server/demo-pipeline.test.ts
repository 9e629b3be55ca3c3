import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryStage, resolvePosition } from '#engine/pipeline/organization-stages';
import type { ManagerRolePage } from '#schemas/role';
import { seedDemoPipeline, type DemoPipelineResult } from '#server/seed/demo-pipeline';
import { seedDemoData } from '#server/seed/seed';
import { checkedFileAnswers } from '#server/modules/document-store/file-answers';
import { findApplicationDocuments } from '#server/modules/document-store/document.repository';
import { acceptedAnswers } from '#server/modules/forms/form.service';
import { roleForm } from '#server/modules/applications/role-form';
import { searchColumns } from '#server/modules/applications/search-columns';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { findRoleById } from '#server/modules/roles/role.repository';
import { DEMO_PASSWORD, passwordLogin, signIn, v1 } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

const SUBDOMAINS = ['acme', 'hartley', 'connect', 'northbridge', 'meridian'];

let t: TestApp;
let seeded: DemoPipelineResult;
let seedMs: number;
beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  seeded = await seedDemoPipeline(t.db, SUBDOMAINS);
  seedMs = performance.now() - started;
});
afterAll(() => t?.close());

async function applicationsOf(subdomain: string) {
  const organization = (await findOrganizationByKey(t.db, subdomain))!;
  const rows = await t.db
    .selectFrom('applications')
    .selectAll()
    .where('organization_id', '=', organization.id)
    .execute();
  return { organization, rows };
}

describe('the demo pipeline', () => {
  it('fills every demo organisation once; a second run adds nothing', async () => {
    expect(seeded.organizations).toEqual(SUBDOMAINS);
    expect(seeded.applications).toBeGreaterThan(150);
    const again = await seedDemoData(t.db, { pipeline: true });
    expect(again.pipeline).toEqual({ applications: 0, organizations: [] });
    const total = await t.db
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(seeded.applications);
    console.info(`demo pipeline: ${seeded.applications} applications in ${Math.round(seedMs)} ms`);
  });

  it("gives acme's first two roles in the managers' list about 40 applications each, and several Russell Group candidates waiting at stage 1", async () => {
    const hr = (await signIn(t.app, 'hr@acme.example', DEMO_PASSWORD)).access_token;
    const roles = (await v1(t.app, hr, 'GET', '/roles')).json<ManagerRolePage>().content;
    expect(roles[0]!.applications).toBeGreaterThanOrEqual(35);
    expect(roles[1]!.applications).toBeGreaterThanOrEqual(35);
    for (const role of roles) expect(role.stages.reduce((sum, s) => sum + s.total, 0)).toBe(role.applications);

    const waiting = await t.db
      .selectFrom('applications')
      .select('id')
      .where('role_id', '=', roles[0]!.id)
      .where('stage_id', '=', 1)
      .where('substage_id', '=', '1-new')
      .where('state', '=', 'SUBMITTED')
      .where((eb) => eb(eb.val('RUSSELL'), '=', eb.fn.any('university_groups')))
      .execute();
    expect(waiting.length).toBeGreaterThanOrEqual(6);
  });

  it('answers every application the way its role form accepts, with stored documents and search columns copied', async () => {
    for (const subdomain of SUBDOMAINS) {
      const { organization, rows } = await applicationsOf(subdomain);
      expect(rows.length, subdomain).toBeGreaterThanOrEqual(20);
      for (const row of rows) {
        const role = (await findRoleById(t.db, organization.id, row.role_id))!;
        const form = await roleForm(t.db, organization, role);
        const accepted = acceptedAnswers(form, row.answers);
        expect(
          checkedFileAnswers(form, accepted, await findApplicationDocuments(t.db, organization.id, row.id)),
        ).toEqual(row.answers);
        // Every searchable column holds what the answers give (numeric columns read back as text).
        const stored = row as unknown as Record<string, unknown>;
        for (const [column, value] of Object.entries(searchColumns(row.answers, role))) {
          const read = stored[column];
          expect(typeof value === 'number' ? Number(read) : read, column).toEqual(value);
        }
        expect(row.step).toBe(form.steps.length);
      }
    }
  });

  it('has a stage history per application: a SUBMIT into the entry stage, then moves that end where the application is', async () => {
    for (const subdomain of SUBDOMAINS) {
      const { organization, rows } = await applicationsOf(subdomain);
      const entry = resolvePosition(organization.stages, entryStage(organization.stages)!.id)!;
      const history = await t.db
        .selectFrom('stage_history')
        .selectAll()
        .where('organization_id', '=', organization.id)
        .orderBy('created_at')
        .execute();
      for (const row of rows) {
        const moves = history.filter((h) => h.application_id === row.id);
        expect(moves[0]).toMatchObject({
          kind: 'SUBMIT',
          from_stage_id: null,
          to_stage_id: entry.stageId,
          to_substage_id: entry.substageId,
          undone_at: null,
        });
        for (let i = 1; i < moves.length; i++) {
          expect(moves[i]!.kind).toMatch(/^(MOVE|WITHDRAW)$/);
          expect([moves[i]!.from_stage_id, moves[i]!.from_substage_id]).toEqual([
            moves[i - 1]!.to_stage_id,
            moves[i - 1]!.to_substage_id,
          ]);
        }
        const last = moves.at(-1)!;
        expect([last.to_stage_id, last.to_substage_id, last.to_stage_status]).toEqual([
          row.stage_id,
          row.substage_id,
          row.stage_status,
        ]);
        expect(last.created_at.getTime()).toBe(row.last_change_at.getTime());
        expect(row.state).toBe(row.stage_id === 15 ? 'WITHDRAWN' : 'SUBMITTED');
        expect(
          resolvePosition(organization.stages, row.stage_id!, row.substage_id)?.stageStatus,
          `${subdomain} ${row.stage_id}/${row.substage_id}`,
        ).toBe(row.stage_status);
      }
    }
  });

  it('spreads applications over stages and substages, the entry stage the fullest, with scores, notes and universities of every group', async () => {
    for (const subdomain of SUBDOMAINS) {
      const { organization, rows } = await applicationsOf(subdomain);
      const byStage = new Map<number, number>();
      for (const row of rows) byStage.set(row.stage_id!, (byStage.get(row.stage_id!) ?? 0) + 1);
      const entry = entryStage(organization.stages)!.id;
      expect(Math.max(...byStage.values()), subdomain).toBe(byStage.get(entry));
      expect(byStage.size, subdomain).toBeGreaterThanOrEqual(4);
      expect(new Set(rows.map((r) => r.substage_id)).size, subdomain).toBeGreaterThan(byStage.size);
    }
    const { rows: acme } = await applicationsOf('acme');
    const groups = new Set(acme.flatMap((r) => r.university_groups));
    expect([...groups].sort()).toEqual(['NON_RUSSELL', 'OXBRIDGE', 'RUSSELL']);
    expect(acme.some((r) => r.total_score !== null)).toBe(true);
    const notes = await t.db.selectFrom('candidate_notes').select(['kind', 'author_id']).execute();
    expect(notes.some((n) => n.kind === 'NOTE' && n.author_id !== null)).toBe(true);
    const scores = await t.db.selectFrom('candidate_scores').select(['application_id', 'stage_id']).execute();
    expect(scores.length).toBeGreaterThan(20);
  });

  it('makes realistic candidates who cannot sign in (no password)', async () => {
    const organization = (await findOrganizationByKey(t.db, 'acme'))!;
    const people = await t.db
      .selectFrom('users')
      .select(['email', 'first_name', 'last_name', 'password_hash', 'user_type', 'candidate_status'])
      .where('organization_id', '=', organization.id)
      .where('email', 'like', '%@candidates.acme.example')
      .execute();
    expect(people.length).toBeGreaterThanOrEqual(60);
    for (const person of people) {
      expect(person.email).toMatch(/^[a-z]+\.[a-z]+\d*@candidates\.acme\.example$/);
      expect(person.email.startsWith(`${person.first_name!.toLowerCase().replace(/[^a-z]/g, '')}.`)).toBe(true);
      expect(person).toMatchObject({ password_hash: null, user_type: 'CANDIDATE' });
    }
    expect(people.some((p) => p.candidate_status === 'ACTIVE')).toBe(true);
    const res = await passwordLogin(t.app, people[0]!.email, DEMO_PASSWORD);
    expect(res.statusCode).not.toBe(200);
  });
});
