import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import gradeScales from '#configs/reference-data/grade-scales.json' with { type: 'json' };
import { computeContextual } from '#engine/contextual/compute';
import { answerFlags } from '#engine/contextual/flags';
import { averagePoints, gradeEntries, gradePoints, ks5System } from '#engine/contextual/grades';
import { performanceIndex } from '#engine/contextual/performance-index';
import { buildReference, type GradeScale, type MeasureRow } from '#engine/contextual/reference';
import { bandOf, percentileAmong } from '#engine/contextual/school';
import { markPercentile } from '#engine/contextual/university';

/* Contextual recruitment (issue 17, decisions 0050 and 0051): flags, grade points, the PI, percentiles. */

const SCALES = gradeScales.scales as GradeScale[];
const scale = (system: string) => SCALES.find((s) => s.system === system)!;
const src = { source: 'test table', year: 2024 };
const school = (key: string, measure: string, value: number): MeasureRow => ({ key, measure, value, ...src });

/** Five schools ranked by A level points per entry; Low Academy is the bottom one. */
const REFERENCE = buildReference({
  gradeScales: SCALES,
  schools: [
    school('Low Academy', 'KS5_APS_PER_ENTRY', 25),
    school('Low Academy', 'ATTAINMENT_8', 40),
    school('Middle School', 'KS5_APS_PER_ENTRY', 32),
    school('Middle School', 'ATTAINMENT_8', 50),
    school('Upper College', 'KS5_APS_PER_ENTRY', 38),
    school('High Grammar', 'KS5_APS_PER_ENTRY', 44),
    school('Top School', 'KS5_APS_PER_ENTRY', 48),
    school('Bush High', 'MEDIAN_ATAR', 60),
    school('City Selective', 'MEDIAN_ATAR', 95),
  ],
  areas: [
    { key: 'B33', measure: 'POLAR4_QUINTILE', value: 1, ...src },
    { key: 'OX1', measure: 'POLAR4_QUINTILE', value: 5, ...src },
    { key: 'M1', measure: 'IMD_DECILE', value: 2, ...src },
    { key: '2166', measure: 'SEIFA_IRSD_DECILE', value: 1, ...src },
    { key: '2000', measure: 'SEIFA_IRSD_DECILE', value: 8, ...src },
  ],
  markDistributions: [{ region: 'UK', deciles: [55, 58, 61, 63, 65, 67, 69, 71, 74], ...src }],
  universities: [{ name: 'University of Leeds', region: 'UK', groups: ['RUSSELL'] }],
});

const BOOLEAN_ANSWERS = ['Yes', 'No', 'Prefer not to say', undefined, true, false, '', null] as const;

describe('flags from answers', () => {
  it.each([
    ['freeSchoolMeals', 'FREE_SCHOOL_MEALS'],
    ['firstGenerationUniversity', 'FIRST_IN_FAMILY'],
    ['careExperience', 'CARE_EXPERIENCE'],
    ['refugeeOrAsylumSeeker', 'REFUGEE_OR_ASYLUM'],
    ['caringResponsibilities', 'YOUNG_CARER'],
    ['disruptedEducation', 'DISRUPTED_EDUCATION'],
  ])('%s "Yes" sets %s, naming the question; No, prefer not to say and no answer do not', (field, flag) => {
    expect(answerFlags({ [field]: 'Yes' })).toEqual([{ id: flag, field, answer: 'Yes' }]);
    for (const answer of ['No', 'Prefer not to say', undefined, '', false])
      expect(answerFlags({ [field]: answer })).toEqual([]);
  });

  it('sets a flag exactly for each question answered Yes (or true), whatever the others say', () => {
    const fields = ['freeSchoolMeals', 'firstGenerationUniversity', 'careExperience', 'refugeeOrAsylumSeeker'];
    fc.assert(
      fc.property(fc.tuple(...fields.map(() => fc.constantFrom(...BOOLEAN_ANSWERS))), (values) => {
        const answers = Object.fromEntries(fields.map((f, i) => [f, values[i]]));
        const flagged = answerFlags(answers).map((f) => f.field);
        expect(flagged).toEqual(fields.filter((f) => answers[f] === 'Yes' || answers[f] === true));
      }),
    );
  });
});

