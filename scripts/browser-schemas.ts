import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst, type Plugin } from 'vite';

/*
 * The browser's copy of schemas/ (decision 0083). The client imports schemas/ for two things: the contracts, of which
 * `call()` reads only the method and the path, and a few plain values (vocabularies, message templates, helpers). The
 * TypeBox schemas those modules build at import (and TypeBox itself) are never used in the browser: it validates with
 * the validators the server compiled (decision 0076). This plugin lets the bundler leave them out:
 *
 * - every schemas/ module must be declarations only (imports, exports, constants, functions, types), so a module
 *   nobody uses can be left out (`moduleSideEffects: false`) and each call made while it loads is marked pure: a
 *   schema built for a value nobody imports is dropped;
 * - in schemas/contracts/, `defineRoute({...})` keeps only `method` and `path`: the rest of each contract (its
 *   schemas, summary, authorisation) is blanked out, so the schemas it named are unused too.
 *
 * The types are untouched (the type-check reads the real files); only what the bundler emits changes.
 */

const SCHEMAS_DIR = fileURLToPath(new URL('../schemas/', import.meta.url));
const CONTRACTS_DIR = path.join(SCHEMAS_DIR, 'contracts') + path.sep;
/** What `call()`, `download()` and `upload()` read of a contract (src/client/api/call.ts). */
const CONTRACT_KEYS_KEPT = new Set(['method', 'path']);
const PURE_OPEN = '/* @__PURE__ */ (() => (';
const PURE_CLOSE = '))()';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
interface Edit {
  start: number;
  end: number;
  text: string;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function children(node: Node): Node[] {
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'type' ? [] : Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [],
  );
}

/** Top-level statements that only declare; anything else could be a side effect the browser would lose. */
const DECLARATIONS = new Set([
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'VariableDeclaration',
  'FunctionDeclaration',
  'TSTypeAliasDeclaration',
  'TSInterfaceDeclaration',
  'TSEnumDeclaration',
]);

/**
 * Each value the module computes as it loads, wrapped in a function called at once and marked pure: the bundler drops
 * the whole initialiser when nothing uses the constant (marking each call would keep the spreads and property reads
 * between them, `{ ...Base.properties }`, which could run getters).
 */
function pureInitialisers(statement: Node, edits: Edit[]): void {
  const declaration = (statement.declaration as Node | null | undefined) ?? statement;
  if (declaration.type !== 'VariableDeclaration') return;
  for (const declarator of declaration.declarations as Node[]) {
    const init = declarator.init as Node | null | undefined;
    if (!init || /^(Literal|ArrowFunctionExpression|FunctionExpression)$/.test(init.type)) continue;
    edits.push(
      { start: init.start, end: init.start, text: PURE_OPEN },
      { start: init.end, end: init.end, text: PURE_CLOSE },
    );
  }
}

/** Blanks (spaces, newlines kept) every property of each `defineRoute({...})` but the method and the path. */
function strippedContracts(node: Node, edits: Edit[], code: string): void {
  const callee = node.callee as Node | undefined;
  const [argument] = (node.arguments as Node[] | undefined) ?? [];
  if (node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'defineRoute') {
    const properties = argument?.type === 'ObjectExpression' ? (argument.properties as Node[]) : [];
    const keptKey = (property: Node) => {
      const key = property.key as Node | undefined;
      return property.type === 'Property' && key?.type === 'Identifier' && CONTRACT_KEYS_KEPT.has(key.name as string);
    };
    // What is kept must be written out in the literal: a spread that is blanked may not bring the method or the path.
    if (properties.filter(keptKey).length !== CONTRACT_KEYS_KEPT.size) {
      throw new Error(`defineRoute at offset ${node.start}: write the method and the path in its object literal`);
    }
    for (const property of properties) {
      if (keptKey(property)) continue;
      // The property and its comma.
      const end = code[property.end] === ',' ? property.end + 1 : property.end;
      edits.push({ start: property.start, end, text: code.slice(property.start, end).replace(/[^\n]/g, ' ') });
    }
    return;
  }
  children(node).forEach((child) => strippedContracts(child, edits, code));
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function vlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    out += BASE64[digit];
  } while (rest > 0);
  return out;
}

