/** Small timing helpers shared by the benchmarks: medians and percentiles over repeated runs. */
export interface Timing {
  runs: number;
  p50: number;
  p95: number;
  max: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export function summarise(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

export async function time(runs: number, work: (i: number) => unknown): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work(i);
    samples.push(performance.now() - start);
  }
  return summarise(samples);
}

export const ms = (value: number): string => `${value.toFixed(value < 1 ? 3 : 2)} ms`;

/** One measured figure for docs/performance.md. */
export interface Figure {
  name: string;
  value: string;
  target?: string;
  met?: boolean;
  note?: string;
}
