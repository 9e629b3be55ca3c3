import type { RouteQuery } from '#schemas/contract';
import * as roles from '#schemas/contracts/roles.contract';
import type { ManagerRole, ManagerRolePage, Role } from '#schemas/role';
import { call } from './call';

/* The hiring side's role calls: the role list with stage counts, archive and restore. */

export type { ManagerRole, ManagerRolePage };

/** GET /roles?status&searchTerm&page&resultsPerPage; an empty search term is left out. */
export async function fetchManagerRoles(query: RouteQuery<typeof roles.managerRoles>): Promise<ManagerRolePage> {
  const { status, searchTerm, page, resultsPerPage } = query;
  return call(roles.managerRoles, { query: { status, page, resultsPerPage, ...(searchTerm ? { searchTerm } : {}) } });
}

/** POST /role/:roleId/archive or /restore. */
export async function setRoleArchived(roleId: string, archived: boolean): Promise<Role> {
  return call(archived ? roles.archiveRole : roles.restoreRole, { params: { roleId } });
}
