import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runtimeCompilers } from '../../scripts/bundle-budget';

/* Decision 0076: the budget step fails the build when a browser chunk would compile code (the CSP forbids it). */
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function build(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bundle-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, 'assets', name), code);
  return dir;
}

describe('the bundle check for code compiled in the browser', () => {
  it("finds Ajv's compiler, eval and Function built from text, file by file", () => {
    const dir = build({
      'fields-1.js': 'this.logger.error("Error compiling schema, function code:",g);let i=Function(`${r.self}`,g)',
      'vendor-2.js': 'const run=x=>eval(x)',
      'ok-3.js': 'e||=typeof self<`u`?self:Function(`return this`)(),r.isFunction(t);setToSJISFunction(f)',
      'style.css': 'a{b:eval(1)}',
    });
    expect(runtimeCompilers(dir).sort()).toEqual([
      "assets/fields-1.js: Ajv's compiler",
      'assets/fields-1.js: new Function',
      'assets/vendor-2.js: eval',
    ]);
  });
});
