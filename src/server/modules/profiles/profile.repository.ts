import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { json } from '../../db/json';

export interface ProfileRecord {
  answers: Record<string, unknown>;
  completed_sections: string[];
  version: number;
  updated_at: Date;
}

export async function findProfile(db: Db, organizationId: string, userId: string): Promise<ProfileRecord | undefined> {
  return db
    .selectFrom('candidate_profiles')
    .select(['answers', 'completed_sections', 'version', 'updated_at'])
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Writes the profile when the stored version is still `version` (0: there is none yet), and
 * bumps it. Undefined when someone else wrote first.
 */
export async function writeProfile(
  db: Db,
  organizationId: string,
  userId: string,
  version: number,
  profile: { answers: Record<string, unknown>; completedSections: readonly string[] },
): Promise<ProfileRecord | undefined> {
  if (version === 0) {
    return db
      .insertInto('candidate_profiles')
      .values({
        organization_id: organizationId,
        user_id: userId,
        answers: json(profile.answers),
        completed_sections: json(profile.completedSections),
      })
      .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
      .returning(['answers', 'completed_sections', 'version', 'updated_at'])
      .executeTakeFirst();
  }
  return db
    .updateTable('candidate_profiles')
    .set({
      answers: json(profile.answers),
      completed_sections: json(profile.completedSections),
      version: sql<number>`version + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('version', '=', version)
    .returning(['answers', 'completed_sections', 'version', 'updated_at'])
    .executeTakeFirst();
}

/** Shares answers given in an application: they replace the profile's answers to the same questions. */
export async function mergeIntoProfile(
  db: Db,
  organizationId: string,
  userId: string,
  answers: Record<string, unknown>,
): Promise<void> {
  await db
    .insertInto('candidate_profiles')
    .values({ organization_id: organizationId, user_id: userId, answers: json(answers) })
    .onConflict((oc) =>
      oc.columns(['organization_id', 'user_id']).doUpdateSet({
        answers: sql`candidate_profiles.answers || excluded.answers`,
        version: sql<number>`candidate_profiles.version + 1`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

/** Erasure. */
export async function deleteUserProfile(db: Db, organizationId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('candidate_profiles')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}
