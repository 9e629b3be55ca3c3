import * as organizations from '#schemas/contracts/organizations.contract';
import { call } from './call';

/** The public profile of the organisation a host belongs to (GET /api/public/organization/:sub/). */
export const fetchPublicOrganization = (subdomain: string) =>
  call(organizations.publicOrganization, { params: { sub: subdomain } });
