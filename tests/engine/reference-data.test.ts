import { describe, expect, it } from 'vitest';
import gradeScales from '#configs/reference-data/grade-scales.json' with { type: 'json' };
import markDistributions from '#configs/reference-data/mark-distributions.json' with { type: 'json' };
import postcodeAreas from '#configs/reference-data/postcode-areas.json' with { type: 'json' };
import schoolPerformance from '#configs/reference-data/school-performance.json' with { type: 'json' };
import schools from '#configs/reference-data/schools.json' with { type: 'json' };
import { GRADE_SYSTEMS } from '#schemas/contextual';
import { measureRows, parseCsv } from '../../scripts/load-reference-data';

/* The shipped contextual reference tables (decision 0050) and the script that loads the official files. */

describe('contextual reference tables', () => {
  it('every measure says its source and year, and every school measured is one the SCHOOL list offers', () => {
    const names = new Set(schools.map((s) => s.name));
    for (const row of [...schoolPerformance.rows, ...postcodeAreas.rows, ...markDistributions.distributions]) {
      expect(row.source.length, JSON.stringify(row)).toBeGreaterThan(10);
      expect(row.year).toBeGreaterThanOrEqual(2019);
    }
    for (const row of schoolPerformance.rows) expect(names.has(row.school), row.school).toBe(true);
    expect(gradeScales.scales.map((s) => s.system).sort()).toEqual([...GRADE_SYSTEMS].sort());
  });

  it('mark deciles rise', () => {
    for (const d of markDistributions.distributions)
      expect(
        [...d.deciles].sort((a, b) => a - b),
        d.region,
      ).toEqual(d.deciles);
  });
});

describe('scripts/load-reference-data.ts', () => {
  it('reads CSV with quoted commas, quotes and line breaks', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",3\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', '3'],
    ]);
  });

  it('keeps the rows with a number, skipping suppressed values, with the measure, year and source', () => {
    const csv = 'URN,SCHNAME,TALLPPE_ALEV_1618\n1,Abingdon School,44.1\n2,Other School,SUPP\n3,Blank School,\n';
    const preset = {
      table: 'school-performance',
      measure: 'KS5_APS_PER_ENTRY',
      key: 'SCHNAME',
      value: 'TALLPPE_ALEV_1618',
      source: 'DfE',
    } as const;
    expect(measureRows(csv, preset, 2025)).toEqual([
      { key: 'Abingdon School', measure: 'KS5_APS_PER_ENTRY', value: 44.1, year: 2025, source: 'DfE' },
    ]);
    expect(() => measureRows('A,B\n1,2\n', preset, 2025)).toThrow(/no SCHNAME/);
  });
});
