import { isCandidate } from '#engine';
import type { ApplicationRecord as ApplicationView } from '#schemas/application';
import type { Db } from '../../db/client';
import { json } from '../../db/json';
import { forbidden } from '../../lib/http-error';
import { prefilledApplication, profileAnswers, sharedFieldIds } from '../profiles/profile.service';
import { assertOpen, publishedRoleOf } from '../roles/role.service';
import type { Viewer } from '../../lib/viewer';
import { findCandidateApplication, insertApplicationOnce } from './application.repository';
import { applicationView } from './read-application.service';
import { roleForm } from './role-form';
import { currentVersionNumber } from '../configurations/configuration.repository';
import { searchColumns } from './search-columns';
import { message } from '#schemas/messages';

const DEFAULT_SOURCE = 'Careers site';

/**
 * POST /candidate/applyc/:roleId: the candidate's application record for a role, created the
 * first time (once per candidate and role, whatever the number of clicks or tabs) with the
 * answers the candidate already gave this organisation. A closed role takes no new applications;
 * an existing record is returned either way.
 */
export async function startApplication(
  db: Db,
  viewer: Viewer,
  roleId: string,
  options: { source?: string; language?: string },
): Promise<{ record: ApplicationView; created: boolean }> {
  if (!isCandidate(viewer.user.user_type)) throw forbidden(message('candidatesOnlyApply'));
  const { organization, user } = viewer;
  const role = await publishedRoleOf(db, organization, roleId);
  const existing = await findCandidateApplication(db, organization.id, user.id, role.id);
  if (existing) return { record: await applicationView(db, viewer, existing, role), created: false };
  assertOpen(role, new Date());
  // Decision 0042: the application is answered and submitted on this version, whatever is published after.
  const configurationVersion = await currentVersionNumber(db, organization.id);
  const form = await roleForm(db, organization, role, options.language);
  const account = { firstName: user.first_name ?? undefined, lastName: user.last_name ?? undefined, email: user.email };
  const prefill = prefilledApplication(
    form,
    await sharedFieldIds(db, organization),
    await profileAnswers(db, organization, user.id),
    account,
  );
  const { record, created } = await insertApplicationOnce(db, {
    organization_id: organization.id,
    role_id: role.id,
    user_id: user.id,
    step: prefill.step,
    max_steps: form.steps.length,
    completed_steps: json(prefill.completedSteps),
    answers: json(prefill.answers),
    source: options.source?.trim() || DEFAULT_SOURCE,
    configuration_version: configurationVersion,
    ...searchColumns(prefill.answers, role),
  });
  return { record: await applicationView(db, viewer, record, role), created };
}
