import { randomUUID } from 'node:crypto';
import type { PipelinePosition } from '#engine';
import type { Db } from '../../db/client';
import { json } from '../../db/json';
import type { ApplicationRow, NewApplicationRow, OrganizationRecord } from '../../db/types';
import { searchColumns } from '../applications/search-columns';
import type { RoleRecord } from '../roles/role.repository';
import { refreshCandidateStatuses } from '../profiles/candidate-status.service';
import { insertStageHistory } from '../applications/application.repository';
import { copyDocuments, findDocumentIds, insertApplications } from './move.repository';

/** File answers name their document ({ id, name, … }): copies name the copied document. */
function remapFileAnswers(
  answers: Record<string, unknown>,
  documents: ReadonlyMap<string, string>,
): Record<string, unknown> {
  if (documents.size === 0) return answers;
  return Object.fromEntries(
    Object.entries(answers).map(([key, value]) => {
      const id =
        value && typeof value === 'object' && !Array.isArray(value) ? (value as { id?: unknown }).id : undefined;
      return [
        key,
        typeof id === 'string' && documents.has(id) ? { ...(value as object), id: documents.get(id) } : value,
      ];
    }),
  );
}

export interface Clone {
  id: string;
  sourceId: string;
  userId: string;
}

/**
 * New applications of the same candidates on `role` (copy and fast-track, decision 0014): the
 * answers and documents copied (file answers pointing at the copies), submitted, at `to`, with a
 * history entry of `kind` each. A candidate who already has an application for the role is left
 * out (one application per candidate and role). In the caller's transaction; the clones made.
 */
export async function cloneApplications(
  trx: Db,
  organization: OrganizationRecord,
  sources: readonly ApplicationRow[],
  role: RoleRecord,
  to: PipelinePosition,
  kind: 'COPY' | 'FAST_TRACK',
  actorId: string | null,
): Promise<Clone[]> {
  const now = new Date();
  const documents = await findDocumentIds(
    trx,
    organization.id,
    sources.map((s) => s.id),
  );
  const plans = sources.map((source) => {
    const copies = new Map(documents.filter((d) => d.application_id === source.id).map((d) => [d.id, randomUUID()]));
    const answers = remapFileAnswers(source.answers, copies);
    const row: NewApplicationRow = {
      id: randomUUID(),
      organization_id: organization.id,
      role_id: role.id,
      user_id: source.user_id,
      step: source.step,
      max_steps: source.max_steps,
      completed_steps: json(source.completed_steps),
      answers: json(answers),
      candidate_status: 'ACTIVE',
      state: 'SUBMITTED',
      stage_id: to.stageId,
      substage_id: to.substageId,
      stage_status: to.stageStatus,
      source: source.source,
      applied_at: now,
      last_change_at: now,
      ...searchColumns(answers, role),
    };
    return { source, row, copies };
  });
  const inserted = new Set(
    (
      await insertApplications(
        trx,
        plans.map((p) => p.row),
      )
    ).map((r) => r.id),
  );
  const made = plans.filter((p) => inserted.has(p.row.id!));
  await copyDocuments(
    trx,
    organization.id,
    made.flatMap((p) => [...p.copies].map(([oldId, newId]) => ({ oldId, newId, applicationId: p.row.id! }))),
  );
  await insertStageHistory(
    trx,
    made.map((p) => ({
      organizationId: organization.id,
      applicationId: p.row.id!,
      actorId,
      kind,
      from: { stageId: null, substageId: null, stageStatus: null },
      to,
    })),
  );
  await refreshCandidateStatuses(
    trx,
    organization,
    made.map((p) => p.source.user_id),
  );
  return made.map((p) => ({ id: p.row.id!, sourceId: p.source.id, userId: p.source.user_id }));
}
