import { isAxiosError } from 'axios';
import type { Answers } from '#engine';
import type { ApplicationListItem, ApplicationRecord, DocumentRef } from '#schemas/application';
import { http } from './http';

/*
 * The candidate calls of spec §7 (application records, documents), under /api/v1. Calls without a
 * payload send `{}`: axios labels an empty POST or PUT as a form, which the API does not accept.
 */
const NO_PAYLOAD = {};

const path = (id: string) => `/v1/candidate/${encodeURIComponent(id)}`;

/** Starts (or finds) the candidate's application for a role: one record per candidate and role. */
export async function startApplication(roleId: string, source?: string): Promise<ApplicationRecord> {
  return (
    await http.post<ApplicationRecord>(`/v1/candidate/applyc/${encodeURIComponent(roleId)}`, NO_PAYLOAD, {
      params: source ? { source } : {},
    })
  ).data;
}

export async function fetchApplication(id: string): Promise<ApplicationRecord> {
  return (await http.get<ApplicationRecord>(path(id))).data;
}

export async function fetchMyApplications(): Promise<ApplicationListItem[]> {
  return (await http.get<ApplicationListItem[]>('/v1/candidate/applications')).data;
}

export interface SaveRequest {
  /** Spec §4: the step being saved to (the saved step's position + 1). */
  step: number;
  /** The step whose answers these are; none for the whole application. */
  stepId?: string;
  answers: Answers;
}

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
  return (await http.put<ApplicationRecord>(path(record.id), body, { params: { maxSteps, language } })).data;
}

export async function submitApplication(id: string, language: string): Promise<ApplicationRecord> {
  return (await http.put<ApplicationRecord>(`${path(id)}/submit`, NO_PAYLOAD, { params: { language } })).data;
}

export async function withdrawApplication(id: string): Promise<ApplicationRecord> {
  return (await http.put<ApplicationRecord>(`${path(id)}/withdraw`, NO_PAYLOAD)).data;
}

export async function deleteDraftApplication(id: string): Promise<void> {
  await http.delete(path(id));
}

/** The CV through PUT /candidate/:id/cv; any other document through the organisation-candidate upload. */
export async function uploadDocument(
  record: ApplicationRecord,
  organizationId: string,
  fieldId: string,
  file: File,
  language: string,
): Promise<DocumentRef> {
  const body = new FormData();
  body.append(fieldId === 'cv' ? 'cv' : 'file', file, file.name);
  const response =
    fieldId === 'cv'
      ? await http.put<DocumentRef>(`${path(record.id)}/cv`, body, { params: { language } })
      : await http.post<DocumentRef>(
          `/v1/organization/${encodeURIComponent(organizationId)}/candidate/${encodeURIComponent(record.id)}/upload`,
          body,
          { params: { type: fieldId, language } },
        );
  return response.data;
}

/**
 * A stored document of an application, as a file (GET …/download/:docId, an attachment). A
 * refusal's JSON body arrives as a Blob too: it is read back, so the usual message shows.
 */
export async function fetchDocument(organizationId: string, applicationId: string, documentId: string): Promise<Blob> {
  const url = `/v1/organization/${encodeURIComponent(organizationId)}/candidate/${encodeURIComponent(applicationId)}/download/${encodeURIComponent(documentId)}`;
  try {
    return (await http.get<Blob>(url, { responseType: 'blob' })).data;
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
