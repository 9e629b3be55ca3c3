import type { ApplicationRecord as ApplicationView } from '#schemas/application';
import { entryStage, resolvePosition } from '#engine';
import type { Db } from '../../db/client';
import { json } from '../../db/json';
import { queueEmail } from '../../email/email.service';
import { message } from '#schemas/messages';
import { conflict } from '../../lib/http-error';
import { findApplicationDocuments } from '../document-store/document.repository';
import { checkedFileAnswers } from '../document-store/file-answers';
import { acceptedAnswers } from '../forms/form.service';
import { refreshCandidateStatus } from '../profiles/candidate-status.service';
import { rememberLanguage } from '../user-store/user.repository';
import { openRoleOf } from '../roles/role.service';
import type { Viewer } from '../../lib/viewer';
import { ownDraft } from './application-access';
import { insertStageHistory, updateApplication } from './application.repository';
import { applicationView } from './read-application.service';
import { applicationRoleForm } from './role-form';
import { searchColumns } from './search-columns';

/**
 * PUT /candidate/:id/submit. The whole application is checked with the role's compiled form (a
 * 400 names every missing or wrong answer and nothing changes); then, in one transaction, it
 * enters the organisation's entry stage (1 'Applied', else its first) at its default substage, the move is written to
 * the stage history and the confirmation email
 * is queued on the jobs table.
 */
export async function submitApplication(
  db: Db,
  viewer: Viewer,
  id: string,
  options: { language?: string; siteBase: string },
): Promise<ApplicationView> {
  const { organization, user } = viewer;
  const application = await ownDraft(db, viewer, id);
  const now = new Date();
  const role = await openRoleOf(db, organization, application.role_id, now);
  const form = await applicationRoleForm(db, organization, role, application, options.language);
  const entry = entryStage(organization.stages);
  const to = entry && resolvePosition(organization.stages, entry.id);
  if (!to) throw new Error(`organisation ${organization.subdomain} has no pipeline stages`);
  const answers = checkedFileAnswers(
    form,
    acceptedAnswers(form, application.answers),
    await findApplicationDocuments(db, organization.id, application.id),
  );
  const submitted = await db.transaction().execute(async (trx) => {
    const updated = await updateApplication(trx, organization.id, application.id, application.version, {
      state: 'SUBMITTED',
      candidate_status: 'ACTIVE',
      stage_id: to.stageId,
      substage_id: to.substageId,
      stage_status: to.stageStatus,
      answers: json(answers),
      completed_steps: json(form.steps.map((s) => s.id)),
      step: form.steps.length,
      max_steps: form.steps.length,
      applied_at: now,
      last_change_at: now,
      ...searchColumns(answers, role),
    });
    if (!updated) throw conflict(message('applicationChanged'));
    await insertStageHistory(trx, {
      organizationId: organization.id,
      applicationId: application.id,
      actorId: user.id,
      kind: 'SUBMIT',
      from: { stageId: null, substageId: null, stageStatus: null },
      to,
    });
    await queueEmail(trx, {
      organizationId: organization.id,
      userId: user.id,
      to: user.email,
      language: options.language ?? user.language,
      template: {
        kind: 'application_submitted',
        organizationName: organization.name,
        firstName: user.first_name,
        roleName: role.name,
        link: `${options.siteBase}/applications`,
      },
    });
    await refreshCandidateStatus(trx, organization, user.id);
    await rememberLanguage(trx, user, options.language);
    return updated;
  });
  return applicationView(db, viewer, submitted, role);
}
