import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTEXTUAL_FLAGS } from '#schemas/contextual';
import { contextualTables, piBandKey, type PiAtStage } from '#engine/reports/contextual';
import type { ReachedCount } from '#engine/reports/tables';
import {
  derivedFigure,
  groupFigure,
  readerRanges,
  shownTotal,
  SMALL,
  SMALLEST_SHOWN_COUNT,
  suppressColumn,
  WITHHELD,
  type ShownColumn,
} from '#engine/reports/suppression';

/*
 * Decision 0049: no report or CSV, alone or with another report's totals for the same selection,
 * reveals a count under 5. A reader knows every shown figure, that "<5" is 0 to 4, that a
 * withheld count is 5 or more (in a column not wholly withheld), and every population total
 * that any report shows (each follows shownTotal, so they agree).
 */

/** Groups of one population (e.g. gender among those who reached a stage), many small. */
const column = fc.array(fc.oneof(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 60 })), {
  minLength: 1,
  maxLength: 8,
});

const sum = (cells: readonly number[]) => cells.reduce((a, b) => a + b, 0);

/** The exact values a reader can pin down in a shown column, given the total when any report shows it. */
function pinnedSmallCounts(shown: ShownColumn, cells: readonly number[], knownTotal: number | null): number[] {
  const wholeColumnWithheld = shown.cells.every((cell) => cell === WITHHELD);
  if (wholeColumnWithheld) {
    // Nothing is known of the cells but their sum: with two or more, none is pinned.
    return cells.length >= 2 ? [] : cells.filter((count) => count < SMALLEST_SHOWN_COUNT);
  }
  return readerRanges(shown.cells, knownTotal).flatMap((range, i) =>
    range.low === range.high && cells[i]! < SMALLEST_SHOWN_COUNT ? [cells[i]!] : [],
  );
}

