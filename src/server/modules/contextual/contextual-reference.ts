import { createHash } from 'node:crypto';
import gradeScales from '#configs/reference-data/grade-scales.json' with { type: 'json' };
import markDistributions from '#configs/reference-data/mark-distributions.json' with { type: 'json' };
import postcodeAreas from '#configs/reference-data/postcode-areas.json' with { type: 'json' };
import schoolPerformance from '#configs/reference-data/school-performance.json' with { type: 'json' };
import { buildReference, type ReferenceTables } from '#engine';
import { UNIVERSITIES } from '../reference-data/reference-data.service';

/*
 * The contextual reference data shipped in configs/reference-data (decision 0050), read once.
 * REFERENCE_VERSION changes whenever any table does (a hash of them): rows computed with another
 * version are recomputed by the job of contextual.service.ts.
 */
const TABLES = {
  gradeScales: gradeScales.scales,
  schools: schoolPerformance.rows.map(({ school, ...row }) => ({ key: school, ...row })),
  areas: postcodeAreas.rows.map(({ area, ...row }) => ({ key: area, ...row })),
  markDistributions: markDistributions.distributions,
  universities: UNIVERSITIES,
} as ReferenceTables;

export const CONTEXTUAL_REFERENCE = buildReference(TABLES);

export const REFERENCE_VERSION = createHash('sha256').update(JSON.stringify(TABLES)).digest('hex').slice(0, 16);
