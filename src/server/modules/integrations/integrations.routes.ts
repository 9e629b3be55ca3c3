import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { readUpload } from '../documents/document.routes';
import { MAX_UPLOAD_BYTES } from '../documents/document.service';
import * as contracts from '#schemas/contracts/integrations.contract';
import { strictBodyValidatorCompiler } from '../../lib/body-validator';
import { applyBaseUrl } from '../../lib/links';
import { route } from '../../lib/route';
import type { SiteConfig } from '../../lib/site-config';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { expiredPageHtml, signingPageHtml } from './fake-signing';
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
  { siteConfig, signing },
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
