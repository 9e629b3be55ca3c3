import {
  validateConfiguration,
  listFieldProblems,
  mergeConfigurations,
  regionLayer,
  pageInfo,
  DEFAULT_PAGE_SIZE,
  type ConfigurationProblem,
} from '#engine';
import type { FieldError } from '#schemas/api';
import type { Configuration } from '#schemas/configuration';
import type {
  ManagerRole,
  ManagerRolePage,
  ManagerRoleQuery,
  NewRoleBody,
  Role,
  RoleStatus,
  RoleTemplate,
  RoleUpdateBody,
} from '#schemas/role';
import { DEFAULT_ROLE_STATUS } from '#schemas/vocabularies';
import type { Db } from '../../db/client';
import { json } from '../../db/json';
import type { OrganizationRecord } from '../../db/types';
import { badRequest } from '../../lib/http-error';
import { pointerToField } from '../../lib/schema-errors';
import { overProductDefault } from '../forms/form.service';
import {
  countApplicationsByRoleAndStage,
  findManagerRolePage,
  insertRole,
  updateRoleRow,
  type RoleRecord,
} from './role.repository';
import { isClosed, noRole, roleOf, toRole } from './role.service';

const ROLE_CONFIGURATION_PROBLEMS = "The role's configuration has problems";

/** A role name as typed, trimmed; 400 naming the field when only spaces are left. */
function roleName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed)
    throw badRequest('Enter a name for the role.', [{ field: 'name', message: 'Enter a name for the role' }]);
  return trimmed;
}

/** The stage counts of a role: the organisation's stages in pipeline order (0 when empty), then any other stage holding
 * applications. */
function stageCounts(organization: OrganizationRecord, counts: ReadonlyMap<number, number>): ManagerRole['stages'] {
  const ordered = [...organization.stages].sort((a, b) => a.orderIndex - b.orderIndex).map((stage) => stage.id);
  const known = new Set(ordered);
  const others = [...counts.keys()].filter((id) => !known.has(id)).sort((a, b) => a - b);
  return [...ordered, ...others].map((stageId) => ({ stageId, total: counts.get(stageId) ?? 0 }));
}

function toManagerRole(
  role: RoleRecord,
  organization: OrganizationRecord,
  counts: ReadonlyMap<number, number>,
  applications: number,
  now: Date,
): ManagerRole {
  return {
    id: role.id,
    name: role.name,
    roleType: role.role_type,
    roleLevel: role.role_level,
    department: role.department,
    location: role.location,
    status: role.status,
    deadline: role.deadline?.toISOString() ?? null,
    closed: isClosed(role, now),
    applications,
    stages: stageCounts(organization, counts),
  };
}

/** GET /api/v1/roles: a page of the organisation's roles in one status with their applications per stage (one grouped
 * count for the page). */
export async function managerRolePage(
  db: Db,
  organization: OrganizationRecord,
  query: ManagerRoleQuery,
  now: Date = new Date(),
): Promise<ManagerRolePage> {
  const { status = DEFAULT_ROLE_STATUS, searchTerm, page = 0, resultsPerPage = DEFAULT_PAGE_SIZE } = query;
  const { rows, total } = await findManagerRolePage(
    db,
    organization.id,
    { status, searchTerm },
    { offset: page * resultsPerPage, limit: resultsPerPage, now },
  );
  const counts = await countApplicationsByRoleAndStage(
    db,
    organization.id,
    rows.map((row) => row.id),
  );
  const byRole = new Map<string, Map<number, number>>();
  const applications = new Map<string, number>();
  for (const { roleId, stageId, total: n } of counts) {
    applications.set(roleId, (applications.get(roleId) ?? 0) + n);
    if (stageId === null) continue;
    const stages = byRole.get(roleId) ?? new Map<number, number>();
    stages.set(stageId, n);
    byRole.set(roleId, stages);
  }
  const content = rows.map((row) =>
    toManagerRole(row, organization, byRole.get(row.id) ?? new Map(), applications.get(row.id) ?? 0, now),
  );
  return { ...pageInfo(page, resultsPerPage, total, rows.length), content };
}

/**
 * POST /api/v1/roles: a new active role copied from one of the organisation's roles: a template (status PRESET) or a
 * copy of an active or archived role (decision 0053). Applications are never copied.
 */
