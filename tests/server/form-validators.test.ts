import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import product from '#configs/default-configuration.json';
import acme from '#configs/organizations/acme/organization.json';
import {
  compile,
  compiledChecks,
  mergeLayers,
  validateStep,
  type Answers,
  type CompileContext,
  type CompiledForm,
  type SchemaCheck,
} from '#engine';
import type { Configuration } from '#schemas/configuration';
import { completeAcmeAnswers } from '../factories/answers';
import { assertMayCompile, forgetCompiledModules } from '#server/modules/forms/validators.service';
import { evaluateModule } from '../helpers/validator-module';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Decision 0076: the browser validates with validators the server compiled to standalone code, so the CSP needs no
 * 'unsafe-eval'. The server compiles the form the browser compiled (same configuration, same context, same engine)
 * and serves its validators as an immutable module under the organisation's path.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const configuration = mergeLayers({
  product: product as Configuration,
  organizationForm: acme.formConfiguration as Configuration,
});
const context: CompileContext = { language: 'en', edition: 'ats', userType: 'CANDIDATE', today: '2026-11-21' };
const form: CompiledForm = compile(configuration, context);

const ask = (sub: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/public/organization/${sub}/form-validators`, payload: body as object });

async function moduleOf(sub: string): Promise<{ url: string; code: string }> {
  const asked = await ask(sub, { form: 'application', configuration, context });
  expect(asked.statusCode).toBe(200);
  const { url } = asked.json<{ url: string }>();
  const served = await t.app.inject(url);
  expect(served.statusCode).toBe(200);
  return { url, code: served.body };
}

describe('a form compiled for the browser', () => {
  it('is an immutable JavaScript module whose address is the hash of its code', async () => {
    const asked = await ask('acme', { form: 'application', configuration, context });
    const { url } = asked.json<{ url: string }>();
    expect(url).toMatch(/^\/api\/public\/organization\/acme\/form-validators\/[0-9a-f]{64}\.js$/);
    const served = await t.app.inject(url);
    expect(served.headers['content-type']).toMatch(/^text\/javascript/);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const hash = createHash('sha256').update(served.body, 'utf8').digest('hex');
    expect(url).toContain(`/${hash}.js`);
    // The same form asked for again is the same module.
    expect((await ask('acme', { form: 'application', configuration, context })).json()).toEqual({ url });
  });

  it("holds no compiler: the module's code never builds a function from text", async () => {
    const { code } = await moduleOf('acme');
    expect(code).not.toMatch(/\bFunction\(|\beval\(/);
    expect(code.startsWith('export default function (require) {')).toBe(true);
  });

  it('accepts and rejects the answers the server accepts and rejects, with the same errors', async () => {
    const functions = evaluateModule<Record<string, SchemaCheck>>((await moduleOf('acme')).code);
    const precompiled = (schema: object) => functions[hashForSchema(schema as RJSFSchema)]!;
    const complete = completeAcmeAnswers as Answers;
    for (const step of form.steps) {
      expect(validateStep(form, step.id, complete, precompiled)).toEqual(
        validateStep(form, step.id, complete, compiledChecks),
      );
      expect(validateStep(form, step.id, {}, precompiled).valid).toBe(false);
    }
    const someAnswers = fc.record(
      {
        firstName: fc.oneof(fc.string({ maxLength: 300 }), fc.constant('  '), fc.constant('<p> </p>')),
        email: fc.oneof(fc.emailAddress(), fc.string()),
        mobile: fc.oneof(fc.constant('07700 900982'), fc.string({ maxLength: 25 })),
        postCode: fc.oneof(fc.constant('sw1a 1aa'), fc.string({ maxLength: 12 })),
        whyAcme: fc.oneof(fc.constant('word '.repeat(251)), fc.lorem({ maxCount: 30 })),
        universities: fc.array(fc.record({ universityStartYear: fc.integer({ min: 1960, max: 2040 }) }), {
          maxLength: 2,
        }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(someAnswers, fc.constantFrom(...form.steps.map((s) => s.id)), (change, stepId) => {
        const answers = { ...complete, ...change };
        expect(validateStep(form, stepId, answers, precompiled)).toEqual(
          validateStep(form, stepId, answers, compiledChecks),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('is served by an API node that did not compile it (from the database, decision 0073)', async () => {
    const { url, code } = await moduleOf('acme');
    forgetCompiledModules();
    const elsewhere = await t.app.inject(url);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.body).toBe(code);
  });

  it('is not found under another organisation, nor when unknown; a malformed name is refused', async () => {
    const { url } = await moduleOf('acme');
    expect((await t.app.inject(url.replace('/acme/', '/hartley/'))).statusCode).toBe(404);
    expect((await t.app.inject(url.replace(/[0-9a-f]{64}/, '0'.repeat(64)))).statusCode).toBe(404);
    expect((await t.app.inject(url.replace(/[0-9a-f]{64}\.js/, 'x.js'))).statusCode).toBe(400);
    expect((await ask('nowhere', { form: 'application', configuration, context })).statusCode).toBe(404);
  });

  it("compiles a merged configuration past one layer's limits (300 questions of a role over the organisation's)", async () => {
    const custom = Array.from({ length: 301 }, (_, i) => ({ id: `q${i}`, type: 'text', label: `Question ${i}` }));
    const big = mergeLayers({ product: product as Configuration, role: { custom } as Configuration });
    expect((await ask('acme', { form: 'application', configuration: big, context })).statusCode).toBe(200);
  });

  it('compiles the candidate profile too, and refuses what is not a configuration and a context', async () => {
    expect((await ask('acme', { form: 'profile', configuration, context })).statusCode).toBe(200);
    expect((await ask('acme', { form: 'application', configuration: 'text', context })).statusCode).toBe(400);
    expect((await ask('acme', { form: 'application', configuration: [1, 2], context })).statusCode).toBe(400);
    expect((await ask('acme', { form: 'application', configuration: { custom: 'x' }, context })).statusCode).toBe(400);
    expect((await ask('acme', { form: 'application', configuration, context: { language: 'en' } })).statusCode).toBe(
      400,
    );
    expect((await ask('acme', { form: 'survey', configuration, context })).statusCode).toBe(400);
    // A day that is not in the calendar would leave the year lists empty (found by the API fuzzing).
    expect(
      (await ask('acme', { form: 'application', configuration, context: { ...context, today: '2150-54-73' } }))
        .statusCode,
    ).toBe(400);
  });

  it('compiles at most 120 new forms per address in ten minutes, then answers 429 with when to try again', () => {
    const start = Date.parse('2026-11-26T10:00:00Z');
    for (let i = 0; i < 120; i++) assertMayCompile('203.0.113.9', start + i * 1000);
    let refusal: unknown;
    try {
      assertMayCompile('203.0.113.9', start + 120_000);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ statusCode: 429, headers: { 'retry-after': '480' } });
    expect(String((refusal as Error).message)).toContain('Wait 8 minutes');
    // Another address is not held back, and the first may compile again once its oldest compilation is ten minutes old.
    expect(() => assertMayCompile('198.51.100.7', start + 120_000)).not.toThrow();
    expect(() => assertMayCompile('203.0.113.9', start + 600_000)).not.toThrow();
  });
});
