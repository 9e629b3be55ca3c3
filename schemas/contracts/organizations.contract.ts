import { Type } from 'typebox';
import { PublicOrganization, Subdomain } from '../organization';
import { defineRoute } from '../contract';

/* Spec §7 Public GET /organization/:sub/: the public profile and the logo of an organisation. */
const tags = ['public'];
const access = 'public';
const params = Type.Object({ sub: Subdomain });

export const publicOrganization = defineRoute({
  method: 'GET',
  path: '/public/organization/:sub',
  summary: 'Public profile of an organisation: branding, languages, public configuration',
  tags,
  access,
  authz: 'anyone',
  params,
  response: { 200: PublicOrganization },
});

export const organizationLogo = defineRoute({
  method: 'GET',
  path: '/public/organization/:sub/logo',
  summary: "The organisation's logo image",
  tags,
  access,
  authz: 'anyone',
  params,
  produces: ['image/svg+xml', 'image/png'],
  // The image's bytes, sent as they are (a Buffer is never serialised); pages show it with <img src>.
  response: {
    200: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'image/svg+xml or image/png' }),
  },
});
