import { sql } from 'kysely';
import { computeContextual, type Answers } from '#engine';
import type { ContextualData } from '#schemas/contextual';
import type { Db } from '../../db/client';
import type { ApplicationUpdate } from '../../db/types';
import { enqueueJob } from '../../jobs/job.repository';
import type { JobHandlers } from '../../jobs/worker';
import { CONTEXTUAL_REFERENCE, REFERENCE_VERSION } from './contextual-reference';

/*
 * Contextual data on the server (issue 17): computed with the shipped reference data on every
 * write of an application (search-columns.ts), shown on the candidate page, and recomputed by a
 * job for the rows computed with older reference data.
 */

export type ContextualColumns = Required<
  Pick<
    ApplicationUpdate,
    | 'contextual_flags'
    | 'performance_index'
    | 'school_band'
    | 'ks4_points'
    | 'ks5_system'
    | 'ks5_points'
    | 'university_percentile'
    | 'start_year'
    | 'contextual_reference'
  >
> & { school_percentile: number | null };

export const contextualData = (answers: Answers): ContextualData => computeContextual(CONTEXTUAL_REFERENCE, answers);

/** The search columns of migration 0016, and the computed school percentile. */
export function contextualColumns(answers: Answers): ContextualColumns {
  const data = contextualData(answers);
  const last = data.schools.find((s) => s.field === 'sixthFormSchool') ?? data.schools[0];
  return {
    contextual_flags: [...new Set(data.flags.map((f) => f.id))].sort(),
    performance_index: data.performanceIndex?.index ?? null,
    school_band: last?.band ?? null,
    ks4_points: data.ks4Points,
    ks5_system: data.ks5?.system ?? null,
    ks5_points: data.ks5?.points ?? null,
    university_percentile: data.university.percentile,
    start_year: data.university.startYear,
    contextual_reference: REFERENCE_VERSION,
    school_percentile: data.schoolPercentile,
  };
}

const RECOMPUTE_JOB = 'contextual.recompute';
const BATCH = 500;

/** The organisations with applications computed with other reference data than today's. */
async function staleOrganizations(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('applications')
    .select('organization_id')
    .distinct()
    .where(sql<boolean>`contextual_reference is distinct from ${REFERENCE_VERSION}`)
    .execute();
  return rows.map((r) => r.organization_id);
}

/** At start: one recompute job per organisation whose rows were computed with other reference data. */
export async function queueContextualRecompute(db: Db): Promise<number> {
  const organizations = await staleOrganizations(db);
  for (const organizationId of organizations)
    await enqueueJob(db, { organizationId, userId: null, kind: RECOMPUTE_JOB, payload: { organizationId } });
  return organizations.length;
}

/**
 * Recomputes an organisation's stale rows in batches. Only the contextual columns change: the
 * answers are the same, so the application's version and last change stay as they were.
 */
async function recomputeContextual(db: Db, organizationId: string): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .selectFrom('applications')
      .select(['id', 'answers'])
      .where('organization_id', '=', organizationId)
      .where(sql<boolean>`contextual_reference is distinct from ${REFERENCE_VERSION}`)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return done;
    for (const row of rows) {
      const { school_percentile, ...columns } = contextualColumns(row.answers);
      await db
        .updateTable('applications')
        .set({ ...columns, ...(school_percentile !== null && { school_percentile }) })
        .where('organization_id', '=', organizationId)
        .where('id', '=', row.id)
        .execute();
    }
    done += rows.length;
  }
}

export function contextualJobHandlers(db: Db): JobHandlers {
  return {
    [RECOMPUTE_JOB]: async (payload) => {
      const { organizationId } = payload as { organizationId: string };
      await recomputeContextual(db, organizationId);
    },
  };
}
