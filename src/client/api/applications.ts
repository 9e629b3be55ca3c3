import { isAxiosError } from 'axios';
import type { ApplicationListItem, ApplicationRecord, DocumentRef } from '#schemas/application';
import type { RouteBody, RouteQuery } from '#schemas/contract';
import * as applications from '#schemas/contracts/applications.contract';
import * as documents from '#schemas/contracts/documents.contract';
import { call, download, upload } from './call';

/* The candidate calls of spec §7 (application records, documents), under /api/v1. */

/** Starts (or finds) the candidate's application for a role: one record per candidate and role. */
export async function startApplication(roleId: string, source?: string): Promise<ApplicationRecord> {
  return call(applications.startApplication, { params: { roleId }, query: source ? { source } : {} });
}

export async function fetchApplication(id: string): Promise<ApplicationRecord> {
  return call(applications.getApplication, { params: { id } });
}

export async function fetchMyApplications(): Promise<ApplicationListItem[]> {
  return call(applications.myApplications);
}

/** What a step's save sends besides the record's version, role and organisation. */
export type SaveRequest = Pick<RouteBody<typeof applications.saveApplication>, 'step' | 'stepId' | 'answers'>;

/** PUT /candidate/:id?maxSteps: the candidate with role and organisation reduced to ids (spec §7). */
export async function saveApplication(
  record: ApplicationRecord,
  request: SaveRequest,
  maxSteps: number,
  language: string,
): Promise<ApplicationRecord> {
  const body = {
    ...request,
    version: record.version,
    role: { id: record.role.id },
    organization: record.organization && { id: record.organization.id },
  };
  return call(applications.saveApplication, { params: { id: record.id }, query: { maxSteps, language }, body });
}

export async function submitApplication(id: string, language: string): Promise<ApplicationRecord> {
  return call(applications.submitApplication, { params: { id }, query: { language } });
}

export async function withdrawApplication(id: string): Promise<ApplicationRecord> {
  return call(applications.withdrawApplication, { params: { id } });
}

export async function deleteDraftApplication(id: string): Promise<void> {
  await call(applications.deleteDraft, { params: { id } });
}

/** The questions a document may answer (the upload's `type`). */
type DocumentField = RouteQuery<typeof documents.uploadDocument>['type'];

/** The CV through PUT /candidate/:id/cv; any other document through the organisation-candidate upload. */
export async function uploadDocument(
  record: ApplicationRecord,
  organizationId: string,
  fieldId: string,
  file: File,
  language: string,
): Promise<DocumentRef> {
  const form = new FormData();
  form.append(fieldId === 'cv' ? 'cv' : 'file', file, file.name);
  return fieldId === 'cv'
    ? upload(documents.uploadCv, { id: record.id }, { language }, form)
    : upload(
        documents.uploadDocument,
        { orgId: organizationId, id: record.id },
        { type: fieldId as DocumentField, language },
        form,
      );
}

/** DELETE …/upload/:docId: a stored document of a draft, and the answer naming it. */
export async function deleteDocument(organizationId: string, applicationId: string, documentId: string): Promise<void> {
  await call(documents.deleteDocument, { params: { orgId: organizationId, id: applicationId, docId: documentId } });
}

/**
 * A stored document of an application, as a file (GET …/download/:docId, an attachment). A
 * refusal's JSON body arrives as a Blob too: it is read back, so the usual message shows.
 */
export async function fetchDocument(organizationId: string, applicationId: string, documentId: string): Promise<Blob> {
  try {
    return await download(documents.downloadDocument, {
      params: { orgId: organizationId, id: applicationId, docId: documentId },
    });
  } catch (error) {
    const response = isAxiosError(error) ? error.response : undefined;
    if (response && response.data instanceof Blob) {
      try {
        response.data = JSON.parse(await response.data.text()) as unknown;
      } catch {
        // Not JSON: the generic message.
      }
    }
    throw error;
  }
}
