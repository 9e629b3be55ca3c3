import type { ContextualFlag, ContextualFlagId, ReferenceMeasure, SchoolContext } from '#schemas/contextual';
import { BOTTOM_BAND_PERCENTILE, isLowArea } from './school';

/*
 * Contextual flags (decision 0050). Each is set by one thing a reader can check: a "Yes" to its
 * question, or a reference measure of the school or home postcode the candidate named. A missing
 * answer, "No" and "Prefer not to say" never set a flag.
 */

/** The flags a candidate's own answer sets, and the question (catalogue or organisation) that asks it. */
const ANSWER_FLAGS: ReadonlyArray<{ id: ContextualFlagId; field: string }> = [
  { id: 'FREE_SCHOOL_MEALS', field: 'freeSchoolMeals' },
  { id: 'FIRST_IN_FAMILY', field: 'firstGenerationUniversity' },
  { id: 'CARE_EXPERIENCE', field: 'careExperience' },
  { id: 'REFUGEE_OR_ASYLUM', field: 'refugeeOrAsylumSeeker' },
  { id: 'YOUNG_CARER', field: 'caringResponsibilities' },
  { id: 'DISRUPTED_EDUCATION', field: 'disruptedEducation' },
];

/** "Yes" (a BOOLEAN_PREFER_NOT_TO_SAY answer) or true (a yes/no question). */
const isYes = (answer: unknown): boolean => answer === true || answer === 'Yes';

export function answerFlags(answers: Readonly<Record<string, unknown>>): ContextualFlag[] {
  return ANSWER_FLAGS.filter(({ field }) => isYes(answers[field])).map(({ id, field }) => ({
    id,
    field,
    answer: 'Yes',
  }));
}

/** LOW_PERFORMING_SCHOOL for the first school named that sits in the bottom band, with the measure it is ranked by. */
export function schoolFlag(
  schools: readonly SchoolContext[],
  rankedBy: (school: SchoolContext) => ReferenceMeasure | undefined,
): ContextualFlag | null {
  const school = schools.find((s) => s.percentile !== null && s.percentile < BOTTOM_BAND_PERCENTILE);
  const measure = school && rankedBy(school);
  return school && measure ? { id: 'LOW_PERFORMING_SCHOOL', field: school.field, answer: school.name, measure } : null;
}

/** LOW_PARTICIPATION_AREA when a measure of the home postcode's area is in its lowest band (AREA_THRESHOLDS). */
export function areaFlag(postcode: string, measures: readonly ReferenceMeasure[]): ContextualFlag | null {
  const low = measures.find(isLowArea);
  return low ? { id: 'LOW_PARTICIPATION_AREA', field: 'postCode', answer: postcode, measure: low } : null;
}
