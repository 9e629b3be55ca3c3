import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The translation keys a set of pages uses, found in their source: every file reachable from the
 * pages' entry modules through relative imports inside src/client (static and lazy), scanned for
 * t('key') and t(`prefix.${…}`) calls. A template key stands for every key under its prefix.
 */

export const ROOT = path.resolve(import.meta.dirname, '../../..');
const CLIENT = path.join(ROOT, 'src/client');

function resolveModule(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (candidate.startsWith(CLIENT) && /\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Source files reachable from the entries (style modules left out: they have no text). */
export function reachableFiles(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = entries.map((entry) => path.join(ROOT, entry));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.[^'"]+)['"]/g)) {
      const target = resolveModule(file, match[1]!);
      if (target && !target.endsWith('.css.ts')) queue.push(target);
    }
  }
  return [...seen].sort();
}

export interface KeyUse {
  file: string;
  /** A whole key, or a prefix ending in '.' for a template such as t(`roles.workTypes.${type}`). */
  key: string;
  prefix: boolean;
}

/** Every t(…) call of the files: literal keys and template prefixes; calls with any other first argument are listed
 * apart. */
export function keyUses(files: readonly string[]): { uses: KeyUse[]; dynamic: string[] } {
  const uses: KeyUse[] = [];
  const dynamic: string[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const relative = path.relative(ROOT, file);
    for (const match of source.matchAll(/\bt\(\s*([^\s),])/g)) {
      const start = match.index + match[0].length - 1;
      const quote = source[start];
      if (quote === "'" || quote === '"') {
        const end = source.indexOf(quote, start + 1);
        uses.push({ file: relative, key: source.slice(start + 1, end), prefix: false });
      } else if (quote === '`') {
        const end = source.indexOf('`', start + 1);
        const template = source.slice(start + 1, end);
        const literal = template.split('${')[0]!;
        if (literal.length > 0 && literal.endsWith('.')) uses.push({ file: relative, key: literal, prefix: true });
        else dynamic.push(`${relative}: t(\`${template}\`)`);
      } else {
        const line = source.slice(source.lastIndexOf('\n', start) + 1, source.indexOf('\n', start)).trim();
        dynamic.push(`${relative}: ${line}`);
      }
    }
  }
  return { uses, dynamic };
}

type Nested = { [key: string]: string | Nested };

/** Every leaf key of a nested resource ('a.b.c'). */
export function leafKeys(resource: Nested, prefix = ''): string[] {
  return Object.entries(resource).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The English leaf keys a use stands for: the key (or its plural forms), or everything under a prefix. */
export function expand(use: KeyUse, english: readonly string[]): string[] {
  if (use.prefix) return english.filter((key) => key.startsWith(use.key));
  return english.filter((key) => key === use.key || (PLURAL.test(key) && key.replace(PLURAL, '') === use.key));
}

/** The base key of a plural form ('found_other' → 'found'), or null. */
export function pluralBase(key: string): string | null {
  return PLURAL.test(key) ? key.replace(PLURAL, '') : null;
}
