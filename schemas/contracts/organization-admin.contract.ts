import { Type } from 'typebox';
import { ApiError } from '../api';
import { defineRoute } from '../contract';
import {
  BuilderQuery,
  Contact,
  ContactBody,
  GradeSystem,
  NewOrganizationBody,
  OrganizationChoice,
  OrganizationDetails,
  OrganizationListQuery,
  OrganizationPage,
  OrganizationReport,
  OrganizationUpdateBody,
  OrganizationUser,
  OrganizationUserUpdate,
  ProductModule,
  SchoolQualificationTypes,
} from '../organization-admin';
import { ReferenceItem } from '../reference-data';
import { OrganizationKey } from '../role';

/*
 * Spec §7 Organization and Data calls for platform admins and hiring-manager admins (issue 15 part A).
 * `:orgId` is an organisation id (or subdomain): the tenancy plugin loads it and a token of another
 * organisation answers 404. Listing and creating organisations takes a platform admin.
 */
const tags = ['organizations'];
const dataTags = ['reference data'];
const access = 'signed-in';
const OrgParams = Type.Object({ orgId: OrganizationKey });
const Id = Type.String({ maxLength: 64 });

export const listOrganizations = defineRoute({
  method: 'GET',
  path: '/v1/organization',
  summary: 'Client organisations by status (ACTIVE by default), searched by name or subdomain, a page at a time',
  tags,
  access,
  authz: 'platform-admin',
  querystring: OrganizationListQuery,
  response: { 200: OrganizationPage },
});

export const allOrganizations = defineRoute({
  method: 'GET',
  path: '/v1/organization/all',
  summary: 'Every organisation by name, active or archived (platform admins)',
  tags,
  access,
  authz: 'platform-admin',
  response: { 200: Type.Array(OrganizationChoice) },
});

export const createOrganization = defineRoute({
  method: 'POST',
  path: '/v1/organization',
  summary: 'Create a client organisation, served at once on <subdomain>.<domain> (platform admins)',
  tags,
  access,
  authz: 'platform-admin',
  body: NewOrganizationBody,
  response: { 201: OrganizationDetails, 409: ApiError },
});

export const getOrganization = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId',
  summary: "An organisation's metadata (platform admins; hiring-manager admins their own)",
  tags,
  access,
  authz: 'hiring-admin',
  params: OrgParams,
  response: { 200: OrganizationDetails },
});

export const updateOrganization = defineRoute({
  method: 'PUT',
  audit: { action: 'configure', target: 'organization', param: 'orgId' },
  path: '/v1/organization/:orgId',
  summary: "Edit an organisation's metadata or archive it; configuration layers are the studio's (platform admins)",
  tags,
  access,
  authz: 'platform-admin',
  params: OrgParams,
  body: OrganizationUpdateBody,
  response: { 200: OrganizationDetails },
});

// Multipart: no body schema (the server reads the one file part itself).
export const uploadOrganizationFile = defineRoute({
  method: 'POST',
  audit: { action: 'configure', target: 'organization', param: 'orgId' },
  path: '/v1/organization/:orgId/upload/:kind/:name',
  summary: "Upload the organisation's logo (kind logo, name header): PNG, JPEG or SVG by content, 512 kB at most",
  description: 'An SVG is sanitised (scripts, event handlers, external references and foreign objects removed).',
  consumes: ['multipart/form-data'],
  tags,
  access,
  authz: 'platform-admin',
  params: Type.Object({ orgId: OrganizationKey, kind: Type.Literal('logo'), name: Type.Literal('header') }),
  querystring: Type.Object({}),
  response: { 200: OrganizationDetails, 413: ApiError, 415: ApiError },
});

export const organizationReport = defineRoute({
  method: 'GET',
  path: '/v1/admin/report/:orgId',
  summary: "An organisation's admin report: users, roles, applications by stage, last activity",
  tags,
  access,
  authz: 'hiring-admin',
  params: OrgParams,
  response: { 200: OrganizationReport },
});

