import { Type } from 'typebox';
import { DEFAULT_ORGANIZATION_STATUS, ORGANIZATION_STATUSES, literalUnion, OrganizationStatus } from './vocabularies';
import {
  Edition,
  Language,
  ProductType,
  Region,
  Sector,
  SmsSegmentLimit,
  Subdomain,
  Tier,
  ThemeConfiguration,
} from './organization';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PageInfo } from './search';

/*
 * Client organisations for platform admins (issue 15 part A, spec §7 Organization and Data calls):
 * the list, one organisation's metadata, its users, contacts and the reference lists served from its data.
 * The configuration layers (defaultConfiguration, formConfiguration, themeConfiguration) are edited
 * by the configuration studio, not here.
 */

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** GET /api/v1/organization: status (ACTIVE by default), a search term over name and subdomain, paging. */
export const OrganizationListQuery = Type.Object(
  {
    status: Type.Optional(literalUnion(ORGANIZATION_STATUSES, { default: DEFAULT_ORGANIZATION_STATUS })),
    searchTerm: Type.Optional(Type.String({ maxLength: 100 })),
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0 })),
    resultsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
  },
  { additionalProperties: false },
);
export type OrganizationListQuery = Type.Static<typeof OrganizationListQuery>;

/** One row of the platform admin's organisation list. */
const OrganizationListItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  subdomain: Type.String(),
  status: OrganizationStatus,
  edition: Edition,
  productType: ProductType,
  tier: Tier,
  countryBase: Region,
  createdAt: Type.String({ format: 'date-time' }),
});

export const OrganizationPage = Type.Object({ ...PageInfo.properties, content: Type.Array(OrganizationListItem) });
export type OrganizationPage = Type.Static<typeof OrganizationPage>;

/** GET /api/v1/organization/all: every organisation, active or archived, by name (for pickers). */
export const OrganizationChoice = Type.Object({
  id: Type.String(),
  name: Type.String(),
  subdomain: Type.String(),
  status: OrganizationStatus,
});
export type OrganizationChoice = Type.Static<typeof OrganizationChoice>;

/** The reference lists an organisation keeps in its own data (product defaults until it sets its own). */
export const ORGANIZATION_LIST_TYPES = [
  'CLIENTS',
  'SECTOR',
  'LAW_DEPARTMENT',
  'BUSINESS_DEPARTMENT',
  'EMPLOYEE_ROLE',
  'GRADE_LEVEL',
  'TARGET_ROLE',
] as const;
export type OrganizationListType = (typeof ORGANIZATION_LIST_TYPES)[number];
const ListValues = Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 500 });
export const ReferenceLists = Type.Partial(
  Type.Object(
    Object.fromEntries(ORGANIZATION_LIST_TYPES.map((type) => [type, ListValues])) as Record<
      OrganizationListType,
      typeof ListValues
    >,
  ),
  { additionalProperties: false },
);
export type ReferenceLists = Type.Static<typeof ReferenceLists>;

/** The session timeout, tag manager and SMS limit settings an admin sets (the rest of settings is kept as it is). */
const MetadataSettings = Type.Object(
  {
    gtmId: Type.Optional(
      Nullable(Type.String({ pattern: '^GTM-[A-Z0-9]{4,12}$', description: 'a Google Tag Manager id: GTM-XXXX' })),
    ),
    sessionTimeout: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1440, description: 'minutes' }))),
    subdomainRestricted: Type.Optional(Type.Boolean({ description: 'sign-up closed to the public' })),
    /** null goes back to the product's default (DEFAULT_SMS_SEGMENT_LIMIT). */
    smsSegmentLimit: Type.Optional(Nullable(SmsSegmentLimit)),
  },
  { additionalProperties: false },
);

/** An organisation's metadata as GET /api/v1/organization/:id answers it (configuration layers excluded). */
export const OrganizationDetails = Type.Object({
  id: Type.String(),
  name: Type.String(),
  subdomain: Type.String(),
  status: OrganizationStatus,
  productType: ProductType,
  edition: Edition,
  tier: Tier,
  sector: Sector,
  countryBase: Region,
  rareContact: Type.Boolean(),
  supportEmail: Type.String(),
  logoUrl: Type.String(),
  hasLogo: Type.Boolean(),
  themeConfiguration: ThemeConfiguration,
  additionalLanguageSupport: Type.Array(Language),
  settings: Type.Object({
    gtmId: Nullable(Type.String()),
    sessionTimeout: Nullable(Type.Integer()),
    subdomainRestricted: Type.Boolean(),
    /** The organisation's own limit, null for the product's default (DEFAULT_SMS_SEGMENT_LIMIT). */
    smsSegmentLimit: Nullable(Type.Integer()),
  }),
  referenceLists: ReferenceLists,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type OrganizationDetails = Type.Static<typeof OrganizationDetails>;

/** POST /api/v1/organization: a new client organisation, usable at once on <subdomain>.<domain>. */
export const NewOrganizationBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    subdomain: Subdomain,
    edition: Edition,
    productType: ProductType,
    tier: Tier,
    countryBase: Region,
    sector: Sector,
    supportEmail: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
    additionalLanguageSupport: Type.Optional(Type.Array(Language, { maxItems: 20 })),
    settings: Type.Optional(MetadataSettings),
  },
  { additionalProperties: false },
);
export type NewOrganizationBody = Type.Static<typeof NewOrganizationBody>;

