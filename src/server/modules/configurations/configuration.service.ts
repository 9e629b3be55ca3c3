import { organizationChanged } from '../../lib/public-cache';
import { jsonChanges, organizationConfigurationProblems, regionLayer, validateConfiguration } from '#engine';
import type { FieldError } from '#schemas/api';
import type { Configuration } from '#schemas/configuration';
import type {
  ConfigurationDiff,
  ConfigurationHistory,
  ConfigurationSet,
  ConfigurationVersion,
  PublishConfigurationBody,
  RestoreConfigurationBody,
} from '#schemas/studio';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { pointerToField } from '../../lib/schema-errors';
import type { Viewer } from '../../lib/viewer';
import { overProductDefault } from '../forms/form.service';
import {
  currentVersionNumber,
  findVersion,
  findRoleLayers,
  findVersions,
  insertVersion,
  lockCurrent,
  setCurrent,
  type VersionRow,
} from './configuration.repository';

const PROBLEMS = 'The configuration has problems: correct each one to publish it';

/** The configuration as it is now, as a version: the one an organisation starts with has no row until it changes. */
function currentAsVersion(organization: OrganizationRecord, number: number): VersionRow {
  return {
    number,
    note: '',
    author: null,
    restoredFrom: null,
    createdAt: organization.created_at,
    configuration: {
      defaultConfiguration: organization.default_configuration,
      formConfiguration: organization.form_configuration,
      themeConfiguration: organization.theme_configuration,
    },
  };
}

function toVersion(row: VersionRow, current: number): ConfigurationVersion {
  return {
    number: row.number,
    note: row.note,
    author: row.author,
    createdAt: row.createdAt.toISOString(),
    restoredFrom: row.restoredFrom,
    current: row.number === current,
    configuration: row.configuration,
  };
}

/**
 * Every problem of a configuration set (the engine's organizationConfigurationProblems, as the studio runs it), each as
 * an API field error: `field` dotted (`formConfiguration.custom.0.label`) and `params.pointer` the RFC 6901 pointer the
 * studio places it by (`/formConfiguration/custom/0/label`).
 */
function configurationProblems(organization: OrganizationRecord, set: ConfigurationSet): FieldError[] {
  return organizationConfigurationProblems(set, {
    product: overProductDefault(),
    countryBase: organization.country_base,
  }).map((problem) => ({
    field: pointerToField(problem.path),
    message: problem.message,
    params: { pointer: problem.path },
  }));
}

/**
 * The roles a new configuration would break: a role's own layer the engine accepts over the organisation's layers in
 * use but not over the new ones (a custom question it flags taken away, a section it shows left on no step). Each
 * problem is named under the role (`/roles/<id>/formConfiguration/...`, the message starting with its name); a role
 * that has a problem already is not the new configuration's doing and does not stop it.
 */
async function roleProblems(db: Db, organization: OrganizationRecord, set: ConfigurationSet): Promise<FieldError[]> {
  const region = regionLayer(organization.country_base);
  const before = overProductDefault(region, organization.default_configuration, organization.form_configuration);
  const after = overProductDefault(region, set.defaultConfiguration, set.formConfiguration);
  const problems: FieldError[] = [];
  for (const role of await findRoleLayers(db, organization.id)) {
    if (!validateConfiguration(role.formConfiguration, { beneath: before }).valid) continue;
    const check = validateConfiguration(role.formConfiguration, { beneath: after });
    if (check.valid) continue;
    for (const problem of check.problems) {
      const pointer = `/roles/${role.id}/formConfiguration${problem.path === '/' ? '' : problem.path}`;
      problems.push({
        field: pointerToField(pointer),
        message: `Role '${role.name}': ${problem.message}`,
        params: { pointer },
      });
    }
  }
  return problems;
}

async function versionOf(db: Db, organization: OrganizationRecord, number: number): Promise<VersionRow> {
  const found = await findVersion(db, organization.id, number);
  if (found) return found;
  const current = await currentVersionNumber(db, organization.id);
  if (number === current) return currentAsVersion(organization, current);
  throw notFound(`No configuration version ${number} in ${organization.name}.`);
}

