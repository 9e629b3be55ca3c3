import type { Answers } from '#engine';
import type { ApplicationUpdate } from '../../db/types';
import { UNIVERSITIES } from '../reference-data/reference-data.service';
import type { RoleRecord } from '../roles/role.repository';
import { contextualColumns, type ContextualColumns } from '../contextual/contextual.service';

type SearchColumns = Required<
  Pick<
    ApplicationUpdate,
    | 'first_name'
    | 'last_name'
    | 'email'
    | 'location'
    | 'permit_type'
    | 'school_type'
    | 'university_name'
    | 'university_groups'
    | 'degree_type'
    | 'degree_subject'
    | 'degree_class'
    | 'graduation_year'
    | 'average_percent'
  >
> &
  ContextualColumns;

const GROUPS_BY_NAME = new Map(UNIVERSITIES.map((u) => [u.name.toLocaleLowerCase('en-GB'), u.groups]));

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

const percentile = (value: unknown): number | null => {
  const n = number(value);
  return n !== null && n >= 0 && n <= 100 ? n : null;
};

function universitiesOf(answers: Answers): Answers[] {
  const list = answers.universities;
  return Array.isArray(list)
    ? list.filter((item): item is Answers => !!item && typeof item === 'object' && !Array.isArray(item))
    : [];
}

/**
 * The columns the hiring pipeline searches, filters and sorts by, copied from an application's
 * answers (and its role) on every write, so a search over a million applications reads indexed
 * columns instead of JSON. The latest degree (by graduation year) stands for the candidate;
 * university groups (Russell, Oxbridge, Go8) are those of every university named.
 */
export function searchColumns(answers: Answers, role: Pick<RoleRecord, 'location'>): SearchColumns {
  const contextual = contextualColumns(answers);
  const universities = universitiesOf(answers);
  const latest =
    [...universities].sort(
      (a, b) => (number(b.universityGraduationYear) ?? 0) - (number(a.universityGraduationYear) ?? 0),
    )[0] ?? {};
  const groups = new Set(
    universities.flatMap((u) => GROUPS_BY_NAME.get(text(u.universityName)?.toLocaleLowerCase('en-GB') ?? '') ?? []),
  );
  const marks = universities.map((u) => number(u.averagePercent)).filter((m): m is number => m !== null);
  return {
    first_name: text(answers.firstName),
    last_name: text(answers.lastName),
    email: text(answers.email)?.toLowerCase() ?? null,
    location: role.location,
    permit_type: text(answers.permitType),
    school_type: text(answers.secondarySchoolType),
    university_name: text(latest.universityName),
    university_groups: [...groups].sort(),
    degree_type: text(latest.degreeType),
    degree_subject: text(latest.degreeSubject),
    degree_class: text(latest.degreeClass),
    graduation_year: number(latest.universityGraduationYear),
    average_percent: marks.length ? Math.max(...marks) : null,
    // Contextual data (migration 0016, engine/contextual): computed from the answers and the
    // reference data; the school percentile is the school's rank when the reference knows the
    // school, else what an organisation's field or an import with this id gave (migration 0007).
    ...contextual,
    school_percentile: contextual.school_percentile ?? percentile(answers.schoolPercentile),
  };
}
