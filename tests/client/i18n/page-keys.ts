import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The translation keys a set of pages uses, found in their source: every file reachable from the
 * pages' entry modules through relative imports inside src/client (static and lazy), scanned for
 * t('key') and t(`prefix.${…}`) calls. A template key stands for every key under its prefix.
 */

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The candidate pages and what surrounds them (issue 5): the pages a candidate may open, in every language. */
export const CANDIDATE_PAGES = [
  'src/client/features/roles/pages.tsx',
  // The hiring side's preview of a role's form shows the candidate's pages as they are.
  'src/client/features/roles/preview-pages.tsx',
  // Events (issue 14): the list, an event with its registration, the QR check-in.
  'src/client/features/events/pages.tsx',
  'src/client/features/application/pages.tsx',
  'src/client/features/application/applications-pages.tsx',
  'src/client/features/profile/pages.tsx',
  // The way in: sign-up, verification, sign-in, passwords; the account; the home page.
  'src/client/features/auth/pages.tsx',
  'src/client/features/account/pages.tsx',
  'src/client/features/home/pages.tsx',
  // The organisation's terms and privacy policy, which the sign-up and the application link to.
  'src/client/features/content/pages.tsx',
  // The interview booking page of an invitation link (issue 13).
  'src/client/features/scheduling/pages.tsx',
  // The page an email's "Stop these emails" link opens (issue 16).
  'src/client/features/communications/unsubscribe-page.tsx',
  // Where the document-signing provider sends the candidate back (decision 0080).
  'src/client/features/integrations/docusign-approved-page.tsx',
  // What surrounds them: the candidate layout (header, footer, language switcher), the cookie
  // banner, toasts, sign-in prompts, loading states and the error screens.
  'src/client/app/layouts/layouts.tsx',
  'src/client/features/consent/cookie-consent.tsx',
  'src/client/app/toast-region.tsx',
  'src/client/app/error-boundary.tsx',
  'src/client/app/screens/not-found-page.tsx',
  'src/client/app/screens/fatal-error-screen.tsx',
  'src/client/app/screens/chunk-load-error-screen.tsx',
  'src/client/ui/page/sign-in-prompt.tsx',
  'src/client/ui/page/load-state.tsx',
];
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
