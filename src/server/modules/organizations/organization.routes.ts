import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '#schemas/api';
import { PublicOrganization, Subdomain } from '#schemas/organization';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { organizationLogo, toPublicOrganization } from './organization.service';

const Params = Type.Object({ sub: Subdomain });
const LogoImage = Type.Unsafe<Uint8Array>({
  type: 'string',
  format: 'binary',
  description: 'image/svg+xml or image/png',
});

/** A sandboxed SVG cannot run script even when opened directly as a document. */
const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** Public organisation profile and logo (spec §7 Public: GET /organization/:sub/). */
export const publicOrganizationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/organization/:sub',
    {
      schema: {
        tags: ['public'],
        summary: 'Public profile of an organisation: branding, languages, public configuration',
        params: Params,
        response: { 200: PublicOrganization, 400: ApiError, 404: ApiError },
      },
      preHandler: loadOrganization,
    },
    async (request) => toPublicOrganization(organizationOf(request)),
  );

  app.get(
    '/organization/:sub/logo',
    {
      schema: {
        tags: ['public'],
        summary: "The organisation's logo image",
        params: Params,
        produces: ['image/svg+xml', 'image/png'],
        response: { 200: LogoImage, 400: ApiError, 404: ApiError },
      },
      preHandler: loadOrganization,
    },
    async (request, reply) => {
      const { bytes, contentType } = await organizationLogo(app.db, organizationOf(request));
      return reply
        .type(contentType)
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', LOGO_CSP)
        .send(bytes);
    },
  );
};
