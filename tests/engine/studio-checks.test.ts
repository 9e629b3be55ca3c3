import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonChanges, themeContrastProblems } from '#engine';

describe('jsonChanges (decision 0042: the diff between two versions)', () => {
  it('names each change by its JSON Pointer, with the value before and after', () => {
    expect(
      jsonChanges(
        { text: { 'a/b': 'x', keep: 'y' }, custom: [{ id: 'q' }], gone: 1 },
        { text: { 'a/b': 'z', keep: 'y' }, custom: [{ id: 'q' }, { id: 'r' }], added: true },
      ),
    ).toEqual([
      { path: '/added', after: true },
      { path: '/custom/1', after: { id: 'r' } },
      { path: '/gone', before: 1 },
      { path: '/text/a~1b', before: 'x', after: 'z' },
    ]);
  });

  it('finds no change exactly when the two values are the same JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(jsonChanges(a, a)).toEqual([]);
        expect(jsonChanges(a, b).length === 0).toBe(JSON.stringify(a) === JSON.stringify(b) || sameJson(a, b));
      }),
    );
  });
});

/** Equal as JSON whatever the key order (and -0 is 0, as JSON writes it). */
function sameJson(a: unknown, b: unknown): boolean {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
          )
        : Object.is(v, -0)
          ? 0
          : v;
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

describe('themeContrastProblems (WCAG AA for the brand colours)', () => {
  it('accepts the product default and a dark accent; refuses an accent lost on the white page', () => {
    expect(themeContrastProblems({ headerBGcolour: '#0b0c0c', secondary: '#1d70b8' })).toEqual([]);
    const [problem, ...rest] = themeContrastProblems({ headerBGcolour: '#0b0c0c', secondary: '#f0f0f0' });
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ path: '/secondary', message: expect.stringContaining('need 3:1') });
  });
});
