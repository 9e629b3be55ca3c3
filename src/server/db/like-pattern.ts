/**
 * LIKE pattern for a term typed by someone: its %, _ and \ match themselves. Shared by the role lists
 * (modules/roles) and candidate search (modules/search).
 */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
