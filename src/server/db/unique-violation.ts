/** PostgreSQL's unique_violation (23505): the row would repeat a key a unique index or constraint guards. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string }).code === '23505';
