import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverOnlyCode } from '../../scripts/bundle-budget';

/* Decision 0083: the budget step fails the build when a browser chunk carries TypeBox again. */
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function build(maps: Record<string, string[]>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bundle-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, sources] of Object.entries(maps)) {
    writeFileSync(path.join(dir, 'assets', name), '');
    writeFileSync(path.join(dir, 'assets', `${name}.map`), JSON.stringify({ version: 3, sources, mappings: '' }));
  }
  return dir;
}

describe('the bundle check for server-only packages in the browser', () => {
  it('names each chunk whose source map holds a TypeBox module, and only those', () => {
    const dir = build({
      'call-1.js': ['../../src/client/api/call.ts', '../../node_modules/typebox/build/type/types/object.mjs'],
      'index-2.js': ['../../schemas/contracts/auth.contract.ts', '../../node_modules/react/index.js'],
      'typeboxish-3.js': ['../../src/client/features/typebox-notes.ts'],
    });
    expect(serverOnlyCode(dir)).toEqual(['assets/call-1.js: typebox']);
  });
});
