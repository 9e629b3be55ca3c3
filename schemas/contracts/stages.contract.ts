import { Type } from 'typebox';
import { OrganizationStages, StagesUpdateBody } from '../pipeline';
import { OrganizationKey } from '../role';
import { defineRoute } from '../contract';

/* Spec §3 Organisation stage: the hiring side reads its organisation's pipeline; its admins edit it (issue 15). */

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

export const updateOrganizationStages = defineRoute({
  method: 'PUT',
  path: '/v1/organization/:orgId/stages',
  summary:
    "Chooses, orders and renames the organisation's stages and substages and attaches assessment providers " +
    '(checked by the engine; a stage or substage where candidates are cannot be removed)',
  tags: ['pipeline'],
  access: 'signed-in',
  authz: 'hiring-admin',
  params: Type.Object({ orgId: OrganizationKey }),
  body: StagesUpdateBody,
  response: { 200: OrganizationStages },
});