/** PUT /api/v1/organization/:id: metadata only; absent fields keep their value. The subdomain never changes. */
export const OrganizationUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    status: Type.Optional(OrganizationStatus),
    edition: Type.Optional(Edition),
    productType: Type.Optional(ProductType),
    tier: Type.Optional(Tier),
    countryBase: Type.Optional(Region),
    sector: Type.Optional(Sector),
    rareContact: Type.Optional(Type.Boolean()),
    supportEmail: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
    additionalLanguageSupport: Type.Optional(Type.Array(Language, { maxItems: 20 })),
    settings: Type.Optional(MetadataSettings),
    referenceLists: Type.Optional(ReferenceLists),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type OrganizationUpdateBody = Type.Static<typeof OrganizationUpdateBody>;

/** The admin report of one organisation (GET /api/v1/admin/report/:id). */
export const OrganizationReport = Type.Object({
  organization: Type.Object({ id: Type.String(), name: Type.String(), subdomain: Type.String() }),
  users: Type.Object({
    total: Type.Integer(),
    byType: Type.Array(Type.Object({ userType: Type.String(), total: Type.Integer() })),
    deactivated: Type.Integer(),
  }),
  roles: Type.Object({
    total: Type.Integer(),
    byStatus: Type.Array(Type.Object({ status: Type.String(), total: Type.Integer() })),
  }),
  applications: Type.Object({
    drafts: Type.Integer(),
    submitted: Type.Integer(),
    withdrawn: Type.Integer(),
    /** Submitted and withdrawn applications by their current stage, in the organisation's stage order. */
    byStage: Type.Array(Type.Object({ stageId: Type.Integer(), name: Type.String(), total: Type.Integer() })),
  }),
  /** The latest change to an application, a stage move or a sign-in; null when nothing happened yet. */
  lastActivity: Nullable(Type.String({ format: 'date-time' })),
});
export type OrganizationReport = Type.Static<typeof OrganizationReport>;

/** A hiring-side user of an organisation, as its admins manage them. */
export const OrganizationUser = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  userType: Type.Union([Type.Literal('HIRING_MANAGER'), Type.Literal('HIRING_MANAGER_ADMIN')]),
  active: Type.Boolean(),
  /** False until the invitation's on-boarding link is used. */
  invitationAccepted: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OrganizationUser = Type.Static<typeof OrganizationUser>;

/** POST /api/v1/organization/:id/user/:userId: change a manager's type, deactivate or reactivate them. */
export const OrganizationUserUpdate = Type.Object(
  {
    userType: Type.Optional(Type.Union([Type.Literal('HIRING_MANAGER'), Type.Literal('HIRING_MANAGER_ADMIN')])),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type OrganizationUserUpdate = Type.Static<typeof OrganizationUserUpdate>;

/** A contact of a client organisation (spec §7 /organization/:id/contacts). */
export const ContactBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))),
    phone: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
    jobTitle: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 4096 }))),
  },
  { additionalProperties: false },
);
export type ContactBody = Type.Static<typeof ContactBody>;

export const Contact = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  jobTitle: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Contact = Type.Static<typeof Contact>;

/** A product module an organisation's configuration can show or hide (GET /api/v1/data/modules). */
export const ProductModule = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('menu'), Type.Literal('hr')]),
  /** Whether the signed-in user's organisation shows it (its `menus` / `hr` flags). */
  enabled: Type.Boolean(),
});
export type ProductModule = Type.Static<typeof ProductModule>;

/** GET /api/v1/data/schoolQualificationTypes: the senior-school qualifications of each region. */
export const SchoolQualificationTypes = Type.Array(
  Type.Object({ region: Region, list: Type.String(), types: Type.Array(Type.String()) }),
);

/** GET /api/v1/data/schoolQualificationGradeSystems: a qualification's grades, best first. */
export const GradeSystem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  regions: Type.Array(Region),
  grades: Type.Array(Type.String()),
});
export type GradeSystem = Type.Static<typeof GradeSystem>;

/** GET /api/public/builder?fileName: a product configuration file the form builder starts from. */
export const BuilderQuery = Type.Object(
  {
    fileName: Type.String({
      pattern: '^(regions/)?[A-Za-z][A-Za-z0-9-]{0,80}(\\.[A-Za-z-]{2,8})?(\\.schema)?\\.json$',
      description: 'default-configuration.json, regions/<REGION>.json, or a configuration JSON Schema',
    }),
  },
  { additionalProperties: false },
);
