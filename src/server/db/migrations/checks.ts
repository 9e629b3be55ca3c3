import { sql, type RawBuilder } from 'kysely';

/**
 * The CHECK of a text column that holds one value of a vocabulary: `column in ('A', 'B', ...)`,
 * built from the vocabulary's tuple (schemas/vocabularies.ts) so that it is not spelled out a
 * second time. The SQL is what the migrations wrote out by hand before, so databases they already
 * ran on match. A tuple that changes changes only what a NEW database gets: the change also needs
 * a migration that replaces the constraint on existing ones (tests/server/vocabularies.test.ts
 * compares the constraints with the vocabularies).
 */
export function isOneOf(column: string, values: readonly string[]): RawBuilder<unknown> {
  return sql`${sql.raw(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
