import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/organizations.contract';
import { route } from '../../lib/route';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { organizationLogo, toPublicOrganization } from './organization.service';

/** A sandboxed SVG cannot run script even when opened directly as a document. */
const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/**
 * Public organisation profile and logo (spec §7 Public: GET /organization/:sub/), as
 * schemas/contracts/organizations.contract.ts declares them.
 */
export const publicOrganizationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, contracts.publicOrganization, async (request) => toPublicOrganization(organizationOf(request)), {
    preHandler: loadOrganization,
    config: { revalidate: true },
  });

  route(
    app,
    contracts.organizationLogo,
    async (request, reply) => {
      const { bytes, contentType } = await organizationLogo(app.db, organizationOf(request));
      return reply
        .type(contentType)
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', LOGO_CSP)
        .send(bytes);
    },
    { preHandler: loadOrganization },
  );
};
