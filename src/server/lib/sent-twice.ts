import { isDeepStrictEqual } from 'node:util';
import type { FieldError } from '#schemas/api';

/*
 * Spec request shapes beside ours (decision 0020): a value a call may carry in two places (the
 * path and the body, or the spec's name and ours) is taken once. Empty values (undefined, null,
 * '', []) count as not sent, as spec §3 drops them; two sent values must be the same (ids in any
 * case), else a problem names the field that disagrees.
 */

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  return isDeepStrictEqual(a, b);
}

const shown = (value: unknown): string => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

/** Collects the values sent twice and what disagrees; `problems` are to be answered as one 400. */
export class SentTwice {
  readonly problems: FieldError[] = [];

  /**
   * The value of `first` (the path's, or ours), else of `second` (sent under `field`). When both
   * are sent and differ, a problem names `field`: the first wins.
   */
  pick<T>(first: { name: string; value: T | undefined }, field: string, second: T | null | undefined): T | undefined {
    if (isEmpty(second)) return isEmpty(first.value) ? undefined : first.value;
    if (isEmpty(first.value)) return second ?? undefined;
    if (!same(first.value, second))
      this.problems.push({ field, message: `must be the same as ${first.name} (${shown(first.value)}) or left out` });
    return first.value;
  }

  /** A value that must be the organisation's: a problem naming `field` when it is sent and is another. */
  expect(field: string, sent: unknown, expected: string, what: string): void {
    if (!isEmpty(sent) && !same(sent, expected))
      this.problems.push({ field, message: `must be ${what} (${shown(expected)}) or left out` });
  }
}
