import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEmail, EMAIL_TEXTS, type EmailTemplate } from '#server/email/templates';
import { PRODUCT_TRANSLATIONS_DIR, productTranslation } from '#server/modules/translations/product-translations';
import { findOrganizationIds } from '#server/modules/organizations/organization.repository';
import { createUser } from '#server/seed/factories';
import { DEMO_PASSWORD, codeOf, deliverEmails, messageTo, passwordLogin } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Decision 0019: the emails a candidate gets are written in the language of the page that caused
 * them, else in the language they last used the site in; English when neither is known.
 */

const LANGUAGES = readdirSync(PRODUCT_TRANSLATIONS_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const LINK = 'http://acme.localhost:3000/x/abc';
const TEMPLATES: EmailTemplate[] = [
  { kind: 'verify_account', organizationName: 'Acme Consulting', firstName: 'Ada', link: LINK },
  { kind: 'verify_email', organizationName: 'Acme Consulting', link: LINK },
  { kind: 'reset_password', organizationName: 'Acme Consulting', link: LINK },
  { kind: 'magic_link', organizationName: 'Acme Consulting', link: LINK },
  { kind: 'onboarding', organizationName: 'Acme Consulting', firstName: null, link: LINK },
  { kind: 'otp_code', organizationName: 'Acme Consulting', code: '123456', minutes: 10 },
  {
    kind: 'account_exists',
    organizationName: 'Acme Consulting',
    signInLink: `${LINK}/login`,
    resetLink: `${LINK}/forgot`,
  },
  {
    kind: 'application_submitted',
    organizationName: 'Acme Consulting',
    firstName: 'Ada',
    roleName: 'Graduate Consultant',
    link: LINK,
  },
  {
    kind: 'signature_request',
    organizationName: 'Acme Consulting',
    firstName: 'Ada',
    roleName: 'Graduate Consultant',
    documentName: 'offer-letter.pdf',
    link: LINK,
  },
];

describe('email texts in every language the product ships', () => {
  it('finds the five languages', () => {
    expect(LANGUAGES.sort()).toEqual(['ar', 'cy', 'fr', 'zh-Hans', 'zh-Hant']);
  });

  it.each(LANGUAGES)('%s: every email text is translated, with the same placeholders', (language) => {
    const texts = productTranslation(language)!.text!;
    for (const [key, english] of Object.entries(EMAIL_TEXTS)) {
      expect(texts[key], `${language} ${key}`).toBeDefined();
      expect(texts[key], `${language} ${key}`).not.toBe(english);
      expect(placeholders(texts[key]!), `${language} ${key}`).toEqual(placeholders(english));
    }
  });

  it.each(LANGUAGES)(
    '%s: no paragraph of any email stays English; the link, code and names come through',
    (language) => {
      const translated = { code: language, texts: productTranslation(language)!.text! };
      for (const template of TEMPLATES) {
        const english = renderEmail('ada@example.test', template);
        const email = renderEmail('ada@example.test', template, translated);
        expect(email.subject).not.toBe(english.subject);
        const paragraphs = (text: string) => text.trim().split('\n\n');
        const englishParagraphs = new Set(paragraphs(english.text));
        for (const paragraph of paragraphs(email.text)) {
          if (paragraph !== email.link)
            expect(englishParagraphs.has(paragraph), `${language} ${template.kind}: ${paragraph}`).toBe(false);
        }
        // Links open the site in the same language.
        expect(email.link).toBe(english.link && `${english.link}?language=${language}`);
        if (template.kind === 'otp_code') expect(email.subject).toContain('123456');
        if (template.kind === 'application_submitted') expect(email.text).toContain('Graduate Consultant');
        expect(email.html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
      }
    },
  );

  it('escapes names in the HTML and keeps the link left to right in Arabic', () => {
    const email = renderEmail(
      'a@example.test',
      { kind: 'verify_account', organizationName: 'A & <B>', firstName: '<i>Ada</i>', link: LINK },
      { code: 'ar', texts: productTranslation('ar')!.text! },
    );
    expect(email.html).toContain('A &amp; &lt;B&gt;');
    expect(email.html).not.toContain('<i>');
    expect(email.html).toContain(`<p dir="ltr"><a href="${LINK}?language=ar">`);
  });
});

describe('which language an email is written in', () => {
  let t: TestApp;
  let ids: Map<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await findOrganizationIds(t.db, ['acme', 'northbridge']);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload?: object, language?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      ...(payload && { payload }),
      ...(language && { headers: { 'accept-language': language } }),
    });
  const askSignInLink = (email: string) => post(`/api/public/login/${encodeURIComponent(email)}?subdomain=acme`);
  const signup = (email: string, language?: string) =>
    post(
      '/api/public/signup?subdomain=acme',
      { email, password: 'Fresh-Start#84', firstName: 'Ada', lastName: 'Lovelace', acceptTermAndConditions: true },
      language,
    );
  const languageOf = async (email: string) =>
    (await t.db.selectFrom('users').select('language').where('email', '=', email).executeTakeFirstOrThrow()).language;

  it('sign-up from a Welsh page: the verification email is Welsh and Welsh is remembered for later emails', async () => {
    expect((await signup('cymraeg@example.test', 'cy')).statusCode).toBe(201);
    const verification = messageTo(await deliverEmails(t.db), 'cymraeg@example.test');
    expect(verification.subject).toBe('Dilyswch eich cyfrif Acme Consulting');
    expect(verification.text).toMatch(/^Helo Ada,\n\nAgorwch y ddolen hon/);
    expect(verification.html).toContain('<html lang="cy" dir="ltr">');
    expect(verification.link).toMatch(/\/verify\/[\w-]{43}\?candidateId=[0-9a-f-]{36}&language=cy$/);
    expect(await languageOf('cymraeg@example.test')).toBe('cy');

    // A request that names no language (an API client): the language the person last used.
    expect((await post('/api/public/forgot?subdomain=acme', { email: 'cymraeg@example.test' })).statusCode).toBe(200);
    expect(messageTo(await deliverEmails(t.db), 'cymraeg@example.test').subject).toBe('Ailosodwch eich cyfrinair');
    // From an English page: English, whatever was remembered.
    await post('/api/public/forgot?subdomain=acme', { email: 'cymraeg@example.test' }, 'en');
    expect(messageTo(await deliverEmails(t.db), 'cymraeg@example.test').subject).toBe('Reset your password');
  });

  it('a language the organisation does not offer is English, and is not remembered', async () => {
    await signup('francais@example.test', 'fr');
    expect(messageTo(await deliverEmails(t.db), 'francais@example.test').subject).toBe(
      'Verify your Acme Consulting account',
    );
    expect(await languageOf('francais@example.test')).toBeNull();
  });

  it("a browser's list of languages picks the first the organisation offers", async () => {
    await signup('liste@example.test', 'de-DE, cy;q=0.8, en;q=0.5');
    expect(messageTo(await deliverEmails(t.db), 'liste@example.test').subject).toBe(
      'Dilyswch eich cyfrif Acme Consulting',
    );
  });

  it('signing in from a Welsh page makes Welsh the language of the sign-in link asked for later', async () => {
    await createUser(t.db, {
      organizationId: ids.get('acme')!,
      email: 'sais@example.test',
      password: DEMO_PASSWORD,
      firstName: 'Sam',
      lastName: 'Smith',
    });
    expect((await askSignInLink('sais@example.test')).statusCode).toBe(200);
    expect(messageTo(await deliverEmails(t.db), 'sais@example.test').subject).toBe('Sign in to Acme Consulting');

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token?subdomain=acme',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'cy' },
      payload: new URLSearchParams({
        client_id: 'web',
        scope: 'write',
        grant_type: 'password',
        username: 'sais@example.test',
        password: DEMO_PASSWORD,
      }).toString(),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await languageOf('sais@example.test')).toBe('cy');
    expect((await askSignInLink('sais@example.test')).statusCode).toBe(200);
    expect(messageTo(await deliverEmails(t.db), 'sais@example.test').subject).toBe('Mewngofnodi i Acme Consulting');
  });

  it("the sign-in code of an organisation that asks for one comes in the page's language", async () => {
    await createUser(t.db, {
      organizationId: ids.get('northbridge')!,
      email: 'zhongwen@example.test',
      password: DEMO_PASSWORD,
      firstName: 'Li',
      lastName: 'Wei',
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token?subdomain=northbridge',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh-Hans' },
      payload: new URLSearchParams({
        client_id: 'web',
        scope: 'write',
        grant_type: 'password',
        username: 'zhongwen@example.test',
        password: DEMO_PASSWORD,
      }).toString(),
    });
    expect(asked.statusCode, asked.body).toBe(206);
    const email = messageTo(await deliverEmails(t.db), 'zhongwen@example.test');
    expect(email.subject).toMatch(/^您的 Northbridge[^:]*登录验证码：\d{6}$/);
    const code = codeOf(email);
    expect(
      (await passwordLogin(t.app, 'zhongwen@example.test', DEMO_PASSWORD, { otp: code }, { subdomain: 'northbridge' }))
        .statusCode,
    ).toBe(200);
  });

  it("an organisation's own translation can reword an email", async () => {
    await sql`
      update translations set configuration = jsonb_set(configuration, '{text,email.verifyAccount.subject}', '"Croeso i {{organizationName}}: dilyswch eich cyfrif"')
      where organization_id = ${ids.get('acme')!} and language_code = 'cy'`.execute(t.db);
    await signup('croeso@example.test', 'cy');
    const email = messageTo(await deliverEmails(t.db), 'croeso@example.test');
    expect(email.subject).toBe('Croeso i Acme Consulting: dilyswch eich cyfrif');
    expect(email.text).toContain('Agorwch y ddolen hon');
  });

  it('the English page of an account that exists: the warning is English too', async () => {
    await signup('cymraeg@example.test', 'en');
    expect(messageTo(await deliverEmails(t.db), 'cymraeg@example.test').subject).toBe(
      'You already have an account with Acme Consulting',
    );
  });
});
