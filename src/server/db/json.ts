/**
 * Values for jsonb columns, written as JSON text: the one form both drivers store as the same
 * jsonb (node-postgres would send a JS array as a PostgreSQL array literal).
 */
export function json(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * `count(*)` is a bigint: node-postgres returns it as a string, PGlite as a number.
 * Prefer `count(*)::int` in SQL; otherwise pass the value through here.
 */
export function toCount(value: string | number | bigint | null | undefined): number {
  return value == null ? 0 : Number(value);
}
