import { randomUUID } from 'node:crypto';
import type { SigningProviderSettings } from '../../config';
import { newToken } from '../../lib/secrets';

/*
 * The document-signing service behind one interface (decision 0080): a DocuSign-style HTTP adapter
 * (eSignature REST API v2.1, embedded signing) configured by environment variables, or the local fake
 * provider the demo and the tests use, whose hosted signing page is served by this product
 * (fake-signing.routes.ts). Throwing means "the provider could not be reached or refused": callers answer 502.
 */

/** The provider's word on an envelope, reduced to what the product records. */
export interface EnvelopeState {
  status: 'sent' | 'completed' | 'declined' | 'voided';
  /** When it was completed or declined, when the provider says. */
  at: Date | null;
}

export interface NewEnvelope {
  subject: string;
  document: { name: string; bytes: Uint8Array };
  /** clientUserId: the application, so that only this product can open the signer's view (embedded signing). */
  signer: { name: string; email: string; clientUserId: string };
}

export interface SigningProvider {
  readonly kind: 'docusign' | 'fake';
  createEnvelope: (envelope: NewEnvelope) => Promise<{ envelopeId: string }>;
  /** A short-lived address of the signer's view; the provider sends the signer back to returnUrl with `event=`. */
  signingUrl: (request: { envelopeId: string; signer: NewEnvelope['signer']; returnUrl: string }) => Promise<string>;
  envelopeState: (envelopeId: string) => Promise<EnvelopeState>;
}

const STATES: Record<string, EnvelopeState['status']> = {
  created: 'sent',
  sent: 'sent',
  delivered: 'sent',
  signed: 'completed',
  completed: 'completed',
  declined: 'declined',
  voided: 'voided',
};

/**
 * DocuSign eSignature REST v2.1 with an OAuth access token (Authorization: Bearer):
 * POST {apiUrl}/v2.1/accounts/{accountId}/envelopes, POST …/envelopes/{id}/views/recipient,
 * GET …/envelopes/{id}.
 */
export function docusignProvider(settings: SigningProviderSettings, fetchImpl: typeof fetch = fetch): SigningProvider {
  const base = `${settings.apiUrl.replace(/\/$/, '')}/v2.1/accounts/${encodeURIComponent(settings.accountId)}`;
  const ask = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const response = await fetchImpl(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${settings.accessToken}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      throw new Error(`The signing provider answered ${response.status}${detail ? `: ${detail}` : ''}`);
    }
    return (await response.json()) as Record<string, unknown>;
  };
  const text = (value: unknown, what: string): string => {
    if (typeof value !== 'string' || value === '') throw new Error(`The signing provider's answer has no ${what}`);
    return value;
  };
  return {
    kind: 'docusign',
    createEnvelope: async ({ subject, document, signer }) => {
      const extension = /\.([A-Za-z0-9]{1,5})$/.exec(document.name)?.[1] ?? 'pdf';
      const answer = await ask('POST', '/envelopes', {
        emailSubject: subject,
        documents: [
          {
            documentBase64: Buffer.from(document.bytes).toString('base64'),
            name: document.name,
            fileExtension: extension,
            documentId: '1',
          },
        ],
        recipients: { signers: [{ ...signer, recipientId: '1', routingOrder: '1' }] },
        status: 'sent',
      });
      return { envelopeId: text(answer.envelopeId, 'envelopeId') };
    },
    signingUrl: async ({ envelopeId, signer, returnUrl }) => {
      const answer = await ask('POST', `/envelopes/${encodeURIComponent(envelopeId)}/views/recipient`, {
        returnUrl,
        authenticationMethod: 'none',
        email: signer.email,
        userName: signer.name,
        clientUserId: signer.clientUserId,
        recipientId: '1',
      });
      return text(answer.url, 'url');
    },
    envelopeState: async (envelopeId) => {
      const answer = await ask('GET', `/envelopes/${encodeURIComponent(envelopeId)}`);
      const status = STATES[text(answer.status, 'status')];
      if (!status) throw new Error(`The signing provider reported an unknown status '${String(answer.status)}'`);
      const when = status === 'completed' ? answer.completedDateTime : answer.declinedDateTime;
      const at = typeof when === 'string' && !Number.isNaN(Date.parse(when)) ? new Date(when) : null;
      return { status, at: status === 'sent' ? null : at };
    },
  };
}

