import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSchemas } from '../../scripts/browser-schemas';

/* Decision 0083: the client's build keeps of schemas/ only what the browser uses. */
const SCHEMAS = path.resolve(import.meta.dirname, '../../schemas');

interface Result {
  code: string;
  moduleSideEffects: boolean;
}
function transform(code: string, file: string): Result {
  const { transform: hook } = browserSchemas() as unknown as {
    transform: { handler: (code: string, id: string) => Result };
  };
  return hook.handler(code, path.join(SCHEMAS, file));
}

const CONTRACT = `import { Type } from 'typebox';
import { defineRoute } from '../contract';
const common = { tags: ['roles'], access: 'public' } as const;
export const listRoles = defineRoute({
  ...common,
  method: 'POST',
  path: '/public/:orgId/roles',
  body: Type.Object({ page: Type.Number() }),
  response: { 200: Type.Array(Type.String()) },
});
`;

describe("the browser's copy of schemas/", () => {
  it('keeps a contract its method and path, in place, and lets unused values go', () => {
    const { code, moduleSideEffects } = transform(CONTRACT, 'contracts/roles.contract.ts');
    expect(moduleSideEffects).toBe(false);
    expect(code.split('\n').length).toBe(CONTRACT.split('\n').length);
    expect(code).not.toMatch(/Type\.Object|response|\.\.\.common/);
    expect(code).toMatch(/method: 'POST',\s+path: '\/public\/:orgId\/roles',/);
    expect(code).toMatch(/const common = \/\* @__PURE__ \*\/ \(\(\) => \(\{/);
    // Still a module that runs: the stripped contract is the method and the path.
    const body = code
      .replace(/^import .*$/gm, '')
      .replace(/export /g, '')
      .replace(/ as const/g, '');
    const listRoles = new Function('defineRoute', `${body}; return listRoles;`)((c: object) => c) as object;
    expect(listRoles).toEqual({ method: 'POST', path: '/public/:orgId/roles' });
  });

  it('refuses a schemas module that does something as it loads', () => {
    expect(() => transform("import { x } from './y';\nx.register();\n", 'formats.ts')).toThrow(/declarations only/);
  });

  it('refuses a contract whose method or path comes from a spread', () => {
    const code = "const base = { method: 'GET' } as const;\nexport const a = defineRoute({ ...base, path: '/a' });\n";
    expect(() => transform(code, 'contracts/a.contract.ts')).toThrow(/method and the path/);
  });

  it('leaves files outside schemas/ alone', () => {
    const { transform: hook } = browserSchemas() as unknown as {
      transform: { handler: (code: string, id: string) => unknown };
    };
    expect(hook.handler('x.register();', path.resolve(SCHEMAS, '../src/client/schemas/a.ts'))).toBeNull();
  });
});
