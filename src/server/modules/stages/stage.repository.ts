import { sql } from 'kysely';
import type { OrganizationStage } from '#schemas/pipeline';
import type { Db } from '../../db/client';
import { json } from '../../db/json';
import { organizationChanged } from '../../lib/public-cache';

/** Writes the organisation's pipeline (its stages column). */
export async function saveOrganizationStages(
  db: Db,
  organizationId: string,
  stages: readonly OrganizationStage[],
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ stages: json(stages), updated_at: sql`now()` })
    .where('id', '=', organizationId)
    .execute();
  // The organisation is cached across requests (lib/public-cache): the next request reads the new stages.
  await organizationChanged(db, organizationId);
}
