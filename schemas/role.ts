import { Type } from 'typebox';
import { Configuration } from './configuration';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PageInfo } from './search';
import { DEFAULT_ROLE_STATUS, ROLE_STATUSES, RoleStatus, literalUnion } from './vocabularies';

/* Roles (spec §3 Role) and the public role calls (spec §7 Public: POST /:orgId/roles, GET /:a/roles/:b). */

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Attribute = Type.String({ minLength: 1, maxLength: 120 });

/** Spec §3 Other enumerations: work types. */
export const WORK_TYPES = ['On-site', 'Remote', 'Hybrid'] as const;
export const WorkType = literalUnion(WORK_TYPES);
export type WorkType = Type.Static<typeof WorkType>;

/** Role statuses are one of the vocabularies (schemas/vocabularies.ts). */
export { RoleStatus };

/** template.viewConfiguration.listFields: what the hiring side's candidate panel shows (spec §3). */
const ListFieldEntry = Type.Object(
  { id: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$' }), candidateResponse: Type.Boolean() },
  { additionalProperties: false },
);
export const RoleTemplate = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 255 })),
    viewConfiguration: Type.Object(
      { listFields: Type.Array(ListFieldEntry, { maxItems: 100 }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type RoleTemplate = Type.Static<typeof RoleTemplate>;

/**
 * Spec §4 save rules a role can switch on: doNotSave skips saving each step; overload skips it
 * unless the step carries files. Either way the answers are sent once, before submit.
 */
export const RoleSettings = Type.Object(
  { doNotSave: Type.Optional(Type.Boolean()), overload: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type RoleSettings = Type.Static<typeof RoleSettings>;

/** A role as the list shows it. */
export const RoleSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  summary: Type.String(),
  roleType: Type.String(),
  roleLevel: Type.String(),
  department: Type.String(),
  location: Type.String(),
  workType: WorkType,
  employmentType: Type.String(),
  salary: Nullable(Type.String()),
  startDate: Nullable(Type.String({ format: 'date' })),
  deadline: Nullable(Type.String({ format: 'date-time' })),
  /** The deadline has passed: shown, but no longer open to applications. */
  closed: Type.Boolean(),
});
export type RoleSummary = Type.Static<typeof RoleSummary>;

/** One role with what the application form needs (its configuration layers). */
export const Role = Type.Object({
  ...RoleSummary.properties,
  description: Type.Array(Type.String(), { description: 'paragraphs' }),
  status: RoleStatus,
  organization: Type.Object({ id: Type.String(), subdomain: Type.String(), name: Type.String() }),
  formConfiguration: Configuration,
  jsonConfigurations: Type.Record(Type.String(), Configuration, { description: 'language layers by language code' }),
  settings: RoleSettings,
  /** Only for the hiring side (preview). */
  template: Type.Optional(RoleTemplate),
});
export type Role = Type.Static<typeof Role>;

/** POST /api/public/:orgId/roles body: every filter optional, values within a filter are alternatives. */
export const RoleFilters = Type.Object(
  {
    roleTypes: Type.Optional(Type.Array(Attribute, { maxItems: 50 })),
    roleLevels: Type.Optional(Type.Array(Attribute, { maxItems: 50 })),
    departments: Type.Optional(Type.Array(Attribute, { maxItems: 50 })),
    locations: Type.Optional(Type.Array(Attribute, { maxItems: 50 })),
    workTypes: Type.Optional(Type.Array(WorkType, { maxItems: 3 })),
    searchTerm: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type RoleFilters = Type.Static<typeof RoleFilters>;

/** How many roles a page of the careers site lists unless asked for more. */
export const PUBLIC_ROLES_PAGE_SIZE = 10;

export const RolePageQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0 })),
    resultsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: PUBLIC_ROLES_PAGE_SIZE })),
  },
  { additionalProperties: false },
);
export type RolePageQuery = Type.Static<typeof RolePageQuery>;

export const RolePage = Type.Object({ ...PageInfo.properties, content: Type.Array(RoleSummary) });
export type RolePage = Type.Static<typeof RolePage>;

/** GET /api/public/organization/:orgId/{departments,locations,roleTypes,roleLevels}: the filter options. */
export const ROLE_ATTRIBUTES = ['departments', 'locations', 'roleTypes', 'roleLevels'] as const;
export type RoleAttribute = (typeof ROLE_ATTRIBUTES)[number];

