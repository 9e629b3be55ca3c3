/**
 * The Content-Disposition of a download: always an attachment (never shown on our origin), with the
 * name twice: `filename` in plain ASCII for old clients (other characters, quotes and backslashes as
 * `_`) and `filename*` in UTF-8 (RFC 6266, RFC 8187), so no name can break out of the header.
 */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
