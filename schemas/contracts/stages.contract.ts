import { Type } from 'typebox';
import { OrganizationStages } from '../pipeline';
import { OrganizationKey } from '../role';
import { defineRoute } from '../contract';

/* Spec §3 Organisation stage: the hiring side reads its organisation's pipeline. */

export const organizationStages = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/stages',
  summary: "The organisation's pipeline: stages in order with their substages and score metrics",
  tags: ['pipeline'],
  access: 'signed-in',
  authz: 'hiring',
  params: Type.Object({ orgId: OrganizationKey }),
  response: { 200: OrganizationStages },
});
