import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  /** The chunk's name: its source file's name without extension (`step-form`), also for shared chunks. */
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** What a route loads before it shows: the entry and its page's chunk, each with all they import statically. */
interface RouteBudget {
  route: string;
  /** Manifest keys (source paths under src/client) loaded by the route. */
  loads: readonly string[];
  /**
   * Names of chunks the route's page imports lazily and waits for before its content shows (the application step's
   * form renderer), with what they import statically; found among the dynamic imports of what `loads` brings.
   */
  awaits?: readonly string[];
  /** Bytes on the wire (brotli), at most: `npm test` fails above it (decision 0064). */
  budget: number;
  /** Issue 18's target, shown beside the budget (met where the budget is below it). */
  target?: number;
}

/**
 * The budgets hold each route at today's size plus about 2 kB for ordinary growth, so a change that adds weight to a
 * first load fails the suite and has to say why; issue 18's targets are beside them until they are met (decisions 0064
 * and 0083: the home page's and the application step's are met; the roles list's is 1.2 kB over, its dates' date-fns).
 */
const ROUTE_BUDGETS: readonly RouteBudget[] = [
  {
    route: 'candidate home /',
    loads: ['index.html', 'features/home/pages.tsx'],
    budget: 137_000,
    target: 150_000,
  },
  {
    route: 'roles list /roles',
    loads: ['index.html', 'features/roles/pages.tsx'],
    budget: 148_500,
    target: 150_000,
  },
  {
    route: 'first application step /applyp/:roleId',
    loads: ['index.html', 'features/application/pages.tsx'],
    awaits: ['application-flow'],
    budget: 229_000,
    target: 250_000,
  },
];

export interface FirstLoad {
  route: string;
  bytes: number;
  budget: number;
  target?: number;
  files: number;
}

/** A file's size as sent: its .br sibling when the build wrote one (scripts/precompress.ts), else the file itself. */
function wireBytes(dir: string, file: string): number {
  const full = path.join(dir, file);
  return statSync(existsSync(`${full}.br`) ? `${full}.br` : full).size;
}

function chunkOf(manifest: Manifest, key: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest: is ROUTE_BUDGETS up to date?`);
  return chunk;
}

/** The manifest keys of `keys` and of everything they import statically. */
function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunkOf(manifest, key).imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** The keys a route loads: its static closure, then the awaited lazy chunks found among its dynamic imports. */
function routeKeys(manifest: Manifest, { route, loads, awaits = [] }: RouteBudget): Set<string> {
  const keys = closure(manifest, loads);
  const dynamic = [...keys].flatMap((key) => chunkOf(manifest, key).dynamicImports ?? []);
  const awaited = awaits.map((name) => {
    const key = dynamic.find((k) => chunkOf(manifest, k).name === name);
    if (!key) throw new Error(`${route} awaits a chunk named ${name} that none of its chunks imports lazily`);
    return key;
  });
  return closure(manifest, [...keys, ...awaited]);
}

/** The first load of each budgeted route in a built client, in bytes on the wire. */
export function measureFirstLoads(clientDir: string): FirstLoad[] {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return ROUTE_BUDGETS.map((budget) => {
    const files = new Set(['index.html']);
    for (const key of routeKeys(manifest, budget)) {
      const chunk = chunkOf(manifest, key);
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
    }
    const bytes = [...files].reduce((sum, file) => sum + wireBytes(clientDir, file), 0);
    return { route: budget.route, budget: budget.budget, target: budget.target, files: files.size, bytes };
  });
}

/**
 * Code that compiles code in the browser: Ajv's compiler (its log line survives minifying), `eval(`, and `Function(`
 * called on anything but decimal.js's `Function('return this')` fallback, which runs only where `self` is missing.
 * The CSP has no 'unsafe-eval' (decision 0076), so any of these fails when it runs.
 */
const RUNTIME_COMPILERS: ReadonlyArray<[string, RegExp]> = [
  ["Ajv's compiler", /Error compiling schema/],
  ['eval', /\beval\(/],
  ['new Function', /\bFunction\((?!\s*[`'"]return this[`'"]\s*\))/],
];

/** The built JavaScript files that would compile code in the browser, each with what was found. */
export function runtimeCompilers(clientDir: string): string[] {
  const assets = path.join(clientDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => {
      const code = readFileSync(path.join(assets, file), 'utf8');
      return RUNTIME_COMPILERS.filter(([, pattern]) => pattern.test(code)).map(([what]) => `assets/${file}: ${what}`);
    });
}

/**
 * Packages the browser must not carry (decision 0083): TypeBox, which the contracts and schemas/ build at import while
 * the client needs only each contract's method and path (scripts/browser-schemas.ts leaves it out). Found through the
 * chunks' source maps, which name every module that put code in them.
 */
const SERVER_ONLY_PACKAGES = ['typebox'];

/** The built JavaScript files holding code of a server-only package, each with the package. */
export function serverOnlyCode(clientDir: string): string[] {
  const assets = path.join(clientDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js.map'))
    .flatMap((file) => {
      const { sources = [] } = JSON.parse(readFileSync(path.join(assets, file), 'utf8')) as { sources?: string[] };
      return SERVER_ONLY_PACKAGES.filter((name) =>
        sources.some((source) => source.includes(`node_modules/${name}/`)),
      ).map((name) => `assets/${file.replace(/\.map$/, '')}: ${name}`);
    });
}

export const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

// `tsx scripts/bundle-budget.ts`: run after `vite build` (npm run test:e2e does); exits 1 when a route is over budget,
// a chunk compiles code at run time or carries a server-only package.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const loads = measureFirstLoads(path.resolve('dist/client'));
  for (const load of loads) {
    const verdict = load.bytes <= load.budget ? 'within' : 'OVER';
    const target = load.target === undefined ? '' : ` (issue 18's target: ${kB(load.target)})`;
    process.stdout.write(
      `${load.route}: ${kB(load.bytes)} brotli in ${load.files} files, ${verdict} its budget of ${kB(load.budget)}${target}\n`,
    );
  }
  const compilers = runtimeCompilers(path.resolve('dist/client'));
  for (const found of compilers) process.stdout.write(`compiles code in the browser (the CSP forbids it): ${found}\n`);
  const serverOnly = serverOnlyCode(path.resolve('dist/client'));
  for (const found of serverOnly) process.stdout.write(`server-only code in the browser (decision 0083): ${found}\n`);
  if (loads.some((load) => load.bytes > load.budget) || compilers.length > 0 || serverOnly.length > 0) process.exit(1);
}
