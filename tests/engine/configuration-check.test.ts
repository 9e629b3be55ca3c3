import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateConfiguration } from '#engine';
import { GENERATED_CHECK, configurationCheckSource } from '../../scripts/generate-configuration-check';

describe('the configuration shape check, compiled ahead of time (decision 0076)', () => {
  it('is the code the configuration format compiles to today: after changing the format, run `npm run schemas`', () => {
    expect(readFileSync(GENERATED_CHECK, 'utf8') === configurationCheckSource()).toBe(true);
  });

  it('runs without compiling code (as under a CSP without unsafe-eval): it refuses a wrong shape and names where', () => {
    const real = globalThis.Function;
    globalThis.Function = new Proxy(real, {
      construct: () => {
        throw new EvalError('compiled code at run time');
      },
      apply: () => {
        throw new EvalError('compiled code at run time');
      },
    });
    try {
      runChecks();
    } finally {
      globalThis.Function = real;
    }
  });
});

function runChecks() {
  {
    const check = validateConfiguration({ views: { application: [{ id: 'one', sections: 'personal' }] } });
    expect(check.valid).toBe(false);
    if (!check.valid)
      expect(check.problems).toEqual([{ path: '/views/application/0/sections', message: 'expected array' }]);
    expect(validateConfiguration({ flags: { unknownFlag: true } }).valid).toBe(false);
    expect(validateConfiguration({ text: { 'field.firstName.label': 'Given name' } }).valid).toBe(true);
  }
}
