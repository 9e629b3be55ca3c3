import type { ManagerRole, ManagerRolePage, RoleStatus } from '#schemas/role';
import { http } from './http';

/* The hiring side's role calls: the role list with stage counts, archive and restore. */
const enc = encodeURIComponent;

export type { ManagerRole, ManagerRolePage };

export interface ManagerRoleQuery {
  status: RoleStatus;
  searchTerm?: string;
  page: number;
  resultsPerPage: number;
}

/** GET /roles?status&searchTerm&page&resultsPerPage. */
export async function fetchManagerRoles(query: ManagerRoleQuery): Promise<ManagerRolePage> {
  const params = {
    status: query.status,
    page: query.page,
    resultsPerPage: query.resultsPerPage,
    ...(query.searchTerm ? { searchTerm: query.searchTerm } : {}),
  };
  return (await http.get<ManagerRolePage>('/v1/roles', { params })).data;
}

/** POST /role/:roleId/archive or /restore. */
export async function setRoleArchived(roleId: string, archived: boolean): Promise<{ id: string; status: RoleStatus }> {
  return (
    await http.post<{ id: string; status: RoleStatus }>(
      `/v1/role/${enc(roleId)}/${archived ? 'archive' : 'restore'}`,
      {},
    )
  ).data;
}
