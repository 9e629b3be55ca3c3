import { type Answers, candidatePanel, type PanelRow } from '#engine';
import type { CandidatePanel, PanelApplication } from '#schemas/candidate-items';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/http-error';
import { updateApplication } from '../applications/application.repository';
import { roleForm } from '../applications/role-form';
import { searchColumns } from '../applications/search-columns';
import { findApplicationDocuments } from '../document-store/document.repository';
import { profileForm } from '../forms/form.service';
import { profileAnswers } from '../profiles/profile.service';
import { roleOf } from '../roles/role.service';
import type { Viewer } from '../../lib/viewer';
import { pipelineApplication } from '../applications/application-access';
import { findNotes, findPeople, findScoreValues, findStageTotals } from './candidate-items.repository';
import { byId, personName, toNote, toPanelApplication, toStageScores, visibleEmail } from './candidate-items.view';

/** 409 for the hiring side: someone else wrote the record between the read and the write. */
const CHANGED_MEANWHILE = 'This application was changed by someone else at the same time: reload it and try again.';

/**
 * GET /organization/:orgId/candidate/:id: the application with everything /manager/candidate/:id
 * shows. The panel rows come from the engine's candidate panel over the role's compiled form and
 * template.viewConfiguration.listFields, so labels, hidden fields and formats are the form's.
 * Profile rows (candidateResponse false) read the person's profile, started from their account
 * like a new application is (decision 0010); a profile question the role's form does not ask is
 * found in the organisation's profile form.
 */
export async function candidatePanelOf(db: Db, viewer: Viewer, id: string): Promise<CandidatePanel> {
  const organization = viewer.organization;
  const application = await pipelineApplication(db, viewer, id);
  const role = await roleOf(db, organization, application.role_id);
  const [form, profile, documents, noteRows, values, totals] = await Promise.all([
    roleForm(db, organization, role),
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
  const account: Answers = person
    ? {
        firstName: person.first_name ?? undefined,
        lastName: person.last_name ?? undefined,
        email: visibleEmail(person) ?? undefined,
      }
    : {};
  const data = { application: application.answers, profile: { ...account, ...profile } };

  const listFields = role.template.viewConfiguration.listFields;
  const rows = new Map<string, PanelRow>(candidatePanel(form, listFields, data).map((row) => [row.id, row]));
  const profileOnly = listFields.filter((f) => !f.candidateResponse && !rows.has(f.id));
  if (profileOnly.length > 0)
    for (const row of candidatePanel(await profileForm(db, organization), profileOnly, data)) rows.set(row.id, row);

  const notes = noteRows.map((n) => toNote(n, people));
  return {
    application: toPanelApplication(application, role, organization.stages, people),
    candidate: {
      id: application.user_id,
      name: person ? personName(person) : application.user_id,
      email: person ? visibleEmail(person) : null,
    },
    panel: listFields.flatMap((f) => rows.get(f.id) ?? []),
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
