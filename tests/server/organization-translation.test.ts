import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationFile } from '#schemas/studio';
import { json } from '#server/db/json';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { DEMO_PASSWORD, signIn, v1 } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

/* The studio's Translations tab calls (decision 0052): download a language's texts, upload an edited file. */

let t: TestApp;
let hr: string;
let recruiter: string;
let hartleyHr: string;
let candidate: string;

const GREETING = 'Hello {{firstName}}, welcome to {{organization}}';

beforeAll(async () => {
  t = await createTestApp();
  const acme = (await findOrganizationByKey(t.db, 'acme'))!;
  // A text of acme's own with placeholders, as its form layer may have.
  await t.db
    .updateTable('organizations')
    .set({
      form_configuration: json({
        ...acme.form_configuration,
        text: { ...acme.form_configuration.text, greeting: GREETING },
      }),
    })
    .where('id', '=', acme.id)
    .execute();
  [hr, recruiter, hartleyHr, candidate] = await Promise.all([
    signIn(t.app, 'hr@acme.example', DEMO_PASSWORD).then((r) => r.access_token),
    signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD).then((r) => r.access_token),
    signIn(t.app, 'hr@hartley.example', DEMO_PASSWORD, 'hartley').then((r) => r.access_token),
    signIn(t.app, 'candidate@acme.example', DEMO_PASSWORD).then((r) => r.access_token),
  ]);
});
afterAll(() => t?.close());

const url = (language = 'cy', org = 'acme') => `/organization/${org}/translations/${language}`;
const download = async (token = hr) => {
  const res = await v1(t.app, token, 'GET', url());
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TranslationFile>();
};

describe('the organisation translation', () => {
  it('downloads every text of the organisation in the language, the untranslated ones empty and listed', async () => {
    const file = await download();
    expect(file.language).toBe('cy');
    expect(file.text.greeting).toBe('');
    expect(file.untranslated).toContain('greeting');
    expect(file.text['step.aboutYou.title']).toBeTruthy();
    // Acme's custom questions, under the keys that translate their labels.
    expect(Object.keys(file.text)).toContain('field.whyAcme.label');
    expect(file.untranslated).not.toContain('step.aboutYou.title');
  });

  it('uploads an edited file: its texts are what candidates get at once, and no longer untranslated', async () => {
    const file = await download();
    const res = await v1(t.app, hr, 'PUT', url(), {
      text: { ...file.text, greeting: 'Helo {{firstName}}, croeso i {{organization}}' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TranslationFile>().untranslated).not.toContain('greeting');
    const candidateSide = await t.app.inject({
      method: 'GET',
      url: '/api/public/translation?subdomain=acme&language=cy',
    });
    expect(candidateSide.statusCode, candidateSide.body).toBe(200);
    const [layer] = candidateSide.json<{ configuration: { text: Record<string, string> } }[]>();
    expect(layer!.configuration.text.greeting).toBe('Helo {{firstName}}, croeso i {{organization}}');
  });

  it('refuses unknown keys and lost placeholders, naming each key, and keeps the translation it had', async () => {
    const before = await download();
    const res = await v1(t.app, hr, 'PUT', url(), {
      text: { greeting: 'Helo {{firstName}}', 'no.such.text': 'Dim' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'text.greeting', message: "'greeting' must keep the placeholder {{organization}}" },
        { field: 'text.no.such.text', message: "'no.such.text' is not a text of the organisation" },
      ]),
    );
    expect(await download()).toEqual(before);
    const extra = await v1(t.app, hr, 'PUT', url(), { text: {}, language: 'cy' });
    expect(extra.statusCode).toBe(400);
  });

  it('translates the lists of texts: saved ones are what candidates get, kept by an upload without lists (0078)', async () => {
    const file = await download();
    // Every list of the organisation, in the language as candidates read it (the product's Welsh terms).
    expect(Object.keys(file.textArrays ?? {}).sort()).toEqual(['policy.paragraphs', 'terms.paragraphs']);
    expect(file.textArrays!['terms.paragraphs']![0]).toMatch(/^Byddwn/);
    const lists = { 'terms.paragraphs': ['Telerau un.', 'Telerau dau.', 'Telerau tri.'], 'policy.paragraphs': [] };
    const res = await v1(t.app, hr, 'PUT', url(), { text: file.text, textArrays: lists });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TranslationFile>().textArrays!['terms.paragraphs']).toEqual(lists['terms.paragraphs']);
    const candidateLists = async () => {
      const candidateSide = await t.app.inject({
        method: 'GET',
        url: '/api/public/translation?subdomain=acme&language=cy',
      });
      const [layer] = candidateSide.json<{ configuration: { textArrays: Record<string, string[]> } }[]>();
      return layer!.configuration.textArrays;
    };
    // An empty list is untranslated: the product's Welsh policy still shows.
    expect((await candidateLists())['terms.paragraphs']).toEqual(lists['terms.paragraphs']);
    expect((await candidateLists())['policy.paragraphs']![0]).toMatch(/^Rydym/);
    // A file of texts only keeps the saved lists.
    expect((await v1(t.app, hr, 'PUT', url(), { text: file.text })).statusCode).toBe(200);
    expect((await candidateLists())['terms.paragraphs']).toEqual(lists['terms.paragraphs']);

    const refused = await v1(t.app, hr, 'PUT', url(), { text: {}, textArrays: { 'faq.paragraphs': ['Cwestiwn'] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'textArrays.faq.paragraphs', message: "'faq.paragraphs' is not a list of texts of the organisation" },
    ]);
    const tooLong = await v1(t.app, hr, 'PUT', url(), {
      text: {},
      textArrays: { 'terms.paragraphs': ['x'.repeat(10_001)] },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('answers 404 for a language the organisation does not offer and another organisation; 403 to a Standard manager', async () => {
    expect((await v1(t.app, hr, 'GET', url('fr'))).statusCode).toBe(404);
    expect((await v1(t.app, hartleyHr, 'GET', url('cy'))).statusCode).toBe(404);
    expect((await v1(t.app, hartleyHr, 'PUT', url('cy'), { text: {} })).statusCode).toBe(404);
    expect((await v1(t.app, recruiter, 'GET', url())).statusCode).toBe(403);
    expect((await v1(t.app, recruiter, 'PUT', url(), { text: {} })).statusCode).toBe(403);
    expect((await v1(t.app, candidate, 'GET', url())).statusCode).toBe(403);
  });
});
