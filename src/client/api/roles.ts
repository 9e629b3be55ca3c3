import type { Role, RoleAttribute, RoleFilters, RolePage } from '#schemas/role';
import { ROLE_ATTRIBUTES } from '#schemas/role';
import * as roles from '#schemas/contracts/roles.contract';
import { call } from './call';

/*
 * The public role calls of spec §7 (an organisation's roles by id or subdomain) and the hiring
 * side's preview.
 */

export async function fetchRolePage(organization: string, filters: RoleFilters, page: number): Promise<RolePage> {
  return call(roles.publicRolePage, { params: { orgId: organization }, query: { page }, body: filters });
}

export async function fetchRole(organization: string, roleId: string): Promise<Role> {
  return call(roles.publicRole, { params: { orgId: organization, roleId } });
}

export type RoleFilterOptions = Record<RoleAttribute, string[]>;

/** The values the role filters offer: departments, locations, role types and levels of the active roles. */
export async function fetchRoleFilterOptions(organization: string): Promise<RoleFilterOptions> {
  const lists = await Promise.all(
    ROLE_ATTRIBUTES.map((attribute) => call(roles.roleAttributeValues[attribute], { params: { sub: organization } })),
  );
  return Object.fromEntries(ROLE_ATTRIBUTES.map((attribute, i) => [attribute, lists[i]!])) as RoleFilterOptions;
}

/** GET /v1/role/:roleId: a role in any status, for the hiring side's preview. */
export async function fetchRolePreview(roleId: string): Promise<Role> {
  return call(roles.previewRole, { params: { roleId } });
}
