import { Type } from 'typebox';
import { defineRoute } from '../contract';
import {
  ManagerRolePage,
  ManagerRoleQuery,
  NewRoleBody,
  OrganizationKey,
  Role,
  RoleFilters,
  RolePage,
  RolePageQuery,
  RoleUpdateBody,
  type RoleAttribute,
} from '../role';

/*
 * Roles. Spec §7 Public: an organisation's open roles, one role, and the values its filters offer.
 * The hiring side (issue 6, spec §3 Role): the preview of a role in any status, the role list with
 * stage counts, create from a template, edit, archive, restore.
 */
const publicTags = ['public', 'roles'];
const tags = ['roles'];
const access = 'signed-in';
/** Any text: a malformed id names no role, so it answers 404 like an unknown one. */
const RoleIdParams = Type.Object({ roleId: Type.String({ maxLength: 64 }) });

export const publicRolePage = defineRoute({
  method: 'POST',
  path: '/public/:orgId/roles',
  summary: "A page of the organisation's active roles matching the filters (open roles first, soonest deadline first)",
  tags: publicTags,
  access: 'public',
  authz: 'anyone',
  params: Type.Object({ orgId: OrganizationKey }),
  querystring: RolePageQuery,
  body: Type.Optional(RoleFilters),
  response: { 200: RolePage },
});

export const publicRole = defineRoute({
  method: 'GET',
  path: '/public/:orgId/roles/:roleId',
  summary: 'One active role with its application-form configuration',
  tags: publicTags,
  access: 'public',
  authz: 'anyone',
  params: Type.Object({ orgId: OrganizationKey, roleId: Type.String({ maxLength: 64 }) }),
  response: { 200: Role },
});

function attributeValues<const A extends RoleAttribute>(attribute: A) {
  return defineRoute({
    method: 'GET',
    path: `/public/organization/:sub/${attribute}`,
    summary: `The ${attribute} of the organisation's active roles (filter options)`,
    tags: publicTags,
    access: 'public',
    authz: 'anyone',
    params: Type.Object({ sub: OrganizationKey }),
    response: { 200: Type.Array(Type.String()) },
  });
}

/** One call per role attribute (spec §7: departments, locations, roleTypes, roleLevels). */
export const roleAttributeValues = {
  departments: attributeValues('departments'),
  locations: attributeValues('locations'),
  roleTypes: attributeValues('roleTypes'),
  roleLevels: attributeValues('roleLevels'),
} satisfies Record<RoleAttribute, ReturnType<typeof attributeValues>>;

export const previewRole = defineRoute({
  method: 'GET',
  path: '/v1/role/:roleId',
  summary: 'A role in any status, as candidates would see it, with its template (hiring side)',
  tags,
  access,
  authz: 'hiring',
  params: RoleIdParams,
  response: { 200: Role },
});

export const managerRoles = defineRoute({
  method: 'GET',
  path: '/v1/roles',
  summary:
    "A page of the organisation's roles in one status (ACTIVE by default, ARCHIVED, PRESET templates) with applications per stage",
  tags,
  access,
  authz: 'hiring',
  querystring: ManagerRoleQuery,
  response: { 200: ManagerRolePage },
});

export const createRole = defineRoute({
  method: 'POST',
  audit: { action: 'configure', target: 'role' },
  path: '/v1/roles',
  summary:
    'A new active role made from one of the organisation’s templates or a copy of one of its roles (configuration copied)',
  tags,
  access,
  authz: 'hiring',
  body: NewRoleBody,
  response: { 201: Role },
});

export const updateRole = defineRoute({
  method: 'PUT',
  audit: { action: 'configure', target: 'role', param: 'roleId' },
  path: '/v1/role/:roleId',
  summary:
    "Edits a role's name, summary, deadline, form configuration or template (configuration checked by the engine)",
  tags,
  access,
  authz: 'hiring',
  params: RoleIdParams,
  body: RoleUpdateBody,
  response: { 200: Role },
});

export const archiveRole = defineRoute({
  method: 'POST',
  audit: { action: 'configure', target: 'role', param: 'roleId' },
  path: '/v1/role/:roleId/archive',
  summary: 'Archives an active role (no longer public)',
  tags,
  access,
  authz: 'hiring',
  params: RoleIdParams,
  response: { 200: Role },
});

export const restoreRole = defineRoute({
  method: 'POST',
  audit: { action: 'configure', target: 'role', param: 'roleId' },
  path: '/v1/role/:roleId/restore',
  summary: 'Restores an archived role to active',
  tags,
  access,
  authz: 'hiring',
  params: RoleIdParams,
  response: { 200: Role },
});
