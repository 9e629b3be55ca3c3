import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { readUpload } from '../documents/document.routes';
import { MAX_UPLOAD_BYTES } from '../documents/document.service';
import * as contracts from '#schemas/contracts/integrations.contract';
import { strictBodyValidatorCompiler } from '../../lib/body-validator';
import { applyBaseUrl, siteBaseUrl } from '../../lib/links';
import { route } from '../../lib/route';
import type { SiteConfig } from '../../lib/site-config';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { authorizePageHtml, badAuthorizeHtml, expiredPageHtml, signingPageHtml } from './fake-pages';
import { isFakeHr, type FakeHrProvider, type HrProvider } from './hr-provider';
import { disconnectHr, finishHrConnection, hrConnection, hrExportOf, startHrConnection } from './hr.service';
import {
  listSignatureRequests,
  sendForSignature,
  signingOutcome,
  signingRedirect,
  uploadSignatureDocument,
} from './signature.service';
import { isFakeSigning, type SigningProvider } from './signing-provider';

interface IntegrationOptions {
  siteConfig: SiteConfig;
  signing: SigningProvider;
  hr: HrProvider;
  /** The AES-256-GCM key of the HR access tokens. */
  hrTokenKey: Buffer;
}

/** The hiring side's signature requests (decision 0080). */
export const hiringIntegrationRoutes: FastifyPluginAsyncTypebox<IntegrationOptions> = async (
  app,
  { siteConfig, signing },
) => {
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  app.addHook('preValidation', authenticate);
  app.addHook('preValidation', requireRole('HIRING_MANAGER'));
  route(app, contracts.uploadSignatureDocument, async (request, reply) => {
    const upload = await readUpload(request, 'file');
    return reply.code(201).send(await uploadSignatureDocument(app.db, viewerOf(request), request.params.id, upload));
  });
  route(app, contracts.hrExport, async (request) => hrExportOf(app.db, viewerOf(request), request.params.id));
  route(app, contracts.listSignatureRequests, async (request) =>
    listSignatureRequests(app.db, signing, viewerOf(request), request.params.id),
  );
  route(app, contracts.sendForSignature, async (request, reply) => {
    const viewer = viewerOf(request);
    const applyBase = applyBaseUrl(request, viewer.organization.subdomain, siteConfig);
    return reply
      .code(201)
      .send(await sendForSignature(app.db, signing, viewer, request.params.id, request.body.documentId, applyBase));
  });
};

/** The HR system connection: hiring-manager admins only (decision 0080). */
export const hrAdminRoutes: FastifyPluginAsyncTypebox<IntegrationOptions> = async (
  app,
  { siteConfig, hr, hrTokenKey },
) => {
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.addHook('preValidation', authenticate);
  app.addHook('preValidation', requireRole('HIRING_MANAGER_ADMIN'));
  const hrBase = (request: FastifyRequest) =>
    siteBaseUrl(request, viewerOf(request).organization.subdomain, siteConfig);
  route(app, contracts.hrConnection, async (request) => hrConnection(app.db, viewerOf(request)));
  route(app, contracts.startHrConnection, async (request) =>
    startHrConnection(app.db, hr, viewerOf(request), request.body.tenant, hrBase(request)),
  );
  route(app, contracts.workdayConnect, async (request) =>
    finishHrConnection(app.db, hr, hrTokenKey, viewerOf(request), {
      tenant: request.params.tenant,
      code: request.params.code,
      state: request.query.state,
      hrBase: hrBase(request),
    }),
  );
  route(app, contracts.disconnectHr, async (request) => disconnectHr(app.db, viewerOf(request)));
};

/** The candidate's return from the provider: POST /candidate/:id/docusign (spec §7, payload none). */
export const candidateIntegrationRoutes: FastifyPluginAsyncTypebox<IntegrationOptions> = async (app, { signing }) => {
  app.addHook('preValidation', authenticate);
  route(app, contracts.docusign, async (request) =>
    signingOutcome(app.db, signing, viewerOf(request), request.params.id),
  );
};

/** The emailed signing link, and the fake provider's hosted page when it is the provider. */
export const publicIntegrationRoutes: FastifyPluginAsyncTypebox<IntegrationOptions> = async (
  app,
  { siteConfig, signing, hr },
) => {
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const applyBase = (request: FastifyRequest) => applyBaseUrl(request, organizationOf(request).subdomain, siteConfig);
  route(
    app,
    contracts.signingLink,
    async (request, reply) => {
      const organization = organizationOf(request);
      const to = await signingRedirect(
        app.db,
        signing,
        organization,
        request.params.token,
        applyBase(request),
        request.query.language,
      );
      return reply.header('cache-control', 'no-store').redirect(to, 303);
    },
    { preHandler: loadOrganization },
  );
  if (isFakeHr(hr)) fakeHrPages(app, hr);
  if (!isFakeSigning(signing)) return;
  const fake = signing;
  route(app, contracts.fakeSigningPage, async (request, reply) => {
    const view = fake.ticketView(request.params.envelopeId, request.query.ticket ?? '');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return view
      ? reply.send(signingPageHtml(view.documentName, request.query.ticket ?? ''))
      : reply.code(410).send(expiredPageHtml());
  });
  route(app, contracts.fakeSigningAnswer, async (request, reply) => {
    const back = fake.answer(request.params.envelopeId, request.body.ticket, request.body.action);
    if (!back) return reply.code(410).type('text/html; charset=utf-8').send(expiredPageHtml());
    return reply.redirect(back, 303);
  });
};

/** The fake HR system's authorise page; it sends the browser back only to this host's /workday-connect. */
function fakeHrPages(app: Parameters<FastifyPluginAsyncTypebox>[0], hr: FakeHrProvider): void {
  const ownReturn = (request: FastifyRequest, redirectUri: string | undefined): string | null => {
    try {
      const url = new URL(redirectUri ?? '');
      return url.host === request.host && url.pathname === '/workday-connect' ? url.toString() : null;
    } catch {
      return null;
    }
  };
  route(app, contracts.fakeHrPage, async (request, reply) => {
    const { tenant, state } = request.query;
    const redirectUri = ownReturn(request, request.query.redirect_uri);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return tenant && state && redirectUri
      ? reply.send(authorizePageHtml({ tenant, state, redirectUri }))
      : reply.code(400).send(badAuthorizeHtml());
  });
  route(app, contracts.fakeHrAnswer, async (request, reply) => {
    const { tenant, state, action } = request.body;
    const redirectUri = ownReturn(request, request.body.redirect_uri);
    if (!tenant || !state || !redirectUri)
      return reply.code(400).type('text/html; charset=utf-8').send(badAuthorizeHtml());
    return reply.redirect(hr.answer({ tenant, state, redirectUri, action }), 303);
  });
}
