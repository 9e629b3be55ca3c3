import { pointer } from './validate';

/** One difference between two JSON values: where (a JSON Pointer), and the value before and after (absent: none). */
export interface JsonChange {
  path: string;
  before?: unknown;
  after?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every difference between two JSON values, deepest first-differing point each, in key order: objects key by key,
 * arrays item by item (an array of a different length differs at each index past the shorter one). Equal values give
 * none, so `jsonChanges(a, b).length === 0` exactly when a and b are the same JSON.
 */
export function jsonChanges(before: unknown, after: unknown, at: ReadonlyArray<string | number> = []): JsonChange[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: JsonChange[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      if (i >= after.length) changes.push({ path: pointer(...at, i), before: before[i] });
      else if (i >= before.length) changes.push({ path: pointer(...at, i), after: after[i] });
      else changes.push(...jsonChanges(before[i], after[i], [...at, i]));
    }
    return changes;
  }
  if (isRecord(before) && isRecord(after)) {
    const changes: JsonChange[] = [];
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) {
      const had = Object.hasOwn(before, key);
      const has = Object.hasOwn(after, key);
      if (!has) changes.push({ path: pointer(...at, key), before: before[key] });
      else if (!had) changes.push({ path: pointer(...at, key), after: after[key] });
      else changes.push(...jsonChanges(before[key], after[key], [...at, key]));
    }
    return changes;
  }
  if (before === after) return [];
  return [{ path: at.length ? pointer(...at) : '', before, after }];
}
