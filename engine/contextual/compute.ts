import type { ContextualData, ContextualFlag, SchoolContext } from '#schemas/contextual';
import { answerFlags, areaFlag, schoolFlag } from './flags';
import { averagePoints, gradeEntries, ks5System } from './grades';
import { performanceIndex } from './performance-index';
import type { ContextualReference } from './reference';
import { areaMeasures, RANKING_MEASURES, schoolContext } from './school';
import { universityContext } from './university';

/*
 * Everything contextual about one application, from its answers and the reference data
 * (decisions 0050 and 0051). The answers it reads:
 *   freeSchoolMeals, firstGenerationUniversity, careExperience, refugeeOrAsylumSeeker,
 *   caringResponsibilities, disruptedEducation  – the flags' questions ("Yes" sets the flag);
 *   secondarySchool, sixthFormSchool            – the two schools (names from the SCHOOL list);
 *   postCode                                    – the home postcode;
 *   gcseGrades                                  – GCSE grades ("9 8 8 7", or a list; retakes by subject);
 *   ks5Grades + sixthFormQualificationType      – post-16 grades in that qualification's system;
 *   atar                                        – an ATAR (a number), in place of ks5Grades;
 *   universities                                – degrees: name, start and graduation years, averagePercent.
 */

type Answers = Readonly<Record<string, unknown>>;

const SCHOOL_FIELDS = ['secondarySchool', 'sixthFormSchool'] as const;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

const rankingMeasure = (school: SchoolContext) =>
  RANKING_MEASURES.map((m) => school.measures.find((x) => x.measure === m)).find((m) => m !== undefined);

function post16(reference: ContextualReference, answers: Answers): ContextualData['ks5'] {
  const atar = answers.atar;
  const system = typeof atar === 'number' ? 'ATAR' : ks5System(answers.sixthFormQualificationType);
  const scale = system && reference.scales.get(system);
  if (!system || !scale) return null;
  const points = averagePoints(
    scale,
    gradeEntries(system, system === 'ATAR' && atar !== undefined ? atar : answers.ks5Grades),
  );
  return points === null ? null : { system, points };
}

export function computeContextual(reference: ContextualReference, answers: Answers): ContextualData {
  const schools = SCHOOL_FIELDS.flatMap((field) => {
    const name = text(answers[field]);
    return name ? [schoolContext(reference, field, name)] : [];
  });
  const secondary = schools.find((s) => s.field === 'secondarySchool');
  const sixthForm = schools.find((s) => s.field === 'sixthFormSchool');
  const last = sixthForm ?? secondary;

  const gcse = reference.scales.get('GCSE');
  const ks4Points = gcse ? averagePoints(gcse, gradeEntries('GCSE', answers.gcseGrades)) : null;
  const ks5 = post16(reference, answers);
  // Post-16 results against the school they were taken at; GCSEs against the secondary school otherwise.
  const performance =
    (ks5 && last && performanceIndex(ks5.system, ks5.points, last)) ||
    (ks4Points !== null && secondary && performanceIndex('GCSE', ks4Points, secondary)) ||
    null;

  const postcode = text(answers.postCode);
  const measures = postcode ? areaMeasures(reference, postcode) : null;
  const flags: ContextualFlag[] = [
    ...answerFlags(answers),
    ...[schoolFlag(schools, rankingMeasure), postcode && measures ? areaFlag(postcode, measures) : null].filter(
      (f): f is ContextualFlag => f !== null,
    ),
  ];
  return {
    flags,
    schools,
    ks4Points,
    ks5,
    performanceIndex: performance,
    schoolPercentile: last?.percentile ?? null,
    university: universityContext(reference, answers),
    area: postcode && measures ? { postcode, measures } : null,
  };
}