describe('report suppression (decision 0049)', () => {
  it('never shows a count under 5, totals included', () => {
    fc.assert(
      fc.property(column, fc.boolean(), (cells, partition) => {
        const shown = suppressColumn({ total: sum(cells), cells }, partition);
        for (const figure of [shown.total, ...shown.cells])
          if (typeof figure === 'number') expect(figure).toBeGreaterThanOrEqual(SMALLEST_SHOWN_COUNT);
        shown.cells.forEach((figure, i) => {
          if (typeof figure === 'number') expect(figure).toBe(cells[i]);
          if (cells[i]! < SMALLEST_SHOWN_COUNT) expect(figure === SMALL || figure === WITHHELD).toBe(true);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('lets no small count be worked out from the total, whichever report shows it', () => {
    fc.assert(
      fc.property(column, (cells) => {
        const total = sum(cells);
        const shown = suppressColumn({ total, cells }, true);
        // Another report of the same selection shows this population's total by the same rule.
        const elsewhere = shownTotal(total);
        expect(shown.total).toBe(elsewhere);
        const knownTotal = typeof elsewhere === 'number' ? elsewhere : null;
        expect(pinnedSmallCounts(shown, cells, knownTotal)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps the cells it shows: it withholds only what it must (one small count in a large column)', () => {
    const shown = suppressColumn({ total: 40, cells: [20, 10, 8, 2] }, true);
    expect(shown).toEqual({ total: 40, cells: [20, 10, WITHHELD, SMALL] });
    expect(suppressColumn({ total: 8, cells: [4, 4] }, true).cells).toEqual([WITHHELD, WITHHELD]);
    expect(suppressColumn({ total: 25, cells: [20, 5] }, true).cells).toEqual([20, 5]);
  });

  it('computes a rate only from shown counts, and a time only over five or more', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.nat(100), fc.constant(SMALL), fc.constant(WITHHELD)), { maxLength: 4 }),
        (inputs) => {
          const figure = derivedFigure(inputs, () => 1);
          expect(figure).toBe(inputs.every((input) => typeof input === 'number') ? 1 : WITHHELD);
        },
      ),
    );
    expect(groupFigure(4, 12)).toBe(WITHHELD);
    expect(groupFigure(5, 12)).toBe(12);
    expect(groupFigure(9, null)).toBe(WITHHELD);
  });

  /*
   * The contextual report from random applications: each with some flags (or none), a PI (or none)
   * and the stages it reached (a prefix of the pipeline). The counts are what the report's query
   * aggregates; the tables are what the page, the CSV and the print view show.
   */
  const STAGES = [
    { id: 1, name: 'Applied' },
    { id: 28, name: 'For review' },
    { id: 14, name: 'Offer accepted' },
  ];
  const application = fc.record({
    flags: fc.subarray([...CONTEXTUAL_FLAGS], { maxLength: 3 }),
    pi: fc.option(fc.integer({ min: 40, max: 200 }), { nil: null }),
    reached: fc.integer({ min: 1, max: STAGES.length }),
  });
  type Application = { flags: string[]; pi: number | null; reached: number };

  function aggregate(applications: readonly Application[]) {
    const counts = new Map<string, ReachedCount>();
    const add = (dimension: string, value: string | null, stage_id: number) => {
      const key = `${dimension}|${value}|${stage_id}`;
      const row = counts.get(key) ?? { dimension, value, stage_id, n: 0 };
      counts.set(key, { ...row, n: row.n + 1 });
    };
    const pis = new Map<number, number[]>();
    for (const a of applications)
      for (const stage of STAGES.slice(0, a.reached)) {
        add('all', 'all', stage.id);
        for (const flag of a.flags.length ? a.flags : [null]) add('flag', flag, stage.id);
        add('performanceIndexBand', a.pi === null ? null : piBandKey(a.pi), stage.id);
        if (a.pi !== null) pis.set(stage.id, [...(pis.get(stage.id) ?? []), a.pi]);
      }
    // Only the number of PIs matters to suppression; the mean stands for both figures.
    const piAtStages: PiAtStage[] = [...pis].map(([stage_id, values]) => {
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      return { stage_id, n: values.length, median: mean, mean };
    });
    return { counts: [...counts.values()], piAtStages };
  }

  it('the contextual report shows no count under 5 and lets none be worked out from the totals', () => {
    fc.assert(
      fc.property(fc.array(application, { maxLength: 40 }), (applications) => {
        const { counts, piAtStages } = aggregate(applications);
        const [flags, bands, performance] = contextualTables(STAGES, counts, piAtStages);
        const count = (dimension: string, value: string | null, stage: number) =>
          counts.find((c) => c.dimension === dimension && c.value === value && c.stage_id === stage)?.n ?? 0;
        STAGES.forEach((stage, c) => {
          const reached = count('all', 'all', stage.id);
          for (const [table, dimension] of [
            [flags!, 'flag'],
            [bands!, 'performanceIndexBand'],
          ] as const) {
            // The same population total as every other report of the selection shows.
            expect(table.totals![c]).toBe(shownTotal(reached));
            table.rows.forEach((row) => {
              const figure = row.figures[c]!;
              const actual = count(dimension, row.key === '' ? null : row.key, stage.id);
              if (typeof figure === 'number') expect(figure).toBe(actual);
              if (typeof figure === 'number') expect(figure).toBeGreaterThanOrEqual(SMALLEST_SHOWN_COUNT);
              if (actual < SMALLEST_SHOWN_COUNT) expect([SMALL, WITHHELD]).toContain(figure);
            });
          }
          // The PI bands split the applications: no "<5" band can be pinned down from the total.
          const cells = bands!.rows.map((row) => count('performanceIndexBand', row.key || null, stage.id));
          const shown = { total: bands!.totals![c]!, cells: bands!.rows.map((row) => row.figures[c]!) };
          expect(pinnedSmallCounts(shown, cells, reached >= SMALLEST_SHOWN_COUNT ? reached : null)).toEqual([]);
          // A PI's median or mean describes 5 applications or more.
          const withPi = piAtStages.find((p) => p.stage_id === stage.id)?.n ?? 0;
          for (const figure of performance!.rows[c]!.figures)
            expect(typeof figure === 'number').toBe(withPi >= SMALLEST_SHOWN_COUNT);
        });
      }),
      { numRuns: 500 },
    );
  });
});
