import type {
  Adjustment,
  CandidatePanel,
  ContactPage,
  ExportBody,
  MatchState,
  Note,
  PanelApplication,
  ScoreValue,
  StageScores,
} from '#schemas/candidate-items';
import { isAxiosError } from 'axios';
import { http } from './http';

/*
 * Spec §7 Organization-candidate calls for the hiring side: the candidate panel, notes and
 * comments, scores per stage, match, documents and the CSV export of a selection.
 */
const enc = encodeURIComponent;

export type { Adjustment, CandidatePanel, ContactPage, Note, PanelApplication, ScoreValue, StageScores };

const base = (organizationId: string, applicationId: string) =>
  `/v1/organization/${enc(organizationId)}/candidate/${enc(applicationId)}`;

/** GET /organization/:orgId/candidate/:id. */
export async function fetchCandidatePanel(organizationId: string, applicationId: string): Promise<CandidatePanel> {
  return (await http.get<CandidatePanel>(base(organizationId, applicationId))).data;
}

/** PUT .../note: a new note. */
export async function addNote(organizationId: string, applicationId: string, comment: string): Promise<Note> {
  return (await http.put<Note>(`${base(organizationId, applicationId)}/note`, { comment })).data;
}

/** PUT .../note/:noteId: the author (or an admin) edits a note. */
export async function editNote(
  organizationId: string,
  applicationId: string,
  noteId: string,
  comment: string,
): Promise<Note> {
  return (await http.put<Note>(`${base(organizationId, applicationId)}/note/${enc(noteId)}`, { comment })).data;
}

/** PUT .../comment: a new comment. */
export async function addComment(organizationId: string, applicationId: string, comment: string): Promise<Note> {
  return (await http.put<Note>(`${base(organizationId, applicationId)}/comment`, { comment })).data;
}

/** PUT .../score: one stage's metric values (checked against the stage's metrics on the server too). */
export async function saveScores(
  organizationId: string,
  applicationId: string,
  stageId: number,
  scores: Record<string, ScoreValue | null>,
  totalScore?: number,
): Promise<StageScores> {
  const body = { stageId, scores, ...(totalScore === undefined ? {} : { totalScore }) };
  return (await http.put<StageScores>(`${base(organizationId, applicationId)}/score`, body)).data;
}

/** PUT or DELETE .../match. */
export async function setMatch(organizationId: string, applicationId: string, matched: boolean): Promise<MatchState> {
  const url = `${base(organizationId, applicationId)}/match`;
  return (matched ? await http.put<MatchState>(url, {}) : await http.delete<MatchState>(url)).data;
}

/** POST /candidate/:roleId/export: the selection as CSV. A refusal's JSON body arrives as a Blob: it is read back, so
 * its message shows. */
export async function exportCandidates(roleId: string, selection: ExportBody): Promise<Blob> {
  try {
    return (await http.post<Blob>(`/v1/candidate/${enc(roleId)}/export`, selection, { responseType: 'blob' })).data;
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

/** PUT .../adjustment: reasonable adjustments (extra assessment time percent, notes); empty clears them. */
export async function saveAdjustment(
  organizationId: string,
  applicationId: string,
  adjustment: Adjustment,
): Promise<Adjustment> {
  return (await http.put<Adjustment>(`${base(organizationId, applicationId)}/adjustment`, adjustment)).data;
}

/** GET .../contact/:n: page n (from 0) of the messages sent to the candidate, newest first. */
export async function fetchContacts(organizationId: string, applicationId: string, page: number): Promise<ContactPage> {
  return (await http.get<ContactPage>(`${base(organizationId, applicationId)}/contact/${page}`)).data;
}