/**
 * Applies edits that never add or remove a line (comments inserted, text blanked in place), with the source map: each
 * line maps to itself, and past each insertion the columns map back to where they were.
 */
function applyEdits(code: string, edits: Edit[], file: string) {
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  // Output column → source column shifts, per source line.
  const shifts = new Map<number, Array<[number, number]>>();
  let line = 0;
  let lineStart = 0;
  let shift = 0;
  const advanceTo = (offset: number) => {
    for (let i = code.indexOf('\n', lineStart); i !== -1 && i < offset; i = code.indexOf('\n', lineStart)) {
      line += 1;
      lineStart = i + 1;
      shift = 0;
    }
  };
  for (const edit of edits) {
    out += code.slice(at, edit.start) + edit.text;
    advanceTo(edit.start);
    const added = edit.text.length - (edit.end - edit.start);
    if (added !== 0) {
      // An insertion (blanking keeps the length): past it, output columns are `shift` further right.
      shift += added;
      const column = edit.end - lineStart;
      shifts.set(line, [...(shifts.get(line) ?? []), [column + shift, column]]);
    }
    at = edit.end;
  }
  out += code.slice(at);
  let previousSourceLine = 0;
  let previousSourceColumn = 0;
  const lines = code.split('\n').map((_, sourceLine) => {
    let previousColumn = 0;
    return [[0, 0] as [number, number], ...(shifts.get(sourceLine) ?? [])]
      .map(([outColumn, sourceColumn]) => {
        const segment =
          vlq(outColumn - previousColumn) +
          vlq(0) +
          vlq(sourceLine - previousSourceLine) +
          vlq(sourceColumn - previousSourceColumn);
        previousColumn = outColumn;
        previousSourceLine = sourceLine;
        previousSourceColumn = sourceColumn;
        return segment;
      })
      .join(',');
  });
  return {
    code: out,
    map: { version: 3, sources: [file], sourcesContent: [code], names: [], mappings: lines.join(';') },
  };
}

/** The Vite plugin: for the client only (the server and its tests read schemas/ as they are). */
export function browserSchemas(): Plugin {
  return {
    name: 'candid:browser-schemas',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/](schemas[\\/].*\.ts|node_modules[\\/]typebox[\\/].*)$/ },
      handler(code, id) {
        const file = id.split('?')[0] ?? id;
        // TypeBox's modules register its formats and settings as they load; the browser calls none of its functions,
        // so what nothing references can go. bundle-budget.ts fails if any of TypeBox is left in a chunk.
        if (/[\\/]node_modules[\\/]typebox[\\/]/.test(file)) return { code, map: null, moduleSideEffects: false };
        if (!file.startsWith(SCHEMAS_DIR)) return null;
        const program = parseAst(code, { lang: 'ts' }, file) as unknown as Node;
        const edits: Edit[] = [];
        for (const statement of program.body as Node[]) {
          const declaration = (statement.declaration as Node | null | undefined) ?? statement;
          if (!DECLARATIONS.has(statement.type) || !DECLARATIONS.has(declaration.type)) {
            throw new Error(
              `${path.relative(process.cwd(), file)}: a ${statement.type} at offset ${statement.start}; schemas/ ` +
                'modules hold declarations only, so the browser can leave out what it does not use (decision 0083)',
            );
          }
          try {
            if (file.startsWith(CONTRACTS_DIR)) strippedContracts(statement, edits, code);
          } catch (error) {
            throw new Error(`${path.relative(process.cwd(), file)}: ${(error as Error).message}`, { cause: error });
          }
          pureInitialisers(statement, edits);
        }
        return { ...applyEdits(code, edits, file), moduleSideEffects: false };
      },
    },
  };
}
