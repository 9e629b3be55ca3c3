import { format as formatDate } from 'date-fns';
import { pageInfo, formatLongDate } from '#engine';
import { message } from '#schemas/messages';
import type { Role, RoleAttribute, RoleFilters, RolePage, RoleSummary } from '#schemas/role';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-error';
import { cachedPublicRead } from '../../lib/public-cache';
import { isUuid } from '../../lib/uuid';
import type { OrganizationRecord } from '../../db/types';
import { withoutHr } from '../organizations/organization.service';
import {
  findNextDeadline,
  findRoleById,
  findRolePage,
  findRoleValues,
  type RoleRecord,
  type RoleValueColumn,
} from './role.repository';

export const noRole = (id: string) => notFound(message('noRole', { id }));

/** Spec §2: a role whose deadline has passed is still shown, as closed. */
export function isClosed(role: Pick<RoleRecord, 'deadline'>, now: Date): boolean {
  return role.deadline !== null && role.deadline.getTime() <= now.getTime();
}

function toRoleSummary(role: RoleRecord, now: Date): RoleSummary {
  return {
    id: role.id,
    name: role.name,
    summary: role.summary,
    roleType: role.role_type,
    roleLevel: role.role_level,
    department: role.department,
    location: role.location,
    workType: role.work_type,
    employmentType: role.employment_type,
    salary: role.salary,
    startDate: role.start_date,
    deadline: role.deadline?.toISOString() ?? null,
    closed: isClosed(role, now),
  };
}

/** A role with its configuration layers; the hiring side also gets its template (listFields). */
export function toRole(
  role: RoleRecord,
  organization: OrganizationRecord,
  now: Date,
  audience: 'candidate' | 'hiring',
): Role {
  return {
    ...toRoleSummary(role, now),
    description: role.description,
    status: role.status,
    organization: { id: organization.id, subdomain: organization.subdomain, name: organization.name },
    formConfiguration: withoutHr(role.form_configuration),
    jsonConfigurations: Object.fromEntries(
      Object.entries(role.json_configurations).map(([language, layer]) => [language, withoutHr(layer)]),
    ),
    settings: role.settings,
    ...(audience === 'hiring' && { template: role.template }),
  };
}

/** A role of the organisation, whatever its status; 404 for anything else (another organisation's too). */
export async function roleOf(db: Db, organization: OrganizationRecord, roleId: string): Promise<RoleRecord> {
  const role = isUuid(roleId) ? await findRoleById(db, organization.id, roleId) : undefined;
  if (!role) throw noRole(roleId);
  return role;
}

/** A role candidates can see: active (archived roles and templates are not public). */
export async function publishedRoleOf(db: Db, organization: OrganizationRecord, roleId: string): Promise<RoleRecord> {
  const role = await roleOf(db, organization, roleId);
  if (role.status !== 'ACTIVE') throw noRole(roleId);
  return role;
}

/** A role open to new applications and submissions: published and before its deadline. */
export async function openRoleOf(
  db: Db,
  organization: OrganizationRecord,
  roleId: string,
  now: Date,
): Promise<RoleRecord> {
  const role = await publishedRoleOf(db, organization, roleId);
  assertOpen(role, now);
  return role;
}

export function assertOpen(role: RoleRecord, now: Date): void {
  if (!isClosed(role, now)) return;
  // The ISO date is the day the English text names (the server's calendar day of the deadline).
  const deadline = role.deadline!;
  throw badRequest(
    message(
      'roleClosed',
      { date: formatDate(deadline, 'yyyy-MM-dd') },
      { date: formatLongDate(deadline.toISOString()) },
    ),
  );
}

/**
 * POST /api/public/:orgId/roles, from the public cache (decision 0056) until a role or the organisation
 * changes or the next deadline passes (a role then shows as closed and sorts after the open ones).
 */
export function publicRolePage(
  db: Db,
  organization: OrganizationRecord,
  filters: RoleFilters,
  page: number,
  size: number,
): Promise<RolePage> {
  return cachedPublicRead(
    db,
    organization.id,
    `roles\u0000${page}\u0000${size}\u0000${JSON.stringify(filters)}`,
    async () => {
      const now = new Date();
      const [{ rows, total }, nextDeadline] = await Promise.all([
        findRolePage(db, organization.id, filters, { offset: page * size, limit: size, now }),
        findNextDeadline(db, organization.id, now),
      ]);
      const value = {
        ...pageInfo(page, size, total, rows.length),
        content: rows.map((row) => toRoleSummary(row, now)),
      };
      return { value, validUntil: nextDeadline?.getTime() };
    },
  );
}

/** GET /api/public/:orgId/roles/:roleId, from the public cache until it changes or its deadline passes. */
export function publicRole(db: Db, organization: OrganizationRecord, roleId: string): Promise<Role> {
  return cachedPublicRead(db, organization.id, `role\u0000${roleId}`, async () => {
    const role = await publishedRoleOf(db, organization, roleId);
    const now = new Date();
    const validUntil = role.deadline && role.deadline > now ? role.deadline.getTime() : undefined;
    return { value: toRole(role, organization, now, 'candidate'), validUntil };
  });
}

/** GET /api/v1/role/:roleId: the hiring side previews a role as candidates see it, in any status. */
export async function previewRole(db: Db, organization: OrganizationRecord, roleId: string): Promise<Role> {
  return toRole(await roleOf(db, organization, roleId), organization, new Date(), 'hiring');
}

const ATTRIBUTE_COLUMNS: Record<RoleAttribute, RoleValueColumn> = {
  departments: 'department',
  locations: 'location',
  roleTypes: 'role_type',
  roleLevels: 'role_level',
};

/** GET /api/public/organization/:orgId/{departments,locations,roleTypes,roleLevels} */
export function roleAttributeValues(
  db: Db,
  organization: OrganizationRecord,
  attribute: RoleAttribute,
): Promise<string[]> {
  return cachedPublicRead(db, organization.id, attribute, async () => ({
    value: await findRoleValues(db, organization.id, ATTRIBUTE_COLUMNS[attribute]),
  }));
}
