import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignatureRequest, SigningOutcome } from '#schemas/integrations';
import {
  docusignProvider,
  fakeSigningProvider,
  type SigningProvider,
} from '#server/modules/integrations/signing-provider';
import { deliverEmails, messageTo, v1 } from '../helpers/auth';
import { multipart, PDF, PNG } from '../helpers/applications';
import { demoWorld, type World } from '../helpers/route-world';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Document signing (decision 0080): the hiring side sends a document for signature, the candidate follows the
 * emailed link to the (fake) provider, signs or declines, and comes back to /docusignapproved, whose call asks the
 * provider, never the query string.
 */

const fake = fakeSigningProvider();
/** A provider that can be switched off, to see the product answer 502 and record nothing. */
let providerDown = false;
const provider: SigningProvider = {
  kind: 'fake',
  createEnvelope: (e) => (providerDown ? Promise.reject(new Error('down')) : fake.createEnvelope(e)),
  signingUrl: (r) => (providerDown ? Promise.reject(new Error('down')) : fake.signingUrl(r)),
  envelopeState: (id) => (providerDown ? Promise.reject(new Error('down')) : fake.envelopeState(id)),
};
// The hosted page's parts, so the app serves the fake's page for this wrapper too.
Object.assign(provider, { ticketView: fake.ticketView, answer: fake.answer });

let t: TestApp;
let world: World;
const ACME = { host: 'acme.localhost' };

beforeAll(async () => {
  t = await createTestApp({ signing: provider });
  world = await demoWorld(t.db);
}, 120_000);
afterAll(() => t?.close());

const requestsPath = (application = world.acme.application, org = 'acme') =>
  `/organization/${org}/candidate/${application}/signature-requests`;

async function send(token = world.acme.manager.token, documentId = world.acme.document) {
  return v1(t.app, token, 'POST', requestsPath(), { documentId });
}

/** The candidate's emailed link: its token. */
async function emailedLink(): Promise<string> {
  const mail = messageTo(await deliverEmails(t.db), world.acme.candidate.email);
  expect(mail.subject).toBe('Please sign: transcript.pdf');
  expect(mail.text).toContain('Acme Consulting asks you to sign transcript.pdf');
  return mail.link!;
}

/** Follows the link to the fake provider's page and answers there; returns where the provider sends the signer. */
async function answerAtProvider(link: string, action: 'sign' | 'decline'): Promise<URL> {
  const url = new URL(link);
  const redirect = await t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: ACME });
  expect(redirect.statusCode).toBe(303);
  const signingPage = new URL(redirect.headers.location!);
  expect(signingPage.pathname).toMatch(/^\/api\/public\/fake-signing\//);
  const page = await t.app.inject({ method: 'GET', url: signingPage.pathname + signingPage.search, headers: ACME });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.body).toContain('<h1>Sign transcript.pdf</h1>');
  expect(page.body).toMatch(/<button[^>]*value="sign"[^>]*>Sign<\/button>/);
  expect(page.body).toMatch(/<button[^>]*value="decline"[^>]*>Decline<\/button>/);
  expect(page.body).not.toContain('<script');
  const answered = await t.app.inject({
    method: 'POST',
    url: signingPage.pathname,
    headers: { ...ACME, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ticket: signingPage.searchParams.get('ticket')!, action }).toString(),
  });
  expect(answered.statusCode).toBe(303);
  // The same view cannot be answered twice.
  const again = await t.app.inject({ method: 'GET', url: signingPage.pathname + signingPage.search, headers: ACME });
  expect(again.statusCode).toBe(410);
  return new URL(answered.headers.location!);
}

const outcome = async (token = world.acme.candidate.token, application = world.acme.application) =>
  v1(t.app, token, 'POST', `/candidate/${application}/docusign/`);

