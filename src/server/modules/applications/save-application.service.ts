import { mergeStepAnswers, stepAfterSave } from '#engine';
import type { ApplicationQuery, ApplicationRecord as ApplicationView, ApplicationSave } from '#schemas/application';
import type { Db } from '../../db/client';
import { json } from '../../db/json';
import { message } from '#schemas/messages';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { deleteDocuments, findApplicationDocuments } from '../document-store/document.repository';
import { checkedFileAnswers, replacedDocumentIds } from '../document-store/file-answers';
import { acceptedAnswers } from '../forms/form.service';
import { shareWithProfile } from '../profiles/profile.service';
import { noRole, roleOf } from '../roles/role.service';
import type { Viewer } from '../../lib/viewer';
import { ownDraft } from './application-access';
import { updateApplication } from './application.repository';
import { applicationView } from './read-application.service';
import { applicationRoleForm } from './role-form';
import { searchColumns } from './search-columns';

/**
 * PUT /candidate/:id?maxSteps (spec §4 Candidate save). The answers of one step (or, without a
 * step, of the whole form) are checked with the compiled form of the role — nothing is saved
 * unless every answer is acceptable — and replace the stored ones; the step advances by one when
 * the step saved to is the next one; the record's version must be the one the candidate read.
 * Profile questions answered here update the profile for the next application.
 */
export async function saveApplication(
  db: Db,
  viewer: Viewer,
  id: string,
  save: ApplicationSave,
  query: ApplicationQuery,
): Promise<ApplicationView> {
  const { organization } = viewer;
  if (save.organization && save.organization.id !== organization.id)
    throw notFound(message('noOrganisation', { id: save.organization.id }));
  const application = await ownDraft(db, viewer, id);
  if (save.role.id !== application.role_id) throw noRole(save.role.id);
  const role = await roleOf(db, organization, application.role_id);
  const form = await applicationRoleForm(db, organization, role, application, query.language);
  if (query.maxSteps !== undefined && query.maxSteps !== form.steps.length) throw conflict(message('formChanged'));
  const step = save.stepId === undefined ? undefined : form.steps.find((s) => s.id === save.stepId);
  if (save.stepId !== undefined && !step)
    throw badRequest(message('invalidAnswers'), [{ field: 'stepId', ...message('noStep', { step: save.stepId }) }]);
  if (save.version !== application.version) throw conflict(message('applicationChanged'));

  const accepted = checkedFileAnswers(
    form,
    acceptedAnswers(form, save.answers, step?.id),
    await findApplicationDocuments(db, organization.id, application.id),
  );
  const answers = step ? mergeStepAnswers(step, application.answers, accepted) : accepted;
  const completed = step ? [...new Set([...application.completed_steps, step.id])] : form.steps.map((s) => s.id);
  const saved = await db.transaction().execute(async (trx) => {
    const updated = await updateApplication(trx, organization.id, application.id, save.version, {
      answers: json(answers),
      completed_steps: json(completed),
      step: stepAfterSave(application.step, save.step, form.steps.length),
      max_steps: form.steps.length,
      ...searchColumns(answers, role),
    });
    if (!updated) throw conflict(message('applicationChanged'));
    await deleteDocuments(
      trx,
      organization.id,
      application.id,
      replacedDocumentIds(form, application.answers, answers),
    );
    await shareWithProfile(trx, organization, viewer.user, accepted);
    return updated;
  });
  return applicationView(db, viewer, saved, role);
}