/** An organisation's id or subdomain, as the public calls take it. */
export const OrganizationKey = Type.String({
  pattern: '^([a-z][a-z0-9-]{1,40}|[0-9a-fA-F-]{36})$',
  description: 'organisation id or subdomain',
});

/** One demo role in configs/organizations/<sub>/roles.json (seeded when absent). */
export const RoleFile = Type.Object(
  {
    reference: Type.String({
      pattern: '^[a-z0-9][a-z0-9-]{1,80}$',
      description: 'stable key: the seed adds a role only when its reference is new',
    }),
    name: Type.String({ minLength: 1, maxLength: 255 }),
    summary: Type.String({ minLength: 1, maxLength: 500 }),
    description: Type.Array(Type.String({ minLength: 1, maxLength: 4096 }), { minItems: 1 }),
    roleType: Attribute,
    roleLevel: Attribute,
    department: Attribute,
    location: Attribute,
    workType: WorkType,
    employmentType: Attribute,
    salary: Type.Optional(Type.String({ maxLength: 120 })),
    status: Type.Optional(RoleStatus),
    /** Days from the first seed to the deadline; negative for a role that has already closed. */
    deadlineInDays: Type.Integer({ minimum: -365, maximum: 730 }),
    startDate: Type.Optional(Type.String({ format: 'date' })),
    formConfiguration: Type.Optional(Configuration),
    jsonConfigurations: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' }), Configuration),
    ),
    settings: Type.Optional(RoleSettings),
    template: RoleTemplate,
  },
  { additionalProperties: false },
);
export type RoleFile = Type.Static<typeof RoleFile>;

/** configs/organizations/<sub>/roles.json: the demo roles of an organisation ("$schema" is set aside on reading). */
export const RolesFile = Type.Object({ roles: Type.Array(RoleFile) }, { additionalProperties: false });
export type RolesFile = Type.Static<typeof RolesFile>;

/* Roles for managers (issue 6): GET /api/v1/roles, POST /roles, PUT /role/:roleId, archive and restore. */

/** GET /api/v1/roles query: status (spec §3: ACTIVE by default, archived, or the Preset templates), a search term,
 * paging. */
export const ManagerRoleQuery = Type.Object(
  {
    status: Type.Optional(literalUnion(ROLE_STATUSES, { default: DEFAULT_ROLE_STATUS })),
    searchTerm: Type.Optional(Type.String({ maxLength: 100 })),
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0 })),
    resultsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
  },
  { additionalProperties: false },
);
export type ManagerRoleQuery = Type.Static<typeof ManagerRoleQuery>;

/** How many of a role's applications (submitted or withdrawn, never drafts) sit in one stage. */
const RoleStageCount = Type.Object({ stageId: Type.Integer(), total: Type.Integer({ minimum: 0 }) });

/** One row of the hiring side's role list. */
export const ManagerRole = Type.Object({
  id: Type.String(),
  name: Type.String(),
  roleType: Type.String(),
  roleLevel: Type.String(),
  department: Type.String(),
  location: Type.String(),
  status: RoleStatus,
  deadline: Nullable(Type.String({ format: 'date-time' })),
  closed: Type.Boolean(),
  /** Submitted and withdrawn applications (drafts are not in the pipeline). */
  applications: Type.Integer({ minimum: 0 }),
  /** Every stage of the organisation's pipeline in order (0 when empty), then any other stage holding applications. */
  stages: Type.Array(RoleStageCount),
});
export type ManagerRole = Type.Static<typeof ManagerRole>;

export const ManagerRolePage = Type.Object({ ...PageInfo.properties, content: Type.Array(ManagerRole) });
export type ManagerRolePage = Type.Static<typeof ManagerRolePage>;

/** POST /api/v1/roles: a new active role from one of the organisation's Preset templates. */
export const NewRoleBody = Type.Object(
  { templateId: Type.String({ minLength: 1, maxLength: 64 }), name: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);
export type NewRoleBody = Type.Static<typeof NewRoleBody>;

/**
 * PUT /api/v1/role/:roleId: what a manager edits; absent fields keep their value, a null deadline
 * clears it. formConfiguration is checked by the engine (validateConfiguration), so the body only
 * requires an object here and the 400 names each problem by its path.
 */
export const RoleUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    summary: Type.Optional(Type.String({ maxLength: 500 })),
    deadline: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
    formConfiguration: Type.Optional(
      Type.Object({}, { additionalProperties: true, description: 'a configuration layer (checked by the engine)' }),
    ),
    template: Type.Optional(RoleTemplate),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type RoleUpdateBody = Type.Static<typeof RoleUpdateBody>;
