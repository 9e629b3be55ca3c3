import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { benchPublicApi } from './api-public.bench';
import { benchEngineCompile } from './engine-compile.bench';
import { benchKeystroke } from './keystroke.bench';
import { benchMoves } from './moves.bench';
import { benchSearch } from './search.bench';
import type { Figure } from './support';

/** npm run bench: runs every benchmark and writes the figures to docs/performance.md. */
const suites: Array<[string, () => Promise<Figure[]>]> = [
  ['Configuration engine', benchEngineCompile],
  ['Rendered forms (Chromium)', benchKeystroke],
  ['Public API', benchPublicApi],
  ['Stage moves', benchMoves],
  ['Candidate search', benchSearch],
];

const sections: string[] = [];
for (const [title, run] of suites) {
  console.log(`${title}…`);
  const figures = await run();
  for (const f of figures)
    console.log(`  ${f.name}: ${f.value}${f.target ? ` (target ${f.target}: ${f.met ? 'met' : 'NOT met'})` : ''}`);
  sections.push(
    [
      `## ${title}`,
      '',
      '| Measure | Figure | Target | Met |',
      '|---|---|---|---|',
      ...figures.map(
        (f) =>
          `| ${f.name}${f.note ? ` (${f.note})` : ''} | ${f.value} | ${f.target ?? ''} | ${f.met === undefined ? '' : f.met ? 'yes' : 'no'} |`,
      ),
    ].join('\n'),
  );
}

const header = [
  '# Performance',
  '',
  'Written by `npm run bench` (bench/run.ts); do not edit by hand.',
  `Last run: ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}.`,
  '',
].join('\n');
writeFileSync(join(import.meta.dirname, '../docs/performance.md'), `${header}\n${sections.join('\n\n')}\n`);
console.log('Figures written to docs/performance.md');
