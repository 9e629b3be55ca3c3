import type { CandidatePanel, PanelApplication } from '#schemas/candidate-items';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/http-error';
import { updateApplication } from '../applications/application.repository';
import { accountAnswers, listFieldPanel, visibleEmail } from '../applications/list-field-panel';
import { searchColumns } from '../applications/search-columns';
import { universityAverage } from '../contextual/contextual.repository';
import { contextualData } from '../contextual/contextual.service';
import { findApplicationDocuments } from '../document-store/document.repository';
import { profileAnswers } from '../profiles/profile.service';
import { roleOf } from '../roles/role.service';
import type { Viewer } from '../../lib/viewer';
import { pipelineApplication } from '../applications/application-access';
import { findNotes, findPeople, findScoreValues, findStageTotals } from './candidate-items.repository';
import { byId, personName, toNote, toPanelApplication, toStageScores } from './candidate-items.view';

/** 409 for the hiring side: someone else wrote the record between the read and the write. */
const CHANGED_MEANWHILE = 'This application was changed by someone else at the same time: reload it and try again.';

/**
 * GET /organization/:orgId/candidate/:id: the application with everything /manager/candidate/:id
 * shows. The panel rows are the role's listFieldPanel: the form's labels, hidden fields and formats;
 * profile rows (candidateResponse false) read the person's profile, started from their account
 * like a new application is (decision 0010).
 */
export async function candidatePanelOf(db: Db, viewer: Viewer, id: string): Promise<CandidatePanel> {
  const organization = viewer.organization;
  const application = await pipelineApplication(db, viewer, id);
  const role = await roleOf(db, organization, application.role_id);
  const contextual = organization.edition === 'contextual';
  const [panelOf, profile, documents, noteRows, values, totals] = await Promise.all([
    listFieldPanel(db, organization, role),
    profileAnswers(db, organization, application.user_id),
    findApplicationDocuments(db, organization.id, application.id),
    findNotes(db, organization.id, application.id),
    findScoreValues(db, organization.id, application.id),
    findStageTotals(db, organization.id, application.id),
  ]);
  const people = byId(
    await findPeople(db, organization.id, [
      application.user_id,
      ...(application.assignee_id ? [application.assignee_id] : []),
      ...noteRows.flatMap((n) => (n.author_id ? [n.author_id] : [])),
    ]),
  );
  const person = people.get(application.user_id);
  const account = person ? accountAnswers(person) : {};
  const notes = noteRows.map((n) => toNote(n, people));
  return {
    application: toPanelApplication(application, role, organization.stages, people),
    candidate: {
      id: application.user_id,
      name: person ? personName(person) : application.user_id,
      email: person ? visibleEmail(person) : null,
    },
    panel: panelOf({ application: application.answers, profile: { ...account, ...profile } }),
    documents: documents.map((d) => ({
      id: d.id,
      fieldId: d.field_id,
      fileName: d.file_name,
      contentType: d.content_type,
      size: d.size,
      createdAt: d.created_at.toISOString(),
    })),
    notes: notes.filter((n) => n.kind === 'NOTE').reverse(),
    comments: notes.filter((n) => n.kind === 'COMMENT'),
    scores: toStageScores(organization.stages, values, totals),
    contextual: contextual ? contextualData(application.answers) : null,
    universityAverage:
      contextual && application.university_name
        ? await universityAverage(db, organization.id, application.university_name)
        : null,
  };
}

/**
 * PUT /organization/:orgId/candidate/:id/update: copies the searchable columns (names, email,
 * university, degree, marks, location) from the answers again, after an answer was corrected
 * by other means. A compare-and-set write: 409 when the record changed meanwhile.
 */
export async function refreshSearchColumns(db: Db, viewer: Viewer, id: string): Promise<PanelApplication> {
  const application = await pipelineApplication(db, viewer, id);
  const role = await roleOf(db, viewer.organization, application.role_id);
  const updated = await updateApplication(
    db,
    viewer.organization.id,
    application.id,
    application.version,
    searchColumns(application.answers, role),
  );
  if (!updated) throw conflict(CHANGED_MEANWHILE);
  const people = byId(await findPeople(db, viewer.organization.id, updated.assignee_id ? [updated.assignee_id] : []));
  return toPanelApplication(updated, role, viewer.organization.stages, people);
}
