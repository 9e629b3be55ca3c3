import { SMALLEST_SHOWN_COUNT } from '#engine';
import type { UniversityAverage } from '#schemas/contextual';
import type { Db } from '../../db/client';

/*
 * Spec §3 university averages (decision 0063): the average mark of the organisation's applicants
 * (submitted applications) from one university, for the candidate page. A university with fewer
 * than 5 applicants with a mark has none: it would be a comparison with a handful of people.
 */
export async function universityAverage(
  db: Db,
  organizationId: string,
  university: string,
): Promise<UniversityAverage | null> {
  const row = await db
    .selectFrom('applications')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('n'),
      eb.fn.avg<string | number>('average_percent').as('average'),
    ])
    .where('organization_id', '=', organizationId)
    .where('state', '<>', 'DRAFT')
    .where('university_name', '=', university)
    .where('average_percent', 'is not', null)
    .executeTakeFirst();
  const applicants = Number(row?.n ?? 0);
  if (applicants < SMALLEST_SHOWN_COUNT || row?.average == null) return null;
  return { university, average: Math.round(Number(row.average) * 10) / 10, applicants };
}
