/**
 * DOM ids of compiled fields. RJSF builds an id from the form's id prefix and the path of the
 * answer joined with '_'; the error summary, "Change" links and tests use the same rule.
 */
export const ID_PREFIX = 'field';
export const ID_SEPARATOR = '_';

/** `universities.1.degreeClass` → `field_universities_1_degreeClass` (the input's id). */
export function fieldDomId(path: string, idPrefix: string = ID_PREFIX): string {
  return [idPrefix, ...path.split('.').filter(Boolean)].join(ID_SEPARATOR);
}

export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/** The ids a control's aria-describedby lists: its hint and its error message, when shown. */
export function describedBy(
  id: string,
  hasHint: boolean,
  hasError: boolean,
  ...extra: (string | undefined)[]
): string | undefined {
  // Joined by hand, not by an array filtered and joined: every control of a failed step asks again (decision 0088).
  let ids = hasHint ? hintId(id) : '';
  if (hasError) ids = ids ? `${ids} ${errorId(id)}` : errorId(id);
  for (const more of extra) if (more) ids = ids ? `${ids} ${more}` : more;
  return ids || undefined;
}
