import { Migrator, type MigrationProvider, type MigrationResult } from 'kysely/migration';
import type { Db } from './client';
import { migrationProvider } from './migrations';

export class MigrationError extends Error {
  override name = 'MigrationError';
  constructor(
    /** The migration that failed, or '(migrator)' when the failure came before any migration ran. */
    readonly migrationName: string,
    readonly reason: unknown,
  ) {
    super(`${migrationName}: ${reason instanceof Error ? reason.message : String(reason)}`, { cause: reason });
  }
}

/**
 * Runs every pending migration (each in its own transaction; a lock keeps concurrent API nodes
 * from running them twice). Returns the names it ran — empty when the database was current —
 * and throws MigrationError naming the failing migration. Never swallows a failure.
 */
export async function migrate(db: Db, provider: MigrationProvider = migrationProvider): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error');
    throw new MigrationError(failed?.migrationName ?? '(migrator)', error);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
