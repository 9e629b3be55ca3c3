import { readFile } from 'node:fs/promises';
import path from 'node:path';
import organizationLists from '#configs/reference-data/organization-lists.json' with { type: 'json' };
import gradeSystems from '#configs/reference-data/school-grade-systems.json' with { type: 'json' };
import {
  displayName,
  hasRole,
  HR_FEATURES,
  isListType,
  isVisible,
  listOptions,
  mergeConfigurations,
  MENUS,
  regionLayer,
} from '#engine';
import {
  ORGANIZATION_LIST_TYPES,
  type GradeSystem,
  type OrganizationListType,
  type ProductModule,
} from '#schemas/organization-admin';
import { REGIONS, type Region } from '#schemas/organization';
import type { ReferenceItem } from '#schemas/reference-data';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import type { Viewer } from '../../lib/viewer';
import { CONFIG_DIR } from '../../paths';
import { findActiveManagers } from './organization-admin.repository';

/* Spec §7 Data calls answered from an organisation's data and the product's reference files (issue 15 part A). */

const PRODUCT_LISTS: Record<OrganizationListType, readonly string[]> = organizationLists;
const GRADE_SYSTEMS = gradeSystems as GradeSystem[];
const USER_LIST_LIMIT = 500;
const EMAIL_SEARCH_LIMIT = 20;

const isOrganizationListType = (type: string): type is OrganizationListType =>
  (ORGANIZATION_LIST_TYPES as readonly string[]).includes(type);

const DATA_TYPES = [...ORGANIZATION_LIST_TYPES, 'USERS', 'USERS_NO_ADMIN', 'ORGANIZATION_EMAIL'].sort();

/**
 * GET /organization/:id/data/:type (hiring side of the organisation, platform admins): the organisation's own
 * list where it keeps one (else the product's), its hiring managers (USERS, USERS_NO_ADMIN: Standard only), or
 * their addresses matching `search` (ORGANIZATION_EMAIL). SECTOR items carry the sector id an organisation's
 * `sector` names.
 */
export async function organizationData(
  db: Db,
  viewer: Viewer,
  type: string,
  search: string | undefined,
): Promise<ReferenceItem[]> {
  if (!hasRole(viewer.user.user_type, 'HIRING_MANAGER')) throw forbidden('Only the hiring side can see this.');
  const org = viewer.organization;
  if (isOrganizationListType(type)) {
    const values = org.reference_lists[type] ?? PRODUCT_LISTS[type];
    return values.map((value, index) => ({ id: type === 'SECTOR' ? String(index + 1) : value, value }));
  }
  if (type === 'USERS' || type === 'USERS_NO_ADMIN') {
    const users = await findActiveManagers(db, org.id, { adminsToo: type === 'USERS', limit: USER_LIST_LIMIT });
    return users.map((u) => ({
      id: u.id,
      value: displayName({ firstName: u.first_name, lastName: u.last_name, email: u.email }),
    }));
  }
  if (type === 'ORGANIZATION_EMAIL') {
    const users = await findActiveManagers(db, org.id, { adminsToo: true, search, limit: EMAIL_SEARCH_LIMIT });
    return users.map((u) => ({ id: u.id, value: u.email }));
  }
  throw badRequest(`There is no organisation list '${type}'`, [
    { field: 'type', message: `Choose one of: ${DATA_TYPES.join(', ')}` },
  ]);
}

/** GET /data/modules: every menu and hiring-side feature, and whether the organisation's configuration shows it. */
export function productModules(org: OrganizationRecord): ProductModule[] {
  const configuration = mergeConfigurations(org.default_configuration, org.form_configuration);
  return [
    ...MENUS.map((id) => ({ id, kind: 'menu' as const, enabled: isVisible(configuration, 'menus', id) })),
    ...HR_FEATURES.map((id) => ({ id, kind: 'hr' as const, enabled: isVisible(configuration, 'hr', id) })),
  ];
}

const regionsFirst = (own: Region): Region[] => [own, ...REGIONS.filter((r) => r !== own)];

/** GET /data/schoolQualificationTypes: each region's senior-school qualification list (its region layer's). */
export function schoolQualificationTypes(org: OrganizationRecord) {
  return regionsFirst(org.country_base).map((region) => {
    const list = regionLayer(region).lists?.sixthFormQualificationType ?? 'QUALIFICATION_TYPE';
    return { region, list, types: isListType(list) ? [...listOptions(list)] : [] };
  });
}

/** GET /data/schoolQualificationGradeSystems: grade systems, those of the organisation's region first. */
export function schoolQualificationGradeSystems(org: OrganizationRecord): GradeSystem[] {
  const own = (system: GradeSystem) => Number(!system.regions.includes(org.country_base));
  return [...GRADE_SYSTEMS].sort((a, b) => own(a) - own(b));
}

/** The files GET /public/builder serves, by name: the product's default layer, region layers, the JSON Schemas. */
function builderPath(fileName: string): string | null {
  if (fileName === 'default-configuration.json') return path.join(CONFIG_DIR, fileName);
  const region = /^regions\/([A-Z]+)\.json$/.exec(fileName)?.[1];
  if (region && (REGIONS as readonly string[]).includes(region))
    return path.join(CONFIG_DIR, 'regions', `${region}.json`);
  if (['configuration.schema.json', 'organization.schema.json', 'roles.schema.json'].includes(fileName))
    return path.join(CONFIG_DIR, 'schemas', fileName);
  return null;
}

/** GET /public/builder?fileName: a product configuration file for the form builder, parsed, without its $schema key. */
export async function builderFile(fileName: string): Promise<Record<string, unknown>> {
  const file = builderPath(fileName);
  if (!file)
    throw notFound(
      `No builder file '${fileName}'. Ask for default-configuration.json, regions/<${REGIONS.join('|')}>.json or configuration.schema.json.`,
    );
  const parsed = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  if (fileName.endsWith('.schema.json')) return parsed;
  const { $schema: _schema, ...rest } = parsed;
  return rest;
}