describe('document signing', () => {
  it('a manager sends a document, the candidate signs at the provider and the page and the team see Signed', async () => {
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(201);
    const request = sent.json<SignatureRequest>();
    expect(request).toMatchObject({ documentName: 'transcript.pdf', status: 'SENT', completedAt: null });
    expect(request.sentBy).toBe('Mat Rix');

    const back = await answerAtProvider(await emailedLink(), 'sign');
    expect(back.pathname).toBe('/docusignapproved');
    expect(back.searchParams.get('application')).toBe(world.acme.application);
    expect(back.searchParams.get('event')).toBe('signing_complete');

    const res = await outcome();
    expect(res.statusCode, res.body).toBe(200);
    const signed = res.json<SigningOutcome>();
    expect(signed).toMatchObject({ status: 'SIGNED', documentName: 'transcript.pdf' });
    expect(Date.parse(signed.completedAt!)).toBeGreaterThan(Date.now() - 60_000);

    const list = await v1(t.app, world.acme.hiringAdmin.token, 'GET', requestsPath());
    expect(list.statusCode).toBe(200);
    expect(list.json<SignatureRequest[]>()[0]).toMatchObject({ id: request.id, status: 'SIGNED' });
  });

  it('a forged return (the query says signed, the provider says sent) is not signed', async () => {
    expect((await send()).statusCode).toBe(201);
    await deliverEmails(t.db);
    // The candidate comes "back" with event=signing_complete in the address without signing: the call has no query.
    const res = await outcome();
    expect(res.json<SigningOutcome>()).toMatchObject({ status: 'SENT', completedAt: null });
    const list = await v1(t.app, world.acme.manager.token, 'GET', requestsPath());
    expect(list.json<SignatureRequest[]>().map((r) => r.status)).toEqual(['SENT', 'SIGNED']);
  });

  it('declining at the provider records Declined, and the emailed link then goes straight to the page', async () => {
    expect((await send()).statusCode).toBe(201);
    const link = await emailedLink();
    const back = await answerAtProvider(link, 'decline');
    expect(back.searchParams.get('event')).toBe('decline');
    expect((await outcome()).json<SigningOutcome>().status).toBe('DECLINED');
    const url = new URL(link);
    const again = await t.app.inject({ method: 'GET', url: url.pathname, headers: ACME });
    expect(again.statusCode).toBe(303);
    expect(new URL(again.headers.location!).pathname).toBe('/docusignapproved');
  });

  it('an unknown signing link goes to the page saying so', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/signing/${'x'.repeat(43)}`, headers: ACME });
    expect(res.statusCode).toBe(303);
    expect(new URL(res.headers.location!).searchParams.get('link')).toBe('unknown');
  });

  it('emails the candidate in their language', async () => {
    await t.db.updateTable('users').set({ language: 'cy' }).where('id', '=', world.acme.candidate2.id).execute();
    const res = await v1(t.app, world.acme.manager.token, 'POST', requestsPath(world.acme.application2), {
      documentId: world.acme.document2,
    });
    expect(res.statusCode).toBe(201);
    const mail = messageTo(await deliverEmails(t.db), world.acme.candidate2.email);
    expect(mail.subject).toBe('Llofnodwch: transcript.pdf');
    expect(mail.link).toMatch(/^http:\/\/acme\.localhost(:\d+)?\/api\/public\/signing\/[\w-]{43}\?language=cy$/);
    // Nothing signed yet: the candidate's return says so.
    const outcome2 = await v1(
      t.app,
      world.acme.candidate2.token,
      'POST',
      `/candidate/${world.acme.application2}/docusign`,
    );
    expect(outcome2.json<SigningOutcome>().status).toBe('SENT');
  });

  it('with nothing sent the candidate is told so (NONE)', async () => {
    await t.db.deleteFrom('signature_requests').where('application_id', '=', world.acme.application2).execute();
    const res = await outcome(world.acme.candidate2.token, world.acme.application2);
    expect(res.json<SigningOutcome>()).toEqual({ status: 'NONE', documentName: null, completedAt: null });
  });

  it('the team adds its own document (an offer letter) to send, checked by content', async () => {
    const path = `/api/v1/organization/acme/candidate/${world.acme.application}/signature-documents`;
    const post = (token: string, body: ReturnType<typeof multipart>, url = path) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        payload: body.payload,
      });
    const added = await post(world.acme.manager.token, multipart('file', 'offer-letter.pdf', 'application/pdf', PDF));
    expect(added.statusCode, added.body).toBe(201);
    const document = added.json<{ id: string; name: string }>();
    expect(document.name).toBe('offer-letter.pdf');
    // An image is no document to sign, whatever it is called.
    const image = await post(world.acme.manager.token, multipart('file', 'offer.pdf', 'application/pdf', PNG));
    expect(image.statusCode).toBe(415);
    expect(image.json<{ code: string }>().code).toBe('fileType');
    // Not the candidate's to add; not another organisation's application.
    const pdf = multipart('file', 'x.pdf', 'application/pdf', PDF);
    expect((await post(world.acme.candidate.token, pdf)).statusCode).toBe(403);
    expect((await post(world.hartley.manager.token, pdf)).statusCode).toBe(404);
    // It is among the application's documents, and goes for signature like any other.
    const sent = await send(world.acme.manager.token, document.id);
    expect(sent.json<SignatureRequest>()).toMatchObject({ documentName: 'offer-letter.pdf', status: 'SENT' });
    const mail = messageTo(await deliverEmails(t.db), world.acme.candidate.email);
    expect(mail.subject).toBe('Please sign: offer-letter.pdf');
  });

  it('answers 404 for other organisations, other candidates and other applications’ documents', async () => {
    // Hartley's manager asking about acme's application, on hartley's path or on acme's.
    expect((await v1(t.app, world.hartley.manager.token, 'GET', requestsPath())).statusCode).toBe(404);
    expect(
      (await v1(t.app, world.hartley.manager.token, 'GET', requestsPath(world.acme.application, 'hartley'))).statusCode,
    ).toBe(404);
    // Another candidate's application.
    expect((await outcome(world.acme.candidate2.token)).statusCode).toBe(404);
    expect((await outcome(world.hartley.candidate.token)).statusCode).toBe(404);
    // A document of another application.
    const res = await send(world.acme.manager.token, world.acme.document2);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: string }>().code).toBe('noDocument');
  });

  it('refuses the candidate the hiring side’s calls and the hiring side the candidate’s (403)', async () => {
    expect((await send(world.acme.candidate.token)).statusCode).toBe(403);
    expect((await outcome(world.acme.manager.token)).statusCode).toBe(403);
  });

  it('answers 502 and records nothing when the provider cannot be reached', async () => {
    // One still to sign, whose status the candidate's return has to ask of the provider.
    expect((await send()).statusCode).toBe(201);
    const before = (await v1(t.app, world.acme.manager.token, 'GET', requestsPath())).json<SignatureRequest[]>();
    providerDown = true;
    try {
      const res = await send();
      expect(res.statusCode).toBe(502);
      expect(res.json<{ code: string }>().code).toBe('signingUnavailable');
      expect((await outcome()).statusCode).toBe(502);
      // The team's list still shows what was recorded.
      const list = await v1(t.app, world.acme.manager.token, 'GET', requestsPath());
      expect(list.json<SignatureRequest[]>()).toHaveLength(before.length);
    } finally {
      providerDown = false;
    }
  });
});

describe('the DocuSign adapter', () => {
  const settings = { apiUrl: 'https://demo.docusign.net/restapi/', accountId: 'acc-1', accessToken: 'tok' };
  function fakeFetch(answers: unknown[], status = 200) {
    const calls: { url: string; init: RequestInit }[] = [];
    const impl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(answers.shift()), { status });
    }) as unknown as typeof fetch;
    return { calls, impl };
  }

  it('creates an envelope for an embedded signer, asks for the signing view and reads the status', async () => {
    const { calls, impl } = fakeFetch([
      { envelopeId: 'env-1', status: 'sent' },
      { url: 'https://demo.docusign.net/Signing/abc' },
      { status: 'completed', completedDateTime: '2026-11-26T10:00:00Z' },
    ]);
    const provider = docusignProvider(settings, impl);
    const signer = { name: 'Ada Lovelace', email: 'ada@example.test', clientUserId: 'app-1' };
    expect(
      await provider.createEnvelope({
        subject: 'Acme: offer.pdf',
        document: { name: 'offer.pdf', bytes: new Uint8Array([1, 2, 3]) },
        signer,
      }),
    ).toEqual({ envelopeId: 'env-1' });
    expect(
      await provider.signingUrl({ envelopeId: 'env-1', signer, returnUrl: 'http://acme.localhost/docusignapproved' }),
    ).toBe('https://demo.docusign.net/Signing/abc');
    expect(await provider.envelopeState('env-1')).toEqual({
      status: 'completed',
      at: new Date('2026-11-26T10:00:00Z'),
    });

    const base = 'https://demo.docusign.net/restapi/v2.1/accounts/acc-1/envelopes';
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      `POST ${base}`,
      `POST ${base}/env-1/views/recipient`,
      `GET ${base}/env-1`,
    ]);
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    const envelope = JSON.parse(calls[0]!.init.body as string) as Record<string, unknown>;
    expect(envelope).toMatchObject({
      emailSubject: 'Acme: offer.pdf',
      status: 'sent',
      documents: [{ documentBase64: 'AQID', name: 'offer.pdf', fileExtension: 'pdf', documentId: '1' }],
      recipients: { signers: [{ ...signer, recipientId: '1' }] },
    });
    expect(JSON.parse(calls[1]!.init.body as string)).toMatchObject({
      returnUrl: 'http://acme.localhost/docusignapproved',
      clientUserId: 'app-1',
      authenticationMethod: 'none',
    });
  });

  it('reads delivered as still to sign and voided as no longer signable; an error answer throws', async () => {
    const { impl } = fakeFetch([{ status: 'delivered' }, { status: 'voided' }]);
    const provider = docusignProvider(settings, impl);
    expect((await provider.envelopeState('e')).status).toBe('sent');
    expect((await provider.envelopeState('e')).status).toBe('voided');
    const failing = docusignProvider(settings, fakeFetch([{ errorCode: 'USER_AUTHENTICATION_FAILED' }], 401).impl);
    await expect(failing.envelopeState('e')).rejects.toThrow(/answered 401.*USER_AUTHENTICATION_FAILED/);
  });
});