export async function createRoleFromTemplate(
  db: Db,
  organization: OrganizationRecord,
  body: NewRoleBody,
): Promise<Role> {
  const name = roleName(body.name);
  const template = await roleOf(db, organization, body.templateId);
  const created = await insertRole(db, {
    organization_id: organization.id,
    reference: null,
    name,
    summary: template.summary,
    description: json(template.description),
    role_type: template.role_type,
    role_level: template.role_level,
    department: template.department,
    location: template.location,
    work_type: template.work_type,
    employment_type: template.employment_type,
    salary: template.salary,
    status: 'ACTIVE',
    start_date: template.start_date,
    // A template's deadline means nothing for a new role: it stays open until a manager sets one.
    deadline: null,
    form_configuration: json(template.form_configuration),
    json_configurations: json(template.json_configurations),
    settings: json(template.settings),
    template: json(template.template),
  });
  return toRole(created, organization, new Date(), 'hiring');
}

/**
 * What is wrong with a role's configuration: its form layer and language layers by the engine's
 * validateConfiguration over the layers beneath them (product default, region and the organisation's, whose custom
 * questions are known), and listFields that name no question of the form. Each problem names its path.
 */
function roleConfigurationProblems(
  organization: OrganizationRecord,
  formConfiguration: unknown,
  languageLayers: Readonly<Record<string, Configuration>>,
  template: RoleTemplate,
): FieldError[] {
  const problems: FieldError[] = [];
  const beneath = overProductDefault(
    regionLayer(organization.country_base),
    organization.default_configuration,
    organization.form_configuration,
  );
  const form = validateConfiguration(formConfiguration, { beneath });
  const under = (root: string, found: readonly ConfigurationProblem[]) =>
    found.map((p) => ({ field: pointerToField(p.path, root), message: p.message }));
  if (!form.valid) problems.push(...under('formConfiguration', form.problems));
  else {
    const withRole = mergeConfigurations(beneath, form.configuration);
    for (const [language, layer] of Object.entries(languageLayers)) {
      const check = validateConfiguration(layer, { beneath: withRole });
      if (!check.valid) problems.push(...under(`jsonConfigurations.${language}`, check.problems));
    }
  }
  const customIds = [...(beneath.custom ?? []), ...(form.valid ? (form.configuration.custom ?? []) : [])];
  problems.push(
    ...under(
      'template',
      listFieldProblems(
        template.viewConfiguration.listFields,
        customIds.map((q) => q.id),
      ),
    ),
  );
  return problems;
}

/**
 * PUT /api/v1/role/:roleId: name, summary, deadline, form configuration and template. Nothing is
 * written unless the whole configuration passes (400 naming each problem by its path). The `hr`
 * part of a form configuration, which role answers never show, is kept when the edit leaves it out.
 */
export async function updateRole(
  db: Db,
  organization: OrganizationRecord,
  roleId: string,
  body: RoleUpdateBody,
): Promise<Role> {
  const role = await roleOf(db, organization, roleId);
  const name = body.name === undefined ? undefined : roleName(body.name);
  let formConfiguration: Configuration = role.form_configuration;
  if (body.formConfiguration) {
    const edited = body.formConfiguration as Configuration;
    formConfiguration =
      edited.hr === undefined && role.form_configuration.hr !== undefined
        ? { ...edited, hr: role.form_configuration.hr }
        : edited;
  }
  const template = body.template ?? role.template;
  if (body.formConfiguration || body.template) {
    const problems = roleConfigurationProblems(organization, formConfiguration, role.json_configurations, template);
    if (problems.length > 0) throw badRequest(ROLE_CONFIGURATION_PROBLEMS, problems);
  }
  const updated = await updateRoleRow(db, organization.id, role.id, {
    ...(name !== undefined && { name }),
    ...(body.summary !== undefined && { summary: body.summary.trim() }),
    ...(body.deadline !== undefined && { deadline: body.deadline === null ? null : new Date(body.deadline) }),
    ...(body.formConfiguration && { form_configuration: json(formConfiguration) }),
    ...(body.template && { template: json(body.template) }),
  });
  if (!updated) throw noRole(roleId);
  return toRole(updated, organization, new Date(), 'hiring');
}

/** POST /role/:roleId/archive and /restore: ACTIVE ⇄ ARCHIVED (repeating either is harmless); templates stay templates.
 * */
export async function setRoleStatus(
  db: Db,
  organization: OrganizationRecord,
  roleId: string,
  status: Exclude<RoleStatus, 'PRESET'>,
): Promise<Role> {
  const role = await roleOf(db, organization, roleId);
  if (role.status === 'PRESET') {
    throw badRequest(
      status === 'ARCHIVED' ? 'A role template cannot be archived.' : 'A role template is not archived.',
    );
  }
  if (role.status === status) return toRole(role, organization, new Date(), 'hiring');
  const updated = await updateRoleRow(db, organization.id, role.id, { status });
  if (!updated) throw noRole(roleId);
  return toRole(updated, organization, new Date(), 'hiring');
}
