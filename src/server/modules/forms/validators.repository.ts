import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** How long a compiled module is kept after it was last stored (decision 0076). */
const KEPT_FOR = sql`interval '30 days'`;

/** Stores a compiled module (again: its age starts over) and deletes the organisation's modules past their time. */
export async function storeValidatorModule(db: Db, organizationId: string, hash: string, code: string): Promise<void> {
  await db
    .insertInto('form_validator_modules')
    .values({ organization_id: organizationId, hash, code })
    .onConflict((oc) => oc.columns(['organization_id', 'hash']).doUpdateSet({ created_at: sql`now()` }))
    .execute();
  await db
    .deleteFrom('form_validator_modules')
    .where('organization_id', '=', organizationId)
    .where('created_at', '<', sql<Date>`now() - ${KEPT_FOR}`)
    .execute();
}

export async function findValidatorModule(db: Db, organizationId: string, hash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('form_validator_modules')
    .select('code')
    .where('organization_id', '=', organizationId)
    .where('hash', '=', hash)
    .executeTakeFirst();
  return row?.code;
}
