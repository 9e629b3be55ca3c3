import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import product from '#configs/default-configuration.json' with { type: 'json' };
import acme from '#configs/organizations/acme/organization.json' with { type: 'json' };
import { compile, mergeLayers, regionLayer } from '#engine';
import type { Configuration } from '#schemas/configuration';
import { formSchemas, validatorModuleCode } from '#server/modules/forms/validator-code';
import { kB, measureFirstLoads, runtimeCompilers, serverOnlyCode } from '../scripts/bundle-budget';
import type { Figure } from './support';

/**
 * Acme's application form's validator module (decision 0076): what the first application step loads beside its
 * chunks, once per form (immutable), and how long the server takes to write it the first time it sees the form.
 */
function validatorModuleFigures(): Figure[] {
  const configuration = mergeLayers({
    product: product as Configuration,
    region: regionLayer(acme.countryBase as Parameters<typeof regionLayer>[0]),
    organizationDefault: acme.defaultConfiguration as Configuration,
    organizationForm: acme.formConfiguration as Configuration,
  });
  const form = compile(configuration, { language: 'en', edition: 'ats', userType: 'CANDIDATE', today: '2026-11-21' });
  validatorModuleCode(formSchemas(form)); // warm-up: Ajv's own start
  const started = performance.now();
  const code = validatorModuleCode(formSchemas(form));
  const ms = performance.now() - started;
  const brotli = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
  return [
    {
      name: "acme's application form validator module, brotli (quality 4, as the server sends it)",
      value: `${kB(brotli)} (${kB(code.length)} uncompressed)`,
      note: 'loaded once per form beside the first step, then cached (immutable)',
    },
    {
      name: "writing acme's validator module on the server (a form the process has not seen)",
      value: `${ms.toFixed(0)} ms`,
    },
  ];
}

/** Each budgeted route's first load before issue 18's bundle work, brotli on the wire (same count, decision 0064). */
const BEFORE: Record<string, string> = {
  'candidate home /': '200.2 kB',
  'roles list /roles': '226.7 kB',
  'first application step /applyp/:roleId': '367.8 kB',
};

/**
 * The JS and CSS each budgeted route downloads before it shows, in bytes on the wire (brotli), from a fresh production
 * build: the same count as the budget step of `npm run test:e2e` (scripts/bundle-budget.ts).
 */
export function benchBundle(): Promise<Figure[]> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const loads = measureFirstLoads(path.resolve('dist/client'));
  const compilers = runtimeCompilers(path.resolve('dist/client'));
  const serverOnly = serverOnlyCode(path.resolve('dist/client'));
  return Promise.resolve([
    ...loads.map((load): Figure => {
      const goal = load.target ?? load.budget;
      return {
        name: `first load of ${load.route}, JS and CSS, brotli`,
        value: `${kB(load.bytes)} in ${load.files} files (budget ${kB(load.budget)})`,
        target: `< ${kB(goal)}`,
        met: load.bytes < goal,
        note: `before: ${BEFORE[load.route] ?? 'not measured'}`,
      };
    }),
    ...validatorModuleFigures(),
    {
      name: 'browser chunks that compile code (the CSP has no unsafe-eval, decision 0076)',
      value: compilers.length ? compilers.join('; ') : 'none',
      target: 'none',
      met: compilers.length === 0,
      note: "before: the form chunk held Ajv's compiler",
    },
    {
      name: 'browser chunks holding TypeBox (decision 0083)',
      value: serverOnly.length ? serverOnly.join('; ') : 'none',
      target: 'none',
      met: serverOnly.length === 0,
      note: 'before: 10.7 kB of every first load',
    },
  ]);
}
