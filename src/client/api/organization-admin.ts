import * as admin from '#schemas/contracts/organization-admin.contract';
import { inviteUser as inviteContract } from '#schemas/contracts/users.contract';
import type { RouteBody, RouteQuery } from '#schemas/contract';
import type {
  Contact,
  ContactBody,
  NewOrganizationBody,
  OrganizationDetails,
  OrganizationPage,
  OrganizationReport,
  OrganizationUpdateBody,
  OrganizationUser,
  OrganizationUserUpdate,
  ProductModule,
} from '#schemas/organization-admin';
import type { ReferenceItem } from '#schemas/reference-data';
import { call, upload } from './call';

/* Client organisations (issue 15 part A): the platform admin's list and forms, an organisation's managers, contacts. */

export type { Contact, OrganizationDetails, OrganizationPage, OrganizationReport, OrganizationUser, ProductModule };

/** GET /organization?status&searchTerm&page&resultsPerPage; an empty search term is left out. */
export function fetchOrganizations(query: RouteQuery<typeof admin.listOrganizations>): Promise<OrganizationPage> {
  const { searchTerm, ...rest } = query;
  return call(admin.listOrganizations, { query: { ...rest, ...(searchTerm ? { searchTerm } : {}) } });
}

export const createOrganization = (body: NewOrganizationBody): Promise<OrganizationDetails> =>
  call(admin.createOrganization, { body });

export const fetchOrganization = (orgId: string): Promise<OrganizationDetails> =>
  call(admin.getOrganization, { params: { orgId } });

export const updateOrganization = (orgId: string, body: OrganizationUpdateBody): Promise<OrganizationDetails> =>
  call(admin.updateOrganization, { params: { orgId }, body });

/** POST /organization/:id/upload/logo/header with the chosen file. */
export function uploadLogo(orgId: string, file: File): Promise<OrganizationDetails> {
  const form = new FormData();
  form.append('file', file);
  return upload(admin.uploadOrganizationFile, { orgId, kind: 'logo', name: 'header' }, {}, form);
}

export const fetchReport = (orgId: string): Promise<OrganizationReport> =>
  call(admin.organizationReport, { params: { orgId } });

export const fetchOrganizationUsers = (orgId: string): Promise<OrganizationUser[]> =>
  call(admin.organizationUsers, { params: { orgId } });

export const inviteManager = (orgId: string, body: RouteBody<typeof inviteContract>) =>
  call(inviteContract, { params: { orgId }, body });

export const updateOrganizationUser = (
  orgId: string,
  userId: string,
  body: OrganizationUserUpdate,
): Promise<OrganizationUser> => call(admin.updateOrganizationUser, { params: { orgId, userId }, body });

export const fetchContacts = (orgId: string): Promise<Contact[]> => call(admin.listContacts, { params: { orgId } });

export const addContact = (orgId: string, body: ContactBody): Promise<Contact> =>
  call(admin.addContact, { params: { orgId }, body });

/** SECTOR and the other lists an organisation keeps in its data (GET /organization/:id/data/:type). */
export const fetchOrganizationList = (orgId: string, type: string): Promise<ReferenceItem[]> =>
  call(admin.organizationData, { params: { orgId, type } });

/** GET /data/modules: which menus and hiring-side features the signed-in user's organisation shows. */
export const fetchModules = (): Promise<ProductModule[]> => call(admin.productModules);
