import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { kB, measureFirstLoads } from '../scripts/bundle-budget';
import type { Figure } from './support';

/** Each budgeted route's first load before issue 18's bundle work, brotli on the wire (same count, decision 0064). */
const BEFORE: Record<string, string> = {
  'candidate home /': '200.2 kB',
  'roles list /roles': '226.7 kB',
  'first application step /applyp/:roleId': '367.8 kB',
};

/**
 * The JS and CSS each budgeted route downloads before it shows, in bytes on the wire (brotli), from a fresh production
 * build: the same count as the budget step of `npm run test:e2e` (scripts/bundle-budget.ts).
 */
export function benchBundle(): Promise<Figure[]> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const loads = measureFirstLoads(path.resolve('dist/client'));
  return Promise.resolve(
    loads.map((load) => {
      const goal = load.target ?? load.budget;
      return {
        name: `first load of ${load.route}, JS and CSS, brotli`,
        value: `${kB(load.bytes)} in ${load.files} files (budget ${kB(load.budget)})`,
        target: `< ${kB(goal)}`,
        met: load.bytes < goal,
        note: `before: ${BEFORE[load.route] ?? 'not measured'}`,
      };
    }),
  );
}