/** GET …/configuration */
export async function configurationHistory(db: Db, organization: OrganizationRecord): Promise<ConfigurationHistory> {
  const [rows, current] = await Promise.all([
    findVersions(db, organization.id),
    currentVersionNumber(db, organization.id),
  ]);
  const versions = rows.some((row) => row.number === current)
    ? rows
    : [currentAsVersion(organization, current), ...rows];
  return {
    current,
    configuration: currentAsVersion(organization, current).configuration,
    versions: versions.map((row) => {
      const { configuration: _configuration, ...summary } = toVersion(row, current);
      return summary;
    }),
  };
}

/** GET …/configuration/versions/:number */
export async function configurationVersion(
  db: Db,
  organization: OrganizationRecord,
  number: number,
): Promise<ConfigurationVersion> {
  const row = await versionOf(db, organization, number);
  return toVersion(row, await currentVersionNumber(db, organization.id));
}

/**
 * Publishes a configuration set as the next version: nothing is written unless the engine accepts all of it (422 with
 * every problem), nor when another version was published since `basedOn` (409). The version being replaced is kept
 * first (the organisation's starting configuration has no row until then), so every application started on it can
 * still be submitted against it, and it can be restored.
 */
async function publish(
  db: Db,
  viewer: Viewer,
  organization: OrganizationRecord,
  set: ConfigurationSet,
  options: { note: string; basedOn?: number; restoredFrom?: number },
): Promise<ConfigurationVersion> {
  const problems = configurationProblems(organization, set);
  if (!problems.length) problems.push(...(await roleProblems(db, organization, set)));
  if (problems.length) throw new HttpError(422, PROBLEMS, problems);
  const published = await db.transaction().execute(async (trx) => {
    const current = await lockCurrent(trx, organization.id);
    if (options.basedOn !== undefined && options.basedOn !== current.number)
      throw conflict(
        `Version ${current.number} was published after version ${options.basedOn}, which this edit started from: review it before publishing.`,
      );
    await insertVersion(
      trx,
      organization.id,
      { number: current.number, configuration: current.configuration, note: '', authorId: null },
      { ifAbsent: true },
    );
    const number = current.number + 1;
    await insertVersion(trx, organization.id, {
      number,
      configuration: set,
      note: options.note.trim(),
      authorId: viewer.user.id,
      restoredFrom: options.restoredFrom,
    });
    await setCurrent(trx, organization.id, number, set);
    return number;
  });
  await organizationChanged(db, organization.id);
  return toVersion((await findVersion(db, organization.id, published))!, published);
}

/** POST …/configuration */
export function publishConfiguration(
  db: Db,
  viewer: Viewer,
  organization: OrganizationRecord,
  body: PublishConfigurationBody,
): Promise<ConfigurationVersion> {
  const set: ConfigurationSet = {
    defaultConfiguration: body.defaultConfiguration as Configuration,
    formConfiguration: body.formConfiguration as Configuration,
    themeConfiguration: body.themeConfiguration,
  };
  return publish(db, viewer, organization, set, { note: body.note, basedOn: body.basedOn });
}

/** POST …/configuration/versions/:number/restore: the earlier version, exactly, as a new version. */
export async function restoreConfiguration(
  db: Db,
  viewer: Viewer,
  organization: OrganizationRecord,
  number: number,
  body: RestoreConfigurationBody,
): Promise<ConfigurationVersion> {
  const earlier = await versionOf(db, organization, number);
  const note = body.note?.trim() || `Restored version ${number}`;
  return publish(db, viewer, organization, earlier.configuration, {
    note,
    basedOn: body.basedOn,
    restoredFrom: number,
  });
}

/** GET …/configuration/diff?from&to */
export async function configurationDiff(
  db: Db,
  organization: OrganizationRecord,
  from: number,
  to: number,
): Promise<ConfigurationDiff> {
  const [before, after] = await Promise.all([versionOf(db, organization, from), versionOf(db, organization, to)]);
  return { from, to, changes: jsonChanges(before.configuration, after.configuration) };
}
