import { Readable } from 'node:stream';
import { CONTEXTUAL_EXPORT_COLUMNS, EXPORT_COLUMNS, type ExportBody } from '#schemas/candidate-items';
import type { CandidateSearchFilters } from '#schemas/search';
import type { StageStatus } from '#schemas/vocabularies';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import { noApplication } from '../applications/application-access';
import { roleOf } from '../roles/role.service';
import { matchingApplications } from '../search/candidate-filter';
import type { Viewer } from '../../lib/viewer';
import {
  countUpTo,
  findExportBatch,
  findRoleApplicationIds,
  type ExportCursor,
  type ExportRow,
  type PersonRow,
} from './candidate-items.repository';
import { csvRow } from './csv';
import { FLAG_NAMES, stageName, substageName } from '#engine';
import type { ContextualFlagId } from '#schemas/contextual';
import { visibleEmail } from '../applications/list-field-panel';
import { personName } from './candidate-items.view';

/** The most rows one export answers; a larger selection is refused (400) rather than held in memory. */
const MAX_EXPORT_ROWS = 100_000;
const BATCH = 5_000;
const CHOOSE_SELECTION =
  'Send either ids (the selected candidates) or filters (every candidate matching them), not both';

const STATUS_LABELS: Readonly<Record<string, string>> = {
  PENDING: 'Pending',
  INVITED: 'Invited',
  SCHEDULED: 'Scheduled',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
} satisfies Record<StageStatus, string>;

/** dd/MM/yyyy (spec §9), the UTC day: the same file whatever the server's time zone. */
const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10).split('-').reverse().join('/') : null);
const decimal = (value: string | null) => (value === null ? null : Number(value));

/** A file name from the role's name: letters, digits and dashes only. */
function exportFileName(roleName: string, now: Date): string {
  const slug = roleName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `candidates-${slug || 'role'}-${now.toISOString().slice(0, 10)}.csv`;
}

export interface CsvExport {
  fileName: string;
  rows: number;
  body: Readable;
}

/**
 * POST /candidate/:roleId/export: the role's applications in the selection as CSV, one row
 * each in list order (last change, newest first) under a header row. The selection is either
 * `ids` (every one must be a submitted or withdrawn application of the role, else 404) or
 * `filters` (every application matching them, through the search module's
 * `matchingApplications`, the role taken from the path), less `unselectedIds`. The rows are
 * read in keyset batches while the answer is streamed, so memory stays flat; more than
 * MAX_EXPORT_ROWS is refused up front.
 */
export async function exportCandidates(
  db: Db,
  viewer: Viewer,
  roleId: string,
  body: ExportBody,
  now = new Date(),
): Promise<CsvExport> {
  const organization = viewer.organization;
  const role = await roleOf(db, organization, roleId);
  if ((body.ids === undefined) === (body.filters === undefined))
    throw badRequest(CHOOSE_SELECTION, [{ field: body.ids ? 'filters' : 'ids', message: CHOOSE_SELECTION }]);
  const unselected = body.unselectedIds ?? [];
  let filters: CandidateSearchFilters;
  if (body.ids) {
    const ids = body.ids.map((id) => id.toLowerCase());
    const found = await findRoleApplicationIds(db, organization.id, role.id, ids.filter(isUuid));
    const missing = body.ids.find((id) => !found.has(id.toLowerCase()));
    if (missing !== undefined) throw noApplication(missing);
    filters = { ids, unselectedIds: unselected };
  } else {
    filters = { ...body.filters, unselectedIds: [...(body.filters?.unselectedIds ?? []), ...unselected] };
  }
  const matching = () => matchingApplications(db, organization, { ...filters, roleId: role.id }, now);
  const rows = await countUpTo(db, matching(), MAX_EXPORT_ROWS + 1);
  if (rows > MAX_EXPORT_ROWS) {
    const message = `More than ${MAX_EXPORT_ROWS.toLocaleString('en-GB')} candidates match: narrow the filters and export in parts`;
    throw badRequest(message, [{ field: 'filters', message }]);
  }

  const stages = organization.stages;
  const contextual = organization.edition === 'contextual';
  const contextualCells = (row: ExportRow) =>
    contextual
      ? [
          row.contextual_flags.map((id) => FLAG_NAMES[id as ContextualFlagId] ?? id).join('; '),
          decimal(row.performance_index),
        ]
      : [];
  const line = (row: ExportRow) => {
    const person: PersonRow = {
      id: row.id,
      first_name: row.first_name,
      preferred_name: row.preferred_name,
      last_name: row.last_name,
      email: row.user_email,
      anonymised_at: row.anonymised_at,
    };
    return csvRow([
      personName(person),
      visibleEmail(person),
      role.name,
      row.stage_id === null ? null : stageName(stages, row.stage_id),
      substageName(stages, row.stage_id, row.substage_id),
      row.stage_status ? (STATUS_LABELS[row.stage_status] ?? row.stage_status) : null,
      day(row.applied_at),
      day(row.last_change_at),
      row.university_name,
      row.degree_class,
      decimal(row.average_percent),
      decimal(row.total_score),
      ...contextualCells(row),
    ]);
  };
  async function* lines(): AsyncGenerator<string> {
    // The byte order mark makes Excel read the file as UTF-8 (names with accents, other scripts).
    yield `\uFEFF${csvRow(contextual ? [...EXPORT_COLUMNS, ...CONTEXTUAL_EXPORT_COLUMNS] : EXPORT_COLUMNS)}`;
    let after: ExportCursor | null = null;
    for (;;) {
      const batch = await findExportBatch(matching(), after, BATCH);
      if (batch.length > 0) yield batch.map(line).join('');
      if (batch.length < BATCH) return;
      const last = batch[batch.length - 1]!;
      after = { at: last.cursor_at, id: last.id };
    }
  }
  return { fileName: exportFileName(role.name, now), rows, body: Readable.from(lines(), { objectMode: false }) };
}
