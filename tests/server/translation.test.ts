import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationEntry } from '#schemas/translation';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = (url: string, host = 'localhost') => t.app.inject({ method: 'GET', url, headers: { host } });

describe('GET /api/public/translation', () => {
  it("answers the host organisation's language layers", async () => {
    const res = await get('/api/public/translation', 'acme.localhost');
    expect(res.statusCode).toBe(200);
    const entries = res.json<TranslationEntry[]>();
    expect(entries.map((e) => e.languageCode)).toEqual(['cy']);
    expect(entries[0]!.configuration.text?.['step.aboutYou.title']).toBe('Amdanoch chi');
  });

  it('takes the organisation and one language from the query', async () => {
    expect((await get('/api/public/translation?subdomain=acme&language=cy')).json<TranslationEntry[]>()).toHaveLength(
      1,
    );
    expect((await get('/api/public/translation?subdomain=acme&language=fr')).json()).toEqual([]);
    expect(
      (await get('/api/public/translation?subdomain=hartley')).json<TranslationEntry[]>().map((e) => e.languageCode),
    ).toEqual(['zh-Hant']);
    expect(
      (await get('/api/public/translation?subdomain=meridian&language=ar')).json<TranslationEntry[]>()[0]!.configuration
        .text?.['ui.header.roles'],
    ).toBe('الوظائف');
  });

  it("serves the product's translation under the organisation's own, for every language the organisation offers", async () => {
    const [cy] = (await get('/api/public/translation?subdomain=acme&language=cy')).json<TranslationEntry[]>();
    // The organisation's own text and the product's (a list option, a server message) in one layer.
    expect(cy!.configuration.text?.['field.whyAcme.label']).toBe('Pam ydych chi eisiau ymuno ag Acme Consulting?');
    expect(cy!.configuration.text?.['list.PERMIT_TYPE.British or Irish citizen']).toBe(
      'Dinesydd Prydeinig neu Wyddelig',
    );
    expect(cy!.configuration.text?.['ui.messages.applicationChanged']).toBeTruthy();
    // connect keeps no French file of its own: the product's French alone.
    const fr = (await get('/api/public/translation?subdomain=connect')).json<TranslationEntry[]>();
    expect(fr.map((e) => e.languageCode)).toEqual(['fr']);
    expect(fr[0]!.configuration.text?.['ui.auth.login.title']).toBe('Se connecter');
  });

  it("serves the region's wording, not a translation of the UK's (decision 0034)", async () => {
    const [zh] = (await get('/api/public/translation?subdomain=northbridge&language=zh-Hans')).json<
      TranslationEntry[]
    >();
    expect(zh!.configuration.text?.['field.mobile.label']).toBe('手机号码');
    expect(zh!.configuration.text?.['list.PERMIT_TYPE_OZ.Australian citizen']).toBe('澳大利亚公民');
    const questions = Object.entries(zh!.configuration.text ?? {}).filter(([key]) => key.startsWith('field.'));
    expect(questions.filter(([, text]) => /英国/.test(text))).toEqual([]);
  });

  it('answers 404 for an unknown organisation and 400 for a malformed language', async () => {
    const unknown = await get('/api/public/translation?subdomain=nowhere');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "No organisation with subdomain 'nowhere'." });
    const bad = await get('/api/public/translation?subdomain=acme&language=../../etc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('language');
  });
});
