/**
 * Options whose choice asks for the specify text (spec §5: appended for 'other' options). Apart from the reference
 * lists (./lists.ts) so that formatting an answer does not bring the lists' data into the browser's first load.
 */
export function isOtherOption(option: string): boolean {
  return /\bother\b/i.test(option) || /another/i.test(option);
}