export const organizationUsers = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/users',
  summary: "The organisation's hiring managers (admins and Standard), active or not",
  tags,
  access,
  authz: 'hiring-admin',
  params: OrgParams,
  response: { 200: Type.Array(OrganizationUser) },
});

export const updateOrganizationUser = defineRoute({
  method: 'POST',
  audit: { action: 'manage-user', target: 'user', param: 'userId' },
  path: '/v1/organization/:orgId/user/:userId',
  summary: "Change a manager's type (Standard or Admin), deactivate or reactivate them (admins)",
  tags,
  access,
  authz: 'hiring-admin',
  params: Type.Object({ orgId: OrganizationKey, userId: Id }),
  body: OrganizationUserUpdate,
  response: { 200: OrganizationUser },
});

export const listContacts = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/contacts',
  summary: "The organisation's contacts by name",
  tags,
  access,
  authz: 'hiring',
  params: OrgParams,
  response: { 200: Type.Array(Contact) },
});

export const addContact = defineRoute({
  method: 'POST',
  path: '/v1/organization/:orgId/contacts',
  summary: 'Add a contact of the organisation (admins)',
  tags,
  access,
  authz: 'hiring-admin',
  params: OrgParams,
  body: ContactBody,
  response: { 201: Contact },
});

export const getContact = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/contacts/:contactId',
  summary: 'One contact of the organisation',
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ orgId: OrganizationKey, contactId: Id }),
  response: { 200: Contact },
});

export const updateContact = defineRoute({
  method: 'POST',
  path: '/v1/organization/:orgId/contacts/:contactId',
  summary: 'Change a contact of the organisation (admins)',
  tags,
  access,
  authz: 'hiring-admin',
  params: Type.Object({ orgId: OrganizationKey, contactId: Id }),
  body: ContactBody,
  response: { 200: Contact },
});

export const organizationData = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/data/:type',
  summary:
    "A list from the organisation's data: CLIENTS, USERS, USERS_NO_ADMIN, SECTOR, LAW_DEPARTMENT, BUSINESS_DEPARTMENT, EMPLOYEE_ROLE, GRADE_LEVEL, TARGET_ROLE, or ORGANIZATION_EMAIL (its users' addresses, with search)",
  tags: dataTags,
  access,
  authz: 'hiring',
  params: Type.Object({ orgId: OrganizationKey, type: Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,63}$' }) }),
  querystring: Type.Object({ search: Type.Optional(Type.String({ maxLength: 100 })) }),
  response: { 200: Type.Array(ReferenceItem) },
});

export const productModules = defineRoute({
  method: 'GET',
  path: '/v1/data/modules',
  summary: "The product's modules (menus and hiring-side features) and whether the organisation shows each",
  tags: dataTags,
  access,
  authz: 'member',
  response: { 200: Type.Array(ProductModule) },
});

export const schoolQualificationTypes = defineRoute({
  method: 'GET',
  path: '/v1/data/schoolQualificationTypes',
  summary: "Senior-school qualification types of each region, the organisation's region first",
  tags: dataTags,
  access,
  authz: 'member',
  response: { 200: SchoolQualificationTypes },
});

export const schoolQualificationGradeSystems = defineRoute({
  method: 'GET',
  path: '/v1/data/schoolQualificationGradeSystems',
  summary: "School qualifications' grade systems (best grade first), the organisation's region first",
  tags: dataTags,
  access,
  authz: 'member',
  response: { 200: Type.Array(GradeSystem) },
});

export const builderFile = defineRoute({
  method: 'GET',
  path: '/public/builder',
  summary:
    'A product configuration file the form builder starts from: default-configuration.json, regions/<REGION>.json or a *.schema.json',
  tags: ['public'],
  access: 'public',
  authz: 'anyone',
  querystring: BuilderQuery,
  response: { 200: Type.Record(Type.String(), Type.Unknown()) },
});
