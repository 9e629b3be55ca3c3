import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactFilters,
  dateAddedSince,
  decodeSearchState,
  encodeSearchState,
  pageInfo,
  DEFAULT_SEARCH_STATE,
} from '#engine/pipeline/search';

describe('candidate search helpers (spec §3, §4, §9)', () => {
  it('drops empty values at every depth and keeps the rest', () => {
    expect(
      compactFilters({
        locations: [],
        searchTerm: '  ',
        roleId: 'r1',
        schoolPercentile: {},
        scores: [{ key: 'x' }],
        statuses: ['PENDING'],
      }),
    ).toEqual({
      roleId: 'r1',
      scores: [{ key: 'x' }],
      statuses: ['PENDING'],
    });
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ minLength: 1 }),
          fc.oneof(fc.constant(''), fc.constant([]), fc.constant({}), fc.constant(null)),
        ),
        (junk) => {
          expect(compactFilters(junk as never)).toEqual({});
        },
      ),
    );
  });

  it('date-added ranges reach back a day, a week, 1, 3, 6 and 12 months', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(dateAddedSince('LAST_DAY', now).toISOString()).toBe('2026-11-20T12:00:00.000Z');
    expect(dateAddedSince('LAST_WEEK', now).toISOString()).toBe('2026-11-14T12:00:00.000Z');
    expect(dateAddedSince('LAST_3_MONTHS', now).toISOString()).toBe('2026-08-21T12:00:00.000Z');
    expect(dateAddedSince('LAST_YEAR', now).toISOString()).toBe('2025-11-21T12:00:00.000Z');
  });

  it('page fields are consistent for any page of any size', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.constantFrom(20, 100), fc.nat(5000), (number, size, total) => {
        const totalPages = Math.ceil(total / size);
        const elements = number < totalPages ? Math.min(size, total - number * size) : 0;
        const info = pageInfo(number, size, total, elements);
        expect(info.totalPages).toBe(totalPages);
        expect(info.hasNext).toBe(number < totalPages - 1);
        expect(info.hasPrevious).toBe(number > 0);
        expect(info.first).toBe(number === 0);
        expect(info.hasContent).toBe(elements > 0);
      }),
    );
  });

  it('the search state survives the URL, and junk falls back to the default view', () => {
    const state = {
      ...DEFAULT_SEARCH_STATE,
      roleId: 'r1',
      stageId: 3,
      page: 2,
      resultsPerPage: 100,
      filters: { universityGroups: ['RUSSELL' as const] },
    };
    expect(decodeSearchState(encodeSearchState(state))).toEqual(state);
    for (const junk of [null, '', '{', '42', '"x"', '{"page":-3,"resultsPerPage":7,"orderBy":"SIDEWAYS"}']) {
      const decoded = decodeSearchState(junk);
      expect(decoded.page).toBeGreaterThanOrEqual(0);
      expect([20, 100]).toContain(decoded.resultsPerPage);
      expect(['ASC', 'DESC']).toContain(decoded.orderBy);
    }
  });
});
