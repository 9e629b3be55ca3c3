import { sql } from 'kysely';
import type { Db } from '../../db/client';

/*
 * The retention periods (decision 0055), applied by the scheduled job (src/server/jobs/schedule.ts,
 * started in main.ts) on every API node: each step is idempotent, so two nodes running it at once
 * do the same work twice at worst.
 */

/** Removes audit entries older than their organisation's period. The only DELETE the trigger allows. */
async function purgeAuditTrail(db: Db, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`set local candid.audit_purge = 'on'`.execute(trx);
    const result = await sql`delete from audit_log a using organizations o
      where a.organization_id = o.id
        and a.created_at < ${now}::timestamptz - o.audit_retention_days * interval '1 day'`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}

/**
 * Anonymises the applications unchanged for longer than their organisation's period: names,
 * contact details, answers and adjustments blanked, documents and notes deleted; the stage,
 * dates, scores and education columns stay for the reports. Returns how many.
 */
async function anonymiseExpiredApplications(db: Db, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await sql<{ id: string }>`select a.id from applications a
      join organizations o on o.id = a.organization_id
      where o.application_retention_days is not null and a.anonymized_at is null
        and a.updated_at < ${now}::timestamptz - o.application_retention_days * interval '1 day'`.execute(trx);
    const ids = expired.rows.map((row) => row.id);
    if (ids.length === 0) return 0;
    await trx.deleteFrom('documents').where('application_id', 'in', ids).execute();
    await trx.deleteFrom('candidate_notes').where('application_id', 'in', ids).execute();
    await trx
      .updateTable('applications')
      .set({
        first_name: null,
        last_name: null,
        email: null,
        location: null,
        answers: '{}',
        adjustment: null,
        anonymized_at: now,
      })
      .where('id', 'in', ids)
      .execute();
    return ids.length;
  });
}

/** One run of the retention job. */
export async function applyRetention(db: Db, now = new Date()): Promise<{ purged: number; anonymised: number }> {
  return { purged: await purgeAuditTrail(db, now), anonymised: await anonymiseExpiredApplications(db, now) };
}
