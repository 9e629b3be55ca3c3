/*
 * CSV (RFC 4180) for the candidate export, made safe for spreadsheets: a text cell starting with
 * = + - @, a tab or a carriage return is read as a formula by Excel, LibreOffice and Google
 * Sheets, so it gets a leading apostrophe (OWASP "CSV injection"). Numbers we format ourselves
 * are written as they are.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export type CsvCell = string | number | null | undefined;

function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 says. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
