/*
 * Small-number suppression for reports (decision 0049). A report shows counts of applications
 * split by a group (gender, school type, source...) within a population (those who reached a
 * stage, those hired). A count under SMALLEST_SHOWN_COUNT is never shown: it reads "<5"
 * (primary suppression). Where the groups partition the population and its total is shown, one
 * hidden cell could be worked out as the total less the others, so more cells are hidden
 * ("withheld", secondary suppression) until no "<5" cell can be pinned down from what is shown.
 * A population total follows the same rule wherever it appears (shown when 5 or more), so one
 * report's totals cannot undo another's suppression for the same selection.
 */

/** Counts below this are never shown in a report or its CSV. */
export const SMALLEST_SHOWN_COUNT = 5;

/** The four-fifths rule: a group selected at under 80 % of the best group's rate is flagged. */
export const FOUR_FIFTHS = 0.8;

/** A count under SMALLEST_SHOWN_COUNT, shown as such. */
export const SMALL = '<5';
/** A figure hidden so that a small count cannot be worked out from totals (or computed from a hidden count). */
export const WITHHELD = 'withheld';

/** A figure as a report shows it. */
export type ShownFigure = number | typeof SMALL | typeof WITHHELD;

/** One population split into groups: the groups' counts and the population's total. */
export interface CountColumn {
  readonly total: number;
  readonly cells: readonly number[];
}

export interface ShownColumn {
  readonly total: ShownFigure;
  readonly cells: readonly ShownFigure[];
}

/** A population total as every report shows it: the one rule that keeps totals consistent across reports. */
export function shownTotal(total: number): ShownFigure {
  return total < SMALLEST_SHOWN_COUNT ? SMALL : total;
}

interface Bounds {
  readonly low: number;
  readonly high: number;
}

/** What a reader knows of a figure: its value, "<5" (0 to 4), or withheld (5 or more, by the rule above). */
function boundsOf(figure: ShownFigure): Bounds {
  if (figure === SMALL) return { low: 0, high: SMALLEST_SHOWN_COUNT - 1 };
  if (figure === WITHHELD) return { low: SMALLEST_SHOWN_COUNT, high: Number.POSITIVE_INFINITY };
  return { low: figure, high: figure };
}

/**
 * The values each figure of a column can take, for a reader who knows the shown figures, the
 * bounds of the hidden ones and (when `total` is given) that the cells add up to it. With one
 * equation and box bounds, a cell's range is its own bounds narrowed by what the others leave.
 */
export function readerRanges(cells: readonly ShownFigure[], total: number | null): Bounds[] {
  const bounds = cells.map(boundsOf);
  if (total === null) return bounds;
  const low = bounds.reduce((sum, b) => sum + b.low, 0);
  const high = bounds.reduce((sum, b) => sum + b.high, 0);
  return bounds.map((b) => ({
    low: Math.max(b.low, total - (high - b.high)),
    high: Math.min(b.high, total - (low - b.low)),
  }));
}

const pinned = (cells: readonly ShownFigure[], total: number | null) =>
  readerRanges(cells, total).some((range, i) => cells[i] === SMALL && range.low === range.high);

/**
 * Suppresses one column. `partition`: the cells add up to the total (each application in one
 * group), so a reader can subtract; otherwise (an application in several groups, or in none)
 * only the primary rule applies. Secondary suppression withholds the smallest shown cell until
 * no "<5" cell is pinned down; where even that cannot hide them (two cells of 4 in a total of 8),
 * the whole column is withheld and a withheld figure then says nothing of its size.
 */
export function suppressColumn(column: CountColumn, partition: boolean): ShownColumn {
  const total = shownTotal(column.total);
  const cells: ShownFigure[] = column.cells.map((count) => (count < SMALLEST_SHOWN_COUNT ? SMALL : count));
  if (!partition || total === SMALL) return { total, cells };
  const known = column.total;
  while (pinned(cells, known)) {
    let smallest = -1;
    cells.forEach((cell, i) => {
      if (typeof cell === 'number' && (smallest < 0 || cell < (cells[smallest] as number))) smallest = i;
    });
    if (smallest < 0) return { total, cells: cells.map(() => WITHHELD) };
    cells[smallest] = WITHHELD;
  }
  return { total, cells };
}

/** A rate (or any figure computed from counts) is shown only when every count it comes from is. */
export function derivedFigure(inputs: readonly ShownFigure[], compute: () => number): number | typeof WITHHELD {
  return inputs.every((input) => typeof input === 'number') ? compute() : WITHHELD;
}

/**
 * A mean or median of a group's durations, shown only when the group has SMALLEST_SHOWN_COUNT
 * members or more (a median of two is one person's time).
 */
export function groupFigure(members: number, value: number | null): ShownFigure {
  return members < SMALLEST_SHOWN_COUNT || value === null ? WITHHELD : value;
}
