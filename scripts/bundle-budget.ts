import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** What a route loads before it shows: the entry and its page's chunk, each with all they import statically. */
interface RouteBudget {
  route: string;
  /** Manifest keys (source paths under src/client) loaded by the route. */
  loads: readonly string[];
  /** Bytes on the wire (brotli), at most. Issue 18's targets. */
  budget: number;
}

const ROUTE_BUDGETS: readonly RouteBudget[] = [
  { route: 'candidate home /', loads: ['index.html', 'features/home/pages.tsx'], budget: 150_000 },
  { route: 'roles list /roles', loads: ['index.html', 'features/roles/pages.tsx'], budget: 150_000 },
  {
    route: 'first application step /applyp/:roleId',
    loads: ['index.html', 'features/application/pages.tsx'],
    budget: 250_000,
  },
];

interface FirstLoad {
  route: string;
  bytes: number;
  budget: number;
  files: number;
}

/** A file's size as sent: its .br sibling when the build wrote one (scripts/precompress.ts), else the file itself. */
function wireBytes(dir: string, file: string): number {
  const full = path.join(dir, file);
  return statSync(existsSync(`${full}.br`) ? `${full}.br` : full).size;
}

function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: is ROUTE_BUDGETS up to date?`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** The first load of each budgeted route in a built client, in bytes on the wire. */
function measureFirstLoads(clientDir: string): FirstLoad[] {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return ROUTE_BUDGETS.map(({ route, loads, budget }) => {
    const files = [...closure(manifest, loads), 'index.html'];
    return { route, budget, files: files.length, bytes: files.reduce((sum, f) => sum + wireBytes(clientDir, f), 0) };
  });
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

// `tsx scripts/bundle-budget.ts`: run after `vite build` (npm run build); exits 1 when a route is over its budget.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const loads = measureFirstLoads(path.resolve('dist/client'));
  for (const load of loads) {
    const verdict = load.bytes <= load.budget ? 'within' : 'OVER';
    process.stdout.write(
      `${load.route}: ${kB(load.bytes)} brotli in ${load.files} files, ${verdict} its budget of ${kB(load.budget)}\n`,
    );
  }
  if (loads.some((load) => load.bytes > load.budget)) process.exit(1);
}
