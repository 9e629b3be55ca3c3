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
import * as items from '#schemas/contracts/candidate-items.contract';
import { isAxiosError } from 'axios';
import { call, download } from './call';

/*
 * Spec §7 Organization-candidate calls for the hiring side: the candidate panel, notes and
 * comments, scores per stage, match, documents and the CSV export of a selection.
 */

export type { Adjustment, CandidatePanel, ContactPage, Note, PanelApplication, ScoreValue, StageScores };

const params = (organizationId: string, applicationId: string) => ({ orgId: organizationId, id: applicationId });

/** GET /organization/:orgId/candidate/:id. */
export async function fetchCandidatePanel(organizationId: string, applicationId: string): Promise<CandidatePanel> {
  return call(items.candidatePanel, { params: params(organizationId, applicationId) });
}

/** PUT .../note: a new note. */
export async function addNote(organizationId: string, applicationId: string, comment: string): Promise<Note> {
  return call(items.addNote, { params: params(organizationId, applicationId), body: { comment } });
}

/** PUT .../note/:noteId: the author (or an admin) edits a note. */
export async function editNote(
  organizationId: string,
  applicationId: string,
  noteId: string,
  comment: string,
): Promise<Note> {
  return call(items.editNote, { params: { ...params(organizationId, applicationId), noteId }, body: { comment } });
}

/** PUT .../comment: a new comment. */
export async function addComment(organizationId: string, applicationId: string, comment: string): Promise<Note> {
  return call(items.addComment, { params: params(organizationId, applicationId), body: { comment } });
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
  return call(items.saveScores, { params: params(organizationId, applicationId), body });
}

/** PUT or DELETE .../match. */
export async function setMatch(organizationId: string, applicationId: string, matched: boolean): Promise<MatchState> {
  return call(matched ? items.markMatch : items.unmarkMatch, { params: params(organizationId, applicationId) });
}

/** POST /candidate/:roleId/export: the selection as CSV. A refusal's JSON body arrives as a Blob: it is read back, so
 * its message shows. */
export async function exportCandidates(roleId: string, selection: ExportBody): Promise<Blob> {
  try {
    return await download(items.exportCandidates, { params: { roleId }, body: selection });
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
  return call(items.saveAdjustment, { params: params(organizationId, applicationId), body: adjustment });
}

/** GET .../contact/:n: page n (from 0) of the messages sent to the candidate, newest first. */
export async function fetchContacts(organizationId: string, applicationId: string, page: number): Promise<ContactPage> {
  return call(items.contactPage, { params: { ...params(organizationId, applicationId), n: page } });
}
