import type { Adjustment, MatchState } from '#schemas/candidate-items';
import type { Db } from '../../db/client';
import { isUuid } from '../../lib/uuid';
import type { Viewer } from '../../lib/viewer';
import { noApplication } from '../applications/application-access';
import { updateHiringColumns } from './candidate-items.repository';
import { cleanAdjustment } from './candidate-items.view';

/** PUT and DELETE …/match: the hiring side marks (or unmarks) the candidate as a match for the role. */
export async function setMatch(db: Db, viewer: Viewer, applicationId: string, matched: boolean): Promise<MatchState> {
  if (!isUuid(applicationId)) throw noApplication(applicationId);
  const updated = await updateHiringColumns(db, viewer.organization.id, applicationId.toLowerCase(), { matched });
  if (!updated) throw noApplication(applicationId);
  return { matched: updated.matched };
}

/**
 * PUT …/adjustment: the candidate's reasonable adjustments for assessments replace the previous
 * ones (extra time 0..100 percent, notes up to 4096 characters, trimmed). An empty body clears them.
 */
export async function setAdjustment(
  db: Db,
  viewer: Viewer,
  applicationId: string,
  input: Adjustment,
): Promise<Adjustment> {
  if (!isUuid(applicationId)) throw noApplication(applicationId);
  const adjustment = cleanAdjustment(input);
  const updated = await updateHiringColumns(db, viewer.organization.id, applicationId.toLowerCase(), {
    adjustment: Object.keys(adjustment).length ? adjustment : null,
  });
  if (!updated) throw noApplication(applicationId);
  return updated.adjustment ?? {};
}
