import { hasRole, isAdmin, isValidEmail, normaliseEmail, pageInfo, stageName, subdomainProblem } from '#engine';
import { pathOf } from '#schemas/contract';
import { organizationLogo as logoRoute } from '#schemas/contracts/organizations.contract';
import type { FieldError } from '#schemas/api';
import type {
  Contact,
  ContactBody,
  NewOrganizationBody,
  OrganizationChoice,
  OrganizationDetails,
  OrganizationListQuery,
  OrganizationPage,
  OrganizationReport,
  OrganizationUpdateBody,
  OrganizationUser,
  OrganizationUserUpdate,
} from '#schemas/organization-admin';
import type { Language, OrganizationSettings } from '#schemas/organization';
import { DEFAULT_ORGANIZATION_STATUS } from '#schemas/vocabularies';
import { DEFAULT_PAGE_SIZE } from '#schemas/search';
import type { Db } from '../../db/client';
import { asOrganization } from '../../db/organization-scope';
import { isUniqueViolation } from '../../db/unique-violation';
import { json } from '../../db/json';
import type { NewRoleRow, OrganizationRecord } from '../../db/types';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import type { Viewer } from '../../lib/viewer';
import { revokeUserFamilies } from '../auth/session.repository';
import { insertOrganization } from '../organizations/organization.repository';
import { insertRole } from '../roles/role.repository';
import { organizationStages } from '../stages/stage-catalogue';
import { productTranslation } from '../translations/product-translations';
import { defaultLogo, checkedLogo, type LogoUpload } from './logo';
import {
  countApplications,
  countRolesByStatus,
  countUsersByType,
  findAllOrganizations,
  findContact,
  findContacts,
  findManager,
  findManagers,
  findOrganizationPage,
  hasLogo,
  setOrganizationLogo,
  insertContact,
  lastActivity,
  subdomainTaken,
  updateContactRow,
  updateManager,
  updateOrganizationRow,
  type ContactRow,
  type ManagerRow,
  type OrganizationListRow,
} from './organization-admin.repository';

const THERE_IS_A_PROBLEM = 'There is a problem';

/** A new organisation's pipeline and look until its admins change them (the studio edits the theme). */
const NEW_ORGANIZATION_STAGES = [1, 28, 2, 3, 9, 10, 11, 14, 15, 16];
const NEW_ORGANIZATION_THEME = { logoWidth: 200, logoMargin: '8px 0', headerBGcolour: '#1d3557', secondary: '#b42318' };

/** Only platform admins (spec §6 superusers) manage the list of client organisations. */
function requirePlatformAdmin(viewer: Viewer): void {
  if (!isAdmin(viewer.user.user_type)) throw forbidden('Only a platform admin can manage client organisations.');
}

/** Hiring-manager admins manage their own organisation (the auth plugin already answered 404 for any other). */
function requireOrganizationAdmin(viewer: Viewer): void {
  if (!hasRole(viewer.user.user_type, 'HIRING_MANAGER_ADMIN'))
    throw forbidden('Only an admin of this organisation can do this.');
}

function requireHiringSide(viewer: Viewer): void {
  if (!hasRole(viewer.user.user_type, 'HIRING_MANAGER')) throw forbidden('Only the hiring side can see this.');
}

const logoUrl = (subdomain: string): string => `/api${pathOf(logoRoute, { sub: subdomain })}`;

