import type { Role, RoleAttribute, RoleFilters, RolePage } from '#schemas/role';
import { ROLE_ATTRIBUTES } from '#schemas/role';
import { http } from './http';

/*
 * The public role calls of spec §7 (an organisation's roles by id or subdomain) and the hiring
 * side's preview.
 */

export async function fetchRolePage(organization: string, filters: RoleFilters, page: number): Promise<RolePage> {
  const response = await http.post<RolePage>(`/public/${encodeURIComponent(organization)}/roles`, filters, {
    params: { page },
  });
  return response.data;
}

export async function fetchRole(organization: string, roleId: string): Promise<Role> {
  return (await http.get<Role>(`/public/${encodeURIComponent(organization)}/roles/${encodeURIComponent(roleId)}`)).data;
}

export type RoleFilterOptions = Record<RoleAttribute, string[]>;

/** The values the role filters offer: departments, locations, role types and levels of the active roles. */
export async function fetchRoleFilterOptions(organization: string): Promise<RoleFilterOptions> {
  const lists = await Promise.all(
    ROLE_ATTRIBUTES.map((attribute) =>
      http.get<string[]>(`/public/organization/${encodeURIComponent(organization)}/${attribute}`).then((r) => r.data),
    ),
  );
  return Object.fromEntries(ROLE_ATTRIBUTES.map((attribute, i) => [attribute, lists[i]!])) as RoleFilterOptions;
}

/** GET /v1/role/:roleId: a role in any status, for the hiring side's preview. */
export async function fetchRolePreview(roleId: string): Promise<Role> {
  return (await http.get<Role>(`/v1/role/${encodeURIComponent(roleId)}`)).data;
}
