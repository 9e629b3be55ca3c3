import type { PublicOrganization } from '#schemas/organization';
import { http } from './http';

/** The public profile of the organisation a host belongs to (GET /api/public/organization/:sub/). */
export async function fetchPublicOrganization(subdomain: string): Promise<PublicOrganization> {
  const response = await http.get<PublicOrganization>(`/public/organization/${encodeURIComponent(subdomain)}/`);
  return response.data;
}