function listItem(row: OrganizationListRow) {
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    status: row.status,
    edition: row.edition,
    productType: row.product_type,
    tier: row.tier,
    countryBase: row.country_base,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

async function toDetails(db: Db, org: OrganizationRecord): Promise<OrganizationDetails> {
  const { gtmId, sessionTimeout, subdomainRestricted, smsSegmentLimit } = org.settings;
  return {
    id: org.id,
    name: org.name,
    subdomain: org.subdomain,
    status: org.status,
    productType: org.product_type,
    edition: org.edition,
    tier: org.tier,
    sector: org.sector,
    countryBase: org.country_base,
    rareContact: org.rare_contact,
    supportEmail: org.support_email,
    logoUrl: logoUrl(org.subdomain),
    hasLogo: await hasLogo(db, org.id),
    themeConfiguration: org.theme_configuration,
    additionalLanguageSupport: org.additional_language_support,
    settings: {
      gtmId: gtmId ?? null,
      sessionTimeout: sessionTimeout ?? null,
      subdomainRestricted: subdomainRestricted ?? false,
      smsSegmentLimit: smsSegmentLimit ?? null,
    },
    referenceLists: org.reference_lists,
    createdAt: new Date(org.created_at).toISOString(),
    updatedAt: new Date(org.updated_at).toISOString(),
  };
}

/** GET /organization */
export async function listOrganizations(
  db: Db,
  viewer: Viewer,
  query: OrganizationListQuery,
): Promise<OrganizationPage> {
  requirePlatformAdmin(viewer);
  const size = query.resultsPerPage ?? DEFAULT_PAGE_SIZE;
  const number = query.page ?? 0;
  const { rows, total } = await findOrganizationPage(
    db,
    { status: query.status ?? DEFAULT_ORGANIZATION_STATUS, searchTerm: query.searchTerm },
    { offset: number * size, limit: size },
  );
  return { ...pageInfo(number, size, total, rows.length), content: rows.map(listItem) };
}

/** GET /organization/all */
export async function allOrganizations(db: Db, viewer: Viewer): Promise<OrganizationChoice[]> {
  requirePlatformAdmin(viewer);
  return findAllOrganizations(db);
}

/** Languages each need the product's translation (configs/translations/<code>.json); English is the base. */
function languageProblems(languages: readonly Language[] | undefined): FieldError[] {
  const problems: FieldError[] = [];
  const seen = new Set<string>();
  (languages ?? []).forEach((language, index) => {
    if (language.code === 'en' || !productTranslation(language.code))
      problems.push({
        field: `additionalLanguageSupport/${index}/code`,
        message: `The product has no translation into '${language.code}'`,
      });
    if (seen.has(language.code))
      problems.push({
        field: `additionalLanguageSupport/${index}/code`,
        message: `'${language.code}' is listed twice`,
      });
    seen.add(language.code);
  });
  return problems;
}

function emailProblem(field: string, email: string | undefined): FieldError[] {
  if (email === undefined || isValidEmail(normaliseEmail(email))) return [];
  return [{ field, message: 'Enter an email address in the correct format, like name@example.com' }];
}

/** The settings a body sets over those kept: a null clears one. */
function mergedSettings(
  current: OrganizationSettings,
  update: NonNullable<NewOrganizationBody['settings']> | undefined,
): OrganizationSettings {
  if (!update) return current;
  const next: OrganizationSettings = { ...current };
  if (update.gtmId === null) delete next.gtmId;
  else if (update.gtmId !== undefined) next.gtmId = update.gtmId;
  if (update.sessionTimeout === null) delete next.sessionTimeout;
  else if (update.sessionTimeout !== undefined) next.sessionTimeout = update.sessionTimeout;
  if (update.subdomainRestricted !== undefined) next.subdomainRestricted = update.subdomainRestricted;
  if (update.smsSegmentLimit === null) delete next.smsSegmentLimit;
  else if (update.smsSegmentLimit !== undefined) next.smsSegmentLimit = update.smsSegmentLimit;
  return next;
}

/**
 * POST /organization: the organisation is a row like any other, so every host of it works on the
 * next request (tenancy reads the organisation per request, decision 0040): no restart, no file.
 */
export async function createOrganization(
  db: Db,
  viewer: Viewer,
  body: NewOrganizationBody,
  /** The product's support address (configs/product.json), until the organisation names its own. */
  productSupportEmail: string,
): Promise<OrganizationDetails> {
  requirePlatformAdmin(viewer);
  const problems: FieldError[] = [];
  const shape = subdomainProblem(body.subdomain);
  if (shape) problems.push({ field: 'subdomain', message: shape });
  problems.push(...languageProblems(body.additionalLanguageSupport));
  problems.push(...emailProblem('supportEmail', body.supportEmail));
  if (!body.name.trim()) problems.push({ field: 'name', message: 'Enter the organisation name' });
  if (problems.length > 0) throw badRequest(THERE_IS_A_PROBLEM, problems);
  const taken = () =>
    new HttpError(409, `The subdomain '${body.subdomain}' is already taken`, [
      { field: 'subdomain', message: `The subdomain '${body.subdomain}' is already taken` },
    ]);
  if (await subdomainTaken(db, body.subdomain)) throw taken();
  const settings = mergedSettings({ countryBase: body.countryBase }, body.settings);
  const logo = defaultLogo(body.name.trim());
  try {
    const org = await insertOrganization(db, {
      subdomain: body.subdomain,
      name: body.name.trim(),
      product_type: body.productType,
      edition: body.edition,
      tier: body.tier,
      sector: json(body.sector),
      country_base: body.countryBase,
      rare_contact: false,
      support_email: body.supportEmail ? normaliseEmail(body.supportEmail) : productSupportEmail,
      theme_configuration: json(NEW_ORGANIZATION_THEME),
      default_configuration: json({}),
      form_configuration: json({}),
      settings: json(settings),
      additional_language_support: json(body.additionalLanguageSupport ?? []),
      stages: json(organizationStages(NEW_ORGANIZATION_STAGES)),
      logo: logo.bytes,
      logo_content_type: logo.contentType,
    });
    // The new organisation's own rows are written and read as that organisation, not the request's (decision 0068).
    return await asOrganization(org.id, async () => {
      await insertRole(db, starterTemplate(org.id));
      return toDetails(db, org);
    });
  } catch (error) {
    // Two admins choosing the same subdomain at once: the unique index decides.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/**
 * A new organisation's one role template (status PRESET), so its studio can make its first role at once; the role
 * asks the organisation's own form (an empty form layer) and its candidate panel lists the candidate's name.
 */
function starterTemplate(organizationId: string): NewRoleRow {
  return {
    organization_id: organizationId,
    reference: null,
    name: 'Graduate role (template)',
    summary: 'A graduate role.',
    description: json(['What the role is about.']),
    role_type: 'Graduate programme',
    role_level: 'Entry level',
    department: 'Graduate recruitment',
    location: 'To be decided',
    work_type: 'Hybrid',
    employment_type: 'Permanent',
    salary: null,
    status: 'PRESET',
    start_date: null,
    deadline: null,
    form_configuration: json({}),
    json_configurations: json({}),
    settings: json({}),
    template: json({ viewConfiguration: { listFields: [{ id: 'firstName', candidateResponse: false }] } }),
  };
}

/** GET /organization/:id */
export async function organizationDetails(db: Db, viewer: Viewer): Promise<OrganizationDetails> {
  requireOrganizationAdmin(viewer);
  return toDetails(db, viewer.organization);
}

/** PUT /organization/:id: metadata only (the configuration layers are the studio's). */
export async function updateOrganization(
  db: Db,
  viewer: Viewer,
  body: OrganizationUpdateBody,
): Promise<OrganizationDetails> {
  requirePlatformAdmin(viewer);
  const org = viewer.organization;
  const problems = [
    ...languageProblems(body.additionalLanguageSupport),
    ...emailProblem('supportEmail', body.supportEmail),
  ];
  if (body.name !== undefined && !body.name.trim())
    problems.push({ field: 'name', message: 'Enter the organisation name' });
  if (problems.length > 0) throw badRequest(THERE_IS_A_PROBLEM, problems);
  const patch: Record<string, unknown> = {};
  if (body.name !== undefined) patch.name = body.name.trim();
  if (body.status !== undefined) patch.status = body.status;
  if (body.edition !== undefined) patch.edition = body.edition;
  if (body.productType !== undefined) patch.product_type = body.productType;
  if (body.tier !== undefined) patch.tier = body.tier;
  if (body.countryBase !== undefined) patch.country_base = body.countryBase;
  if (body.sector !== undefined) patch.sector = json(body.sector);
  if (body.rareContact !== undefined) patch.rare_contact = body.rareContact;
  if (body.supportEmail !== undefined) patch.support_email = normaliseEmail(body.supportEmail);
  if (body.additionalLanguageSupport !== undefined)
    patch.additional_language_support = json(body.additionalLanguageSupport);
  if (body.settings !== undefined || body.countryBase !== undefined) {
    const settings = mergedSettings(org.settings, body.settings);
    if (body.countryBase !== undefined) settings.countryBase = body.countryBase;
    patch.settings = json(settings);
  }
  if (body.referenceLists !== undefined)
    patch.reference_lists = json({ ...org.reference_lists, ...body.referenceLists });
  return toDetails(db, await updateOrganizationRow(db, org.id, patch));
}

/** GET /admin/report/:id */
export async function organizationReport(db: Db, viewer: Viewer): Promise<OrganizationReport> {
  requireOrganizationAdmin(viewer);
  const org = viewer.organization;
  const [users, roles, applications, last] = await Promise.all([
    countUsersByType(db, org.id),
    countRolesByStatus(db, org.id),
    countApplications(db, org.id),
    lastActivity(db, org.id),
  ]);
  const stateTotal = (state: string) => applications.byState.find((s) => s.state === state)?.total ?? 0;
  const byStageId = new Map(applications.byStage.map((s) => [s.stage_id, s.total]));
  const ordered = [...org.stages].sort((a, b) => a.orderIndex - b.orderIndex).map((s) => s.id);
  const others = [...byStageId.keys()].filter((id) => !ordered.includes(id)).sort((a, b) => a - b);
  return {
    organization: { id: org.id, name: org.name, subdomain: org.subdomain },
    users: {
      total: users.reduce((sum, u) => sum + u.total, 0),
      byType: users.map((u) => ({ userType: u.user_type, total: u.total })),
      deactivated: users.reduce((sum, u) => sum + u.deactivated, 0),
    },
    roles: { total: roles.reduce((sum, r) => sum + r.total, 0), byStatus: roles },
    applications: {
      drafts: stateTotal('DRAFT'),
      submitted: stateTotal('SUBMITTED'),
      withdrawn: stateTotal('WITHDRAWN'),
      byStage: [...ordered, ...others].map((stageId) => ({
        stageId,
        name: stageName(org.stages, stageId),
        total: byStageId.get(stageId) ?? 0,
      })),
    },
    lastActivity: last ? last.toISOString() : null,
  };
}

/* Managers. */

function toOrganizationUser(row: ManagerRow): OrganizationUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    userType: row.user_type,
    active: row.deactivated_at === null,
    invitationAccepted: row.password_hash_set,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** GET /organization/:id/users */
export async function organizationUsers(db: Db, viewer: Viewer): Promise<OrganizationUser[]> {
  requireOrganizationAdmin(viewer);
  return (await findManagers(db, viewer.organization.id)).map(toOrganizationUser);
}

/**
 * POST /organization/:id/user/:userId: a manager's type, or deactivation (their sessions end at once and
 * they cannot sign in until reactivated). Nobody changes or deactivates themselves.
 */
export async function updateOrganizationUser(
  db: Db,
  viewer: Viewer,
  userId: string,
  body: OrganizationUserUpdate,
): Promise<OrganizationUser> {
  requireOrganizationAdmin(viewer);
  const organizationId = viewer.organization.id;
  const missing = () => notFound(`No user with id '${userId}' in this organisation.`);
  if (!isUuid(userId)) throw missing();
  const target = await findManager(db, organizationId, userId);
  if (!target) throw missing();
  if (target.id === viewer.user.id) throw forbidden('You cannot change your own type or deactivate yourself.');
  const patch: Parameters<typeof updateManager>[3] = {};
  if (body.userType !== undefined) patch.user_type = body.userType;
  if (body.active !== undefined) patch.deactivated_at = body.active ? null : (target.deactivated_at ?? new Date());
  await updateManager(db, organizationId, userId, patch);
  if (body.active === false) await revokeUserFamilies(db, userId, 'deactivated');
  return toOrganizationUser((await findManager(db, organizationId, userId))!);
}

/* Contacts. */

function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    jobTitle: row.job_title,
    notes: row.notes,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const blankToNull = (value: string | null | undefined): string | null => value?.trim() || null;

function contactValues(body: ContactBody) {
  const problems: FieldError[] = [];
  if (!body.name.trim()) problems.push({ field: 'name', message: 'Enter the contact’s name' });
  const email = blankToNull(body.email);
  if (email) problems.push(...emailProblem('email', email));
  if (problems.length > 0) throw badRequest(THERE_IS_A_PROBLEM, problems);
  return {
    name: body.name.trim(),
    email: email ? normaliseEmail(email) : null,
    phone: blankToNull(body.phone),
    job_title: blankToNull(body.jobTitle),
    notes: blankToNull(body.notes),
  };
}

const noContact = (id: string) => notFound(`No contact with id '${id}' in this organisation.`);

/** GET /organization/:id/contacts */
export async function listContacts(db: Db, viewer: Viewer): Promise<Contact[]> {
  requireHiringSide(viewer);
  return (await findContacts(db, viewer.organization.id)).map(toContact);
}

export async function getContact(db: Db, viewer: Viewer, contactId: string): Promise<Contact> {
  requireHiringSide(viewer);
  const row = isUuid(contactId) ? await findContact(db, viewer.organization.id, contactId) : undefined;
  if (!row) throw noContact(contactId);
  return toContact(row);
}

export async function addContact(db: Db, viewer: Viewer, body: ContactBody): Promise<Contact> {
  requireOrganizationAdmin(viewer);
  return toContact(await insertContact(db, viewer.organization.id, contactValues(body)));
}

export async function updateContact(db: Db, viewer: Viewer, contactId: string, body: ContactBody): Promise<Contact> {
  requireOrganizationAdmin(viewer);
  if (!isUuid(contactId)) throw noContact(contactId);
  const row = await updateContactRow(db, viewer.organization.id, contactId, contactValues(body));
  if (!row) throw noContact(contactId);
  return toContact(row);
}

/** POST /organization/:id/upload/logo/header: the logo, its type found from its content, an SVG sanitised. */
export async function uploadLogo(db: Db, viewer: Viewer, upload: LogoUpload): Promise<OrganizationDetails> {
  requirePlatformAdmin(viewer);
  const logo = checkedLogo(upload);
  await setOrganizationLogo(db, viewer.organization.id, logo);
  return toDetails(db, await updateOrganizationRow(db, viewer.organization.id, {}));
}
