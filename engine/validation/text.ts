/** Spec §5 text rules: limits 255 and 4096, word count without punctuation, rich-text emptiness. */
export { TEXT_LIMIT_LONG } from '../constants';

/** Words after stripping punctuation (spec §5); hyphenated and apostrophised words count once. */
export function wordCount(text: string): number {
  const words = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  return words.length;
}

/** True when rich text has no content once tags, entities for spaces and white space are stripped. */
export function isRichTextEmpty(html: string | null | undefined): boolean {
  if (!html) return true;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, '')
      .replace(/\s+/g, '') === ''
  );
}

/** Percent input: 0 to 100, or empty (spec §5). */
export function isValidPercent(value: string | number | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  const n = typeof value === 'number' ? value : Number(value.trim());
  return Number.isFinite(n) && n >= 0 && n <= 100;
}
