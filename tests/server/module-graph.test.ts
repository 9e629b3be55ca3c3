import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The server's import graph, read from the source (no database, no app). Layers, lowest first:
//   lib/, db/ (and the top-level paths.ts, config.ts, app-types.ts)  ▸  jobs/  ▸  plugins/
//   ▸  modules/<name>/ and email/ (one directed graph without cycles)  ▸  seed/  ▸  app.ts, main.ts.
// A folder imports only from its own layer or the ones below it, with one documented exception:
// plugins/ reach into modules/ through the files of PLUGIN_ENTRIES only, and what those files import
// (transitively) never comes back to plugins/. email/ sits among the modules: auth, users and
// applications queue messages, and it reads the language layers of modules/translations.

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SERVER = path.join(REPO, 'src/server');

/** What plugins/ may import from modules/ (repository path → why). Nothing else in modules/. */
const PLUGIN_ENTRIES: Record<string, string> = {
  'src/server/modules/auth/session.service.ts': 'auth: the bearer token → session lookup and the sliding expiry',
  'src/server/modules/auth/session.repository.ts': 'auth: the type of the access token a request carries',
  'src/server/modules/auth/session-cache.ts': 'auth: the round trip confirming a held token, begun as a call arrives',
  'src/server/modules/organizations/organization.repository.ts': 'tenancy: the organisation of a request',
};

interface Import {
  from: string;
  to: string;
  line: number;
}

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** A specifier → the server file it names, or null when it leaves src/server (packages, #engine, #schemas, …). */
function resolve(fromFile: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('#server/')) base = path.join(SERVER, specifier.slice('#server/'.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (candidate.startsWith(SERVER + path.sep) && candidate.endsWith('.ts') && existsSync(candidate)) return candidate;
  }
  if (!base.startsWith(SERVER + path.sep)) return null;
  throw new Error(`${path.relative(REPO, fromFile)} imports '${specifier}', which names no file under src/server.`);
}

/** Every import, export-from and dynamic import() between server files (type-only ones too). */
function serverImports(): Import[] {
  return serverFiles(SERVER).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return ts.preProcessFile(text, true, true).importedFiles.flatMap(({ fileName, pos }) => {
      const target = resolve(file, fileName);
      if (!target) return [];
      const line = text.slice(0, pos).split('\n').length;
      return [{ from: path.relative(REPO, file), to: path.relative(REPO, target), line }];
    });
  });
}

/** The unit a server file belongs to: `modules/<name>`, a top folder (`lib`, `db`, …) or a top-level file. */
function unitOf(file: string): string {
  const parts = path.relative('src/server', file).split(path.sep);
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : parts[0]!.replace(/\.ts$/, '');
}

const LAYER: Record<string, number> = {
  paths: 0,
  config: 0,
  'app-types': 0,
  lib: 0,
  db: 0,
  jobs: 1,
  plugins: 2,
  modules: 3,
  email: 3,
  seed: 4,
  app: 5,
  main: 6,
};

function layerOf(unit: string): number {
  const layer = LAYER[unit.split('/')[0]!];
  if (layer === undefined)
    throw new Error(`src/server/${unit} has no layer: add it to LAYER in tests/server/module-graph.test.ts.`);
  return layer;
}

/** The units that form the module graph: modules/<name> and email. */
const inGraph = (unit: string) => layerOf(unit) === LAYER.modules;

const show = (edge: Import) => `${edge.from}:${edge.line} imports ${edge.to}`;

/** One cycle of the graph as its units in order (first repeated at the end), or null. */
function findCycle(edges: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...edges.keys()].sort()) {
    if (!state.has(node)) {
      const cycle = visit(node);
      if (cycle) return cycle;
    }
  }
  return null;
}

const imports = serverImports();

describe('the server module graph', () => {
  it('reads the imports of src/server (the check itself works)', () => {
    expect(imports.length).toBeGreaterThan(100);
    expect(imports).toContainEqual(expect.objectContaining({ from: 'src/server/main.ts', to: 'src/server/app.ts' }));
  });

  it('has no cycle between modules (and email/)', () => {
    const edges = new Map<string, Set<string>>();
    const examples = new Map<string, Import>();
    for (const edge of imports) {
      const [from, to] = [unitOf(edge.from), unitOf(edge.to)];
      if (from === to || !inGraph(from) || !inGraph(to)) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
      if (!examples.has(`${from} ${to}`)) examples.set(`${from} ${to}`, edge);
    }
    const cycle = findCycle(edges);
    const where = (cycle ?? []).slice(1).map((to, i) => `  ${show(examples.get(`${cycle![i]} ${to}`)!)}`);
    expect(
      cycle,
      [
        `Server modules import each other in a cycle: ${cycle?.join(' → ')}`,
        ...where,
        'Break it: move what both sides need (types, pure functions) to src/server/lib/ or db/, or to a module',
        'that depends on neither; or invert the dependency (the lower module takes a function as a parameter).',
      ].join('\n'),
    ).toBeNull();
  });

  it('has layers that only point down', () => {
    const upward = imports.filter((edge) => {
      const [from, to] = [unitOf(edge.from), unitOf(edge.to)];
      if (from === to || layerOf(from) >= layerOf(to)) return false;
      return !(from === 'plugins' && edge.to in PLUGIN_ENTRIES);
    });
    expect(
      upward.map(show),
      [
        'These imports point up the server layers (lib, db ▸ jobs ▸ plugins ▸ modules, email ▸ seed ▸ app, main).',
        'Move what is shared down (a type or pure function to lib/ or db/), or pass it in from above. plugins/ may',
        'import from modules/ only the files of PLUGIN_ENTRIES in this test (add one, with its reason, only if what it',
        'imports never leads back to plugins/).',
      ].join('\n'),
    ).toEqual([]);
  });

  it('keeps what plugins import from modules/ clear of plugins/ (no cycle through a plugin)', () => {
    const byFile = new Map<string, Import[]>();
    for (const edge of imports) byFile.set(edge.from, [...(byFile.get(edge.from) ?? []), edge]);
    const problems: string[] = [];
    for (const entry of Object.keys(PLUGIN_ENTRIES)) {
      expect(existsSync(path.join(REPO, entry)), `PLUGIN_ENTRIES names ${entry}, which is gone`).toBe(true);
      const seen = new Set<string>();
      const trail: Import[] = [];
      const walk = (file: string): void => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const edge of byFile.get(file) ?? []) {
          trail.push(edge);
          if (unitOf(edge.to) === 'plugins' || layerOf(unitOf(edge.to)) > layerOf('modules'))
            problems.push(`${entry} reaches ${edge.to}:\n${trail.map((e) => `  ${show(e)}`).join('\n')}`);
          else walk(edge.to);
          trail.pop();
        }
      };
      walk(entry);
    }
    expect(
      problems,
      [
        'A file plugins/ imports from modules/ (PLUGIN_ENTRIES) leads back to plugins/ or above: a cycle.',
        'Keep those files to repositories, services and lib/ or db/; move route-level code out of their imports.',
      ].join('\n'),
    ).toEqual([]);
  });
});