interface FakeEnvelope {
  documentName: string;
  state: EnvelopeState;
}

interface FakeTicket {
  envelopeId: string;
  returnUrl: string;
  expiresAt: number;
}

/** How long the fake's signing view works, as DocuSign's recipient view URL does (5 minutes). */
const TICKET_MS = 5 * 60 * 1000;
/** The path of the fake provider's hosted signing page on the product's own hosts. */
const FAKE_SIGNING_PATH = '/api/public/fake-signing';

/**
 * The local fake: envelopes in memory, the signer's view a page of this product on the host the signer returns to
 * (so the page's form posts to its own origin). What a ticket opens can be signed or declined once.
 */
export function fakeSigningProvider() {
  const envelopes = new Map<string, FakeEnvelope>();
  const tickets = new Map<string, FakeTicket>();
  const liveTicket = (ticket: string): (FakeTicket & { envelope: FakeEnvelope }) | null => {
    const found = tickets.get(ticket);
    const envelope = found && envelopes.get(found.envelopeId);
    if (!found || !envelope || found.expiresAt < Date.now() || envelope.state.status !== 'sent') return null;
    return { ...found, envelope };
  };
  return {
    kind: 'fake' as const,
    createEnvelope: async ({ document }: NewEnvelope) => {
      const envelopeId = randomUUID();
      envelopes.set(envelopeId, { documentName: document.name, state: { status: 'sent', at: null } });
      return { envelopeId };
    },
    signingUrl: async ({ envelopeId, returnUrl }: { envelopeId: string; returnUrl: string }) => {
      if (!envelopes.has(envelopeId)) throw new Error(`The fake signing provider has no envelope ${envelopeId}`);
      const ticket = newToken();
      tickets.set(ticket, { envelopeId, returnUrl, expiresAt: Date.now() + TICKET_MS });
      const url = new URL(`${FAKE_SIGNING_PATH}/${envelopeId}`, returnUrl);
      url.searchParams.set('ticket', ticket);
      return url.toString();
    },
    envelopeState: async (envelopeId: string) => {
      const envelope = envelopes.get(envelopeId);
      if (!envelope) throw new Error(`The fake signing provider has no envelope ${envelopeId}`);
      return envelope.state;
    },
    /** The hosted page's view of a ticket: the document's name, or null when it is unknown, used or expired. */
    ticketView: (envelopeId: string, ticket: string): { documentName: string } | null => {
      const live = liveTicket(ticket);
      return live && live.envelopeId === envelopeId ? { documentName: live.envelope.documentName } : null;
    },
    /** The signer's answer on the hosted page: where to send them back (returnUrl with `event=`), or null. */
    answer: (envelopeId: string, ticket: string, action: 'sign' | 'decline'): string | null => {
      const live = liveTicket(ticket);
      if (!live || live.envelopeId !== envelopeId) return null;
      tickets.delete(ticket);
      live.envelope.state = { status: action === 'sign' ? 'completed' : 'declined', at: new Date() };
      const back = new URL(live.returnUrl);
      back.searchParams.set('event', action === 'sign' ? 'signing_complete' : 'decline');
      return back.toString();
    },
  } satisfies SigningProvider & Record<string, unknown>;
}

export type FakeSigningProvider = ReturnType<typeof fakeSigningProvider>;

/** The fake serves its own hosted page; a real provider has its own. */
export const isFakeSigning = (provider: SigningProvider): provider is FakeSigningProvider => 'ticketView' in provider;

export function createSigningProvider(settings: { signing: SigningProviderSettings | null }): SigningProvider {
  return settings.signing ? docusignProvider(settings.signing) : fakeSigningProvider();
}
