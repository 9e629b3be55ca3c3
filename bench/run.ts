import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { benchPublicApi } from './api-public.bench';
import { benchBundle } from './bundle.bench';
import { benchEngineCompile } from './engine-compile.bench';
import { benchKeystroke } from './keystroke.bench';
import { benchLoad } from './load.bench';
import { benchMoves } from './moves.bench';
import { benchReports } from './reports.bench';
import { benchSearch } from './search.bench';
import type { Figure } from './support';

/** The machine a section's figures were taken on. */
const MACHINE = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`;

/**
 * npm run bench [-- <suite>…]: runs the benchmarks (all, or the suites named: engine, forms, bundle, public, load,
 * moves, search, reports) and writes their figures to docs/performance.md, each beside the figure it replaces; the
 * sections of suites not run stay as they were.
 */
const suites: Array<{ key: string; title: string; run: () => Promise<Figure[]> }> = [
  { key: 'engine', title: 'Configuration engine', run: benchEngineCompile },
  { key: 'forms', title: 'Rendered forms (Chromium)', run: benchKeystroke },
  { key: 'bundle', title: 'First loads (bundle budget)', run: benchBundle },
  { key: 'public', title: 'Public API', run: benchPublicApi },
  { key: 'load', title: 'Public API under load (autocannon)', run: benchLoad },
  { key: 'moves', title: 'Stage moves', run: benchMoves },
  { key: 'search', title: 'Candidate search', run: benchSearch },
  { key: 'reports', title: 'Reports', run: benchReports },
];

const FILE = join(import.meta.dirname, '../docs/performance.md');
const TABLE_HEAD = ['| Measure | Figure | Previous | Target | Met |', '|---|---|---|---|---|'];

/** The sections of the current file by title, and each measure's figure by its name (the first column). */
function readPrevious(): { sections: Map<string, string>; figures: Map<string, string> } {
  const sections = new Map<string, string>();
  const figures = new Map<string, string>();
  if (!existsSync(FILE)) return { sections, figures };
  for (const part of readFileSync(FILE, 'utf8').split(/^## /m).slice(1)) {
    const title = part.slice(0, part.indexOf('\n'));
    sections.set(title, `## ${part.trimEnd()}`);
    for (const line of part.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Measure'))) {
      const cells = line.split(' | ');
      figures.set(`${title}|${cells[0]!.slice(2)}`, cells[1]!);
    }
  }
  return { sections, figures };
}

const asked = process.argv.slice(2);
const unknown = asked.filter((key) => !suites.some((s) => s.key === key));
if (unknown.length > 0) {
  console.error(`Unknown suite ${unknown.join(', ')}; expected some of: ${suites.map((s) => s.key).join(', ')}`);
  process.exit(2);
}
const previous = readPrevious();
const sections: string[] = [];
for (const { key, title, run } of suites) {
  if (asked.length > 0 && !asked.includes(key)) {
    const kept = previous.sections.get(title);
    if (kept) sections.push(kept);
    continue;
  }
  console.log(`${title}…`);
  const load = loadavg()[0]!.toFixed(1);
  const figures = await run();
  for (const f of figures)
    console.log(`  ${f.name}: ${f.value}${f.target ? ` (target ${f.target}: ${f.met ? 'met' : 'NOT met'})` : ''}`);
  sections.push(
    [
      `## ${title}`,
      '',
      `Run ${new Date().toISOString()} on ${MACHINE}, load average ${load} when it started.`,
      '',
      ...TABLE_HEAD,
      ...figures.map((f) => {
        const name = `${f.name}${f.note ? ` (${f.note})` : ''}`;
        const before = previous.figures.get(`${title}|${name}`) ?? '';
        const met = f.met === undefined ? '' : f.met ? 'yes' : 'no';
        return `| ${name} | ${f.value} | ${before} | ${f.target ?? ''} | ${met} |`;
      }),
    ].join('\n'),
  );
}

const header = [
  '# Performance',
  '',
  'Written by `npm run bench` (bench/run.ts); do not edit by hand. "Previous" is the figure each run replaced.',
  'Each section names the machine it ran on: the sessions do not always get the same one.',
  '',
].join('\n');
writeFileSync(FILE, `${header}\n${sections.join('\n\n')}\n`);
console.log('Figures written to docs/performance.md');