describe('grade points', () => {
  it.each([
    ['A_LEVEL', 'A*AB', [60, 50, 40], 50],
    ['A_LEVEL', 'a*, a, a', [60, 50, 50], 53.33],
    ['GCSE', '9 9 8 7 7 6', [9, 9, 8, 7, 7, 6], 7.67],
    ['SCOTTISH_HIGHER', 'AABBB', [33, 33, 27, 27, 27], 29.4],
    ['IB', '38', [38], 38],
    ['ATAR', 92.35, [92.35], 92.35],
  ] as const)('%s %s scores %j, %s per entry', (system, answer, points, mean) => {
    const s = scale(system);
    const entries = gradeEntries(system, answer);
    expect(entries.map((e) => gradePoints(s, e.grade))).toEqual(points);
    expect(averagePoints(s, entries)).toBe(mean);
  });

  it('counts a retaken subject once, at its best grade', () => {
    const entries = gradeEntries('A_LEVEL', [
      { subject: 'Maths', grade: 'C' },
      { subject: 'maths', grade: 'A' },
      { subject: 'History', grade: 'B' },
    ]);
    expect(averagePoints(scale('A_LEVEL'), entries)).toBe(45);
  });

  it('ignores grades the scale does not know, and gives no points for none (missing or prefer not to say)', () => {
    expect(averagePoints(scale('A_LEVEL'), gradeEntries('A_LEVEL', ['A', 'Prefer not to say']))).toBe(50);
    expect(averagePoints(scale('A_LEVEL'), gradeEntries('A_LEVEL', undefined))).toBeNull();
    expect(averagePoints(scale('ATAR'), gradeEntries('ATAR', 120))).toBeNull();
  });

  it('keeps the mean of any A level grades within the best and worst grade given', () => {
    const s = scale('A_LEVEL');
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('A*', 'A', 'B', 'C', 'D', 'E', 'U'), { minLength: 1, maxLength: 6 }),
        (grades) => {
          const points = grades.map((g) => gradePoints(s, g)!);
          const mean = averagePoints(s, gradeEntries('A_LEVEL', grades))!;
          expect(mean).toBeGreaterThanOrEqual(Math.min(...points));
          expect(mean).toBeLessThanOrEqual(Math.max(...points));
        },
      ),
    );
  });

  it('reads the post-16 system from the qualification type', () => {
    expect(ks5System('A level')).toBe('A_LEVEL');
    expect(ks5System('Scottish Highers')).toBe('SCOTTISH_HIGHER');
    expect(ks5System('ATAR: VCE (Victoria)')).toBe('ATAR');
    expect(ks5System('International Baccalaureate')).toBe('IB');
    expect(ks5System('BTEC')).toBeNull();
  });
});

describe('school percentile, band and the Performance Index', () => {
  it('ranks a school among the others with its measure: 0 for the lowest, 100 for the highest', () => {
    expect(percentileAmong([25, 32, 38, 44, 48], 25)).toBe(0);
    expect(percentileAmong([25, 32, 38, 44, 48], 38)).toBe(50);
    expect(percentileAmong([25, 32, 38, 44, 48], 48)).toBe(100);
    expect(percentileAmong([25], 25)).toBeNull();
  });

  it('a higher measure never ranks lower, and bands follow percentiles (1 to 5)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 2, maxLength: 30 }),
        fc.nat(),
        fc.nat(),
        (raw, i, j) => {
          const values = [...raw].sort((a, b) => a - b);
          const [a, b] = [values[i % values.length]!, values[j % values.length]!];
          const [pa, pb] = [percentileAmong(values, a)!, percentileAmong(values, b)!];
          if (a <= b) expect(pa).toBeLessThanOrEqual(pb);
          expect(bandOf(pa)).toBeGreaterThanOrEqual(1);
          expect(bandOf(pa)).toBeLessThanOrEqual(5);
        },
      ),
    );
  });

  it('PI is the candidate points over the school points × 100; at the school average it is 100', () => {
    const middle = computeContextual(REFERENCE, { sixthFormSchool: 'Middle School' }).schools[0]!;
    expect(performanceIndex('A_LEVEL', 40, middle)).toMatchObject({ index: 125, outperformance: 25, schoolPoints: 32 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), (points) => {
        const pi = performanceIndex('A_LEVEL', points, middle)!;
        expect(Math.abs(pi.index - (points / 32) * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(pi.outperformance).toBeCloseTo(pi.index - 100, 5);
      }),
    );
    // No comparable measure: no PI (an ATAR against an A level school).
    expect(performanceIndex('ATAR', 90, middle)).toBeNull();
  });
});

