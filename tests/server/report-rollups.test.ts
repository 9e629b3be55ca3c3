import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report, ReportType } from '#schemas/reports';
import type { Db } from '#server/db/client';
import { json } from '#server/db/json';
import type { OrganizationRecord } from '#server/db/types';
import type { Viewer } from '#server/lib/viewer';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { buildReport } from '#server/modules/reports/reports.service';
import { createRole, createUser } from '#server/seed/factories';
import { insertApplications, viewerOf } from '../helpers/applications';
import { pipelineActions, runPipelineAction, type PipelineAction } from '../helpers/pipeline-actions';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The whole-organisation reports from the monthly roll-ups (migration 0030, decision 0085) equal the same reports
 * counted live: the whole organisation's report against the report of every one of its roles (the live path), after
 * random moves, bulk moves, undos and answer edits made after the roll-ups were built, for random date ranges that cut
 * months. Every figure identical, but the median days (histogram buckets of 0.01 day: within 0.1 once rounded).
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

const DAY = 86_400_000;
/** Applications are spread over four months (UTC), from 2026-01-01. */
const FIRST_DAY = Date.UTC(2026, 0, 1);
const SPAN_DAYS = 120;
const SOURCES = ['Careers site', 'Agency', ''];
const GENDERS = ['Woman', 'Man', 'Non-binary', '', 'Prefer not to say'];
const UNIVERSITIES = ['University of Leeds', 'University of York', null];

interface Applicant {
  appliedDay: number;
  hour: number;
  source: string;
  gender: string;
  university: string | null;
  mark: number;
  pi: number | null;
}

/** A submitted application at the entry stage, with its SUBMIT entry at the time it applied. */
async function submitted(roleId: string, applicant: Applicant): Promise<string> {
  const user = await createUser(db, { organizationId: acme.id, firstName: 'Ada', lastName: 'Rollup' });
  const applied = new Date(FIRST_DAY + applicant.appliedDay * DAY + applicant.hour * 3_600_000);
  const [id] = await insertApplications(db, [
    {
      organization: acme,
      roleId,
      userId: user.id,
      answers: { gender: applicant.gender },
      at: applied,
      copied: {
        source: applicant.source,
        university_name: applicant.university,
        average_percent: applicant.university ? applicant.mark : null,
        performance_index: applicant.pi,
      },
    },
  ]);
  return id!;
}

type Action = PipelineAction | { kind: 'answers'; app: number; gender: string };

const dayOf = (offset: number) => new Date(FIRST_DAY + offset * DAY).toISOString().slice(0, 10);

/** The figures of a report, the median days (unit days, median column) apart. */
function split(report: Report) {
  const medians: number[] = [];
  const tables = report.tables.map((table) => {
    const median = table.columns.map((column) => column.unit === 'days' && column.key.toLowerCase().includes('median'));
    const strip = (figures: Report['tables'][number]['rows'][number]['figures']) =>
      figures.map((figure, i) => {
        if (!median[i] || typeof figure !== 'number') return figure;
        medians.push(figure);
        return 'median';
      });
    return {
      ...table,
      rows: table.rows.map((row) => ({ ...row, figures: strip(row.figures) })),
      totals: table.totals && strip(table.totals),
    };
  });
  return { figures: { ...report, selection: null, tables }, medians };
}

describe('the report roll-ups (migration 0030)', () => {
  it('give the live figures after random moves, undos and answer edits, for random date ranges', async () => {
    const stages = acme.stages.map((stage) => stage.id);
    const size = 8;
    const app = fc.integer({ min: 0, max: size - 1 });
    const applicant = fc.record({
      appliedDay: fc.integer({ min: 0, max: SPAN_DAYS - 1 }),
      hour: fc.integer({ min: 0, max: 23 }),
      source: fc.constantFrom(...SOURCES),
      gender: fc.constantFrom(...GENDERS),
      university: fc.constantFrom(...UNIVERSITIES),
      mark: fc.integer({ min: 400, max: 900 }).map((tenths) => tenths / 10),
      pi: fc.option(fc.integer({ min: 600, max: 1400 }).map((tenths) => tenths / 10)),
    });
    const action: fc.Arbitrary<Action> = fc.oneof(...pipelineActions(stages, size), {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('answers' as const), app, gender: fc.constantFrom(...GENDERS) }),
    });
    // A day from a little before the first application to a little after the last, or no bound.
    const day = fc.option(fc.integer({ min: -10, max: SPAN_DAYS + 10 }).map(dayOf), { nil: undefined });
    const graduate: ReportType[] = ['contextual', 'diversity', 'efficiency', 'school', 'university'];
    const lateral: ReportType[] = ['agency', 'marketing', 'rejections'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(applicant, { minLength: size, maxLength: size }),
        fc.array(action, { minLength: 1, maxLength: 10 }),
        day,
        day,
        async (applicants, actions, from, to) => {
          const role = await createRole(db, acme.id, { name: 'Report roll-ups role' });
          const ids: string[] = [];
          for (const one of applicants) ids.push(await submitted(role.id, one));
          // Built before the changes: the reports after them must see every one.
          await buildReport(db, acme, 'efficiency', {});
          for (const step of actions) {
            // Moves the rules refuse (same place, withdrawn, nothing to undo) change nothing: part of the property.
            if (step.kind === 'answers')
              await db
                .updateTable('applications')
                .set({ answers: json({ gender: step.gender, firstName: 'Ada' }) })
                .where('id', '=', ids[step.app]!)
                .execute();
            else await runPipelineAction(db, viewer, role.id, ids, step);
          }
          const roles = await db.selectFrom('roles').select('id').where('organization_id', '=', acme.id).execute();
          const everyRole = roles.map((row) => row.id).join(',');
          const reports = [
            ...graduate.map((type) => [acme, type] as const),
            ...lateral.map((type) => [{ ...acme, edition: 'lateral' as const }, type] as const),
          ];
          for (const [organization, type] of reports) {
            const rolledUp = split(await buildReport(db, organization, type, { from, to }));
            const live = split(await buildReport(db, organization, type, { roleIds: everyRole, from, to }));
            expect(rolledUp.figures, type).toEqual(live.figures);
            expect(rolledUp.medians.length).toBe(live.medians.length);
            rolledUp.medians.forEach((median, i) =>
              expect(Math.abs(median - live.medians[i]!)).toBeLessThanOrEqual(0.1 + 1e-9),
            );
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});
