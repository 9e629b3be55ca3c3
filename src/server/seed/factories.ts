import { randomUUID } from 'node:crypto';
import type { OrganizationFile, UserType } from '#schemas/organization';
import type { RoleFile } from '#schemas/role';
import { hashPassword } from '../lib/password';
import { insertOrganization } from '../modules/organizations/organization.repository';
import { insertRole, type RoleRecord } from '../modules/roles/role.repository';
import { insertUser } from '../modules/user-store/user.repository';
import { organizationStages } from '../modules/stages/stage-catalogue';
import type { Db } from '../db/client';
import { json } from '../db/json';
import type { NewOrganizationRow, NewRoleRow, NewUserRow, UserRow, OrganizationRecord } from '../db/types';

/*
 * Row builders shared by the demo seed and by tests: one place knows how an organisation or a
 * user becomes a row, and tests get valid rows by naming only what they care about.
 */

/** Everything of an organisation file except its demo users; the logo as bytes. */
export type OrganizationInput = Omit<OrganizationFile, 'logo' | 'demoUsers'> & {
  logo?: { bytes: Uint8Array; contentType: string } | null;
};

export function organizationRow(input: OrganizationInput): NewOrganizationRow {
  return {
    subdomain: input.subdomain,
    name: input.name,
    product_type: input.productType,
    edition: input.edition,
    tier: input.tier,
    sector: json(input.sector),
    country_base: input.countryBase,
    rare_contact: input.rareContact,
    support_email: input.supportEmail,
    theme_configuration: json(input.themeConfiguration),
    default_configuration: json(input.defaultConfiguration),
    form_configuration: json(input.formConfiguration),
    settings: json(input.settings),
    additional_language_support: json(input.additionalLanguageSupport),
    stages: json(organizationStages(input.stages)),
    logo: input.logo?.bytes ?? null,
    logo_content_type: input.logo?.contentType ?? null,
  };
}

/** A complete, valid organisation; `overrides` replace whole top-level fields. */
function buildOrganizationInput(overrides: Partial<OrganizationInput> = {}): OrganizationInput {
  const subdomain = overrides.subdomain ?? `org-${randomUUID().slice(0, 8)}`;
  return {
    subdomain,
    name: `Organisation ${subdomain}`,
    productType: 'ATS',
    edition: 'ats',
    tier: 'Tier 1',
    sector: { id: 1, name: 'General' },
    countryBase: 'UK',
    rareContact: false,
    supportEmail: `support@${subdomain}.example`,
    themeConfiguration: { logoWidth: 150, logoMargin: '8px 0', headerBGcolour: '#1d3557', secondary: '#b42318' },
    additionalLanguageSupport: [],
    settings: {},
    defaultConfiguration: {},
    formConfiguration: {},
    stages: [1, 3, 11, 14, 16],
    logo: null,
    ...overrides,
  };
}

export function createOrganization(db: Db, overrides: Partial<OrganizationInput> = {}): Promise<OrganizationRecord> {
  return insertOrganization(db, organizationRow(buildOrganizationInput(overrides)));
}

export interface UserInput {
  organizationId: string | null;
  email: string;
  /** Hashed here; leave out (or pass passwordHash) to keep tests fast. */
  password?: string;
  passwordHash?: string | null;
  userType: UserType;
  firstName?: string | null;
  lastName?: string | null;
  emailVerified?: boolean;
}

export async function userRow(input: UserInput): Promise<NewUserRow> {
  const passwordHash = input.password !== undefined ? await hashPassword(input.password) : (input.passwordHash ?? null);
  return {
    // Platform admins manage every organisation and belong to none.
    organization_id: input.userType === 'ADMIN' ? null : input.organizationId,
    email: input.email,
    password_hash: passwordHash,
    user_type: input.userType,
    first_name: input.firstName ?? null,
    last_name: input.lastName ?? null,
    email_verified_at: input.emailVerified === false ? null : new Date(),
  };
}

export async function createUser(
  db: Db,
  overrides: Partial<UserInput> & { organizationId: string | null },
): Promise<UserRow> {
  const input: UserInput = {
    email: `user-${randomUUID().slice(0, 8)}@example.test`,
    userType: 'CANDIDATE',
    firstName: 'Test',
    lastName: 'User',
    ...overrides,
  };
  return insertUser(db, await userRow(input));
}

/** A demo role file entry (configs/organizations/<sub>/roles.json) or a test's role. */
export type RoleInput = RoleFile;

/** A role row; the deadline is 23:59 UTC `deadlineInDays` from `now` (a seeded role keeps its first deadline). */
export function roleRow(organizationId: string, input: RoleInput, now: Date = new Date()): NewRoleRow {
  const deadline = new Date(now.getTime() + input.deadlineInDays * 86_400_000);
  deadline.setUTCHours(23, 59, 0, 0);
  return {
    organization_id: organizationId,
    reference: input.reference,
    name: input.name,
    summary: input.summary,
    description: json(input.description),
    role_type: input.roleType,
    role_level: input.roleLevel,
    department: input.department,
    location: input.location,
    work_type: input.workType,
    employment_type: input.employmentType,
    salary: input.salary ?? null,
    status: input.status ?? 'ACTIVE',
    start_date: input.startDate ?? null,
    deadline,
    form_configuration: json(input.formConfiguration ?? {}),
    json_configurations: json(input.jsonConfigurations ?? {}),
    settings: json(input.settings ?? {}),
    template: json(input.template),
  };
}

/** A complete, valid open role; `overrides` replace whole fields. */
function buildRoleInput(overrides: Partial<RoleInput> = {}): RoleInput {
  return {
    reference: `role-${randomUUID().slice(0, 8)}`,
    name: 'Test Graduate Role',
    summary: 'A role for tests.',
    description: ['What the role is about.'],
    roleType: 'Graduate programme',
    roleLevel: 'Entry level',
    department: 'Testing',
    location: 'London',
    workType: 'Hybrid',
    employmentType: 'Permanent',
    deadlineInDays: 30,
    template: { viewConfiguration: { listFields: [{ id: 'firstName', candidateResponse: false }] } },
    ...overrides,
  };
}

export function createRole(db: Db, organizationId: string, overrides: Partial<RoleInput> = {}): Promise<RoleRecord> {
  return insertRole(db, roleRow(organizationId, buildRoleInput(overrides)));
}