describe('computeContextual', () => {
  it('two schools: post-16 grades against the sixth form, the percentile of the last school, a bottom-band flag', () => {
    const data = computeContextual(REFERENCE, {
      secondarySchool: 'Low Academy',
      sixthFormSchool: 'Upper College',
      sixthFormQualificationType: 'A level',
      ks5Grades: 'AAB',
      gcseGrades: '8 8 7 7 6',
    });
    expect(data.ks5).toEqual({ system: 'A_LEVEL', points: 46.67 });
    expect(data.ks4Points).toBe(7.2);
    expect(data.performanceIndex).toMatchObject({ school: 'Upper College', schoolPoints: 38, index: 122.8 });
    expect(data.schoolPercentile).toBe(50);
    expect(data.flags).toEqual([
      {
        id: 'LOW_PERFORMING_SCHOOL',
        field: 'secondarySchool',
        answer: 'Low Academy',
        measure: { measure: 'KS5_APS_PER_ENTRY', value: 25, ...src },
      },
    ]);
  });

  it('GCSEs against the secondary school when there are no post-16 grades (Attainment 8 over ten slots)', () => {
    const data = computeContextual(REFERENCE, { secondarySchool: 'Middle School', gcseGrades: '6 6 6 6' });
    expect(data.performanceIndex).toMatchObject({ system: 'GCSE', schoolPoints: 5, index: 120 });
  });

  it('ATAR against the school median; an unknown school gives no PI and no percentile', () => {
    const data = computeContextual(REFERENCE, { secondarySchool: 'Bush High', atar: 75 });
    expect(data.performanceIndex).toMatchObject({ system: 'ATAR', index: 125, schoolPoints: 60 });
    expect(data.flags.map((f) => f.id)).toEqual(['LOW_PERFORMING_SCHOOL']);
    const unknown = computeContextual(REFERENCE, { secondarySchool: 'Nowhere School', atar: 75 });
    expect(unknown).toMatchObject({ performanceIndex: null, schoolPercentile: null, flags: [] });
    expect(unknown.schools).toEqual([
      { field: 'secondarySchool', name: 'Nowhere School', measures: [], percentile: null, band: null },
    ]);
  });

  it.each([
    ['B33 8TH', 'POLAR4_QUINTILE'],
    ['m1 1ae', 'IMD_DECILE'],
    ['2166', 'SEIFA_IRSD_DECILE'],
  ])(
    'home postcode %s in a low-participation or deprived area (%s) sets LOW_PARTICIPATION_AREA',
    (postCode, measure) => {
      const flags = computeContextual(REFERENCE, { postCode }).flags;
      expect(flags).toEqual([
        expect.objectContaining({ id: 'LOW_PARTICIPATION_AREA', field: 'postCode', answer: postCode }),
      ]);
      expect(flags[0]!.measure!.measure).toBe(measure);
    },
  );

  it.each(['OX1 3BG', '2000', 'ZZ9 9ZZ', ''])('home postcode %s sets no area flag', (postCode) => {
    expect(computeContextual(REFERENCE, { postCode }).flags).toEqual([]);
  });

  it('nothing answered: no flags, no measures', () => {
    expect(computeContextual(REFERENCE, {})).toMatchObject({
      flags: [],
      schools: [],
      ks4Points: null,
      ks5: null,
      performanceIndex: null,
      schoolPercentile: null,
      area: null,
    });
  });

  it('university: groups, the mean of the degrees marks and its percentile in the region', () => {
    const data = computeContextual(REFERENCE, {
      universities: [
        {
          universityName: 'University of Leeds',
          universityStartYear: 2021,
          universityGraduationYear: 2024,
          averagePercent: 66,
        },
        { universityName: 'Elsewhere', universityGraduationYear: 2020, averagePercent: 70 },
      ],
    });
    expect(data.university).toMatchObject({
      name: 'University of Leeds',
      groups: ['RUSSELL'],
      averageMark: 68,
      percentile: 65,
      startYear: 2021,
      graduationYear: 2024,
    });
  });

  it('a higher mark never has a lower percentile', () => {
    const distribution = { region: 'UK', deciles: [55, 58, 61, 63, 65, 67, 69, 71, 74], ...src };
    fc.assert(
      fc.property(fc.float({ min: 0, max: 100, noNaN: true }), fc.float({ min: 0, max: 100, noNaN: true }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(markPercentile(distribution, low)).toBeLessThanOrEqual(markPercentile(distribution, high));
      }),
    );
  });
});
