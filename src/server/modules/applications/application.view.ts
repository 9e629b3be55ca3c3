import { compiledChecks, stageName, isHiringManager, sectionProgress, type CompiledForm } from '#engine';
import type { ApplicationListItem, ApplicationRecord as ApplicationView, DocumentRef } from '#schemas/application';
import type { DocumentMeta } from '../document-store/document.repository';
import { isClosed } from '../roles/role.service';
import type { Viewer } from '../../lib/viewer';
import type { ApplicationRecord, findCandidateApplications } from './application.repository';
import { candidateProgress } from '../profiles/candidate-progress';

export function toDocumentRef(document: DocumentMeta): DocumentRef {
  return {
    id: document.id,
    name: document.file_name,
    size: document.size,
    contentType: document.content_type,
    fieldId: document.field_id,
    createdAt: document.created_at.toISOString(),
  };
}

/** The application record as the API shows it; the pipeline stage only to the hiring side. */
export function toApplicationView(
  application: ApplicationRecord,
  role: { id: string; name: string },
  documents: readonly DocumentMeta[],
  viewer: Viewer,
): ApplicationView {
  const stageId = application.stage_id;
  const stage =
    stageId !== null && isHiringManager(viewer.user.user_type)
      ? { id: stageId, name: stageName(viewer.organization.stages, stageId), substageId: application.substage_id }
      : null;
  return {
    id: application.id,
    step: application.step,
    maxSteps: application.max_steps,
    candidateStatus: application.candidate_status,
    state: application.state,
    progress: candidateProgress(application.state, stageId),
    version: application.version,
    createdAt: application.created_at.toISOString(),
    updatedAt: application.updated_at.toISOString(),
    appliedAt: application.applied_at?.toISOString() ?? null,
    organization: { id: application.organization_id },
    role: { id: role.id, name: role.name },
    answers: application.answers,
    completedSteps: application.completed_steps,
    stage,
    documents: documents.map(toDocumentRef),
    source: application.source,
    duplicating: application.duplicating,
  };
}

type ListRow = Awaited<ReturnType<typeof findCandidateApplications>>[number];

/** A list entry; `form` is the role's form of a draft (its sections done are counted), undefined once sent. */
export function toApplicationListItem(row: ListRow, now: Date, form: CompiledForm | undefined): ApplicationListItem {
  return {
    id: row.id,
    role: {
      id: row.role_id,
      name: row.role_name,
      roleType: row.role_type,
      location: row.role_location,
      deadline: row.role_deadline?.toISOString() ?? null,
      closed: isClosed({ deadline: row.role_deadline }, now),
    },
    state: row.state,
    progress: candidateProgress(row.state, row.stage_id),
    step: row.step,
    maxSteps: row.max_steps,
    sections: form ? sectionProgress(form, row.answers, row.completed_steps, compiledChecks) : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    appliedAt: row.applied_at?.toISOString() ?? null,
  };
}
