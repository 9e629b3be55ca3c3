import { INTERVIEW_STAGES, isStageId, stageGroup, type StageId } from '#engine';
import type { CandidateProgress } from '#schemas/application';
import type { ApplicationState } from '../../db/types';

/** Spec §4 stage 15: where a withdrawn application goes. */
export const WITHDREW_STAGE: StageId = 15;
/** Tests and assessment centres (spec §4 stages 2, 8 and 9). */
const ASSESSMENT_STAGES: readonly StageId[] = [2, 8, 9];

/**
 * The status a candidate may see of their application (decision 0009): not the pipeline's stage
 * names (which say things like 'Draft promised' or 'For application review') but what they mean
 * for the candidate. Rejection reads 'Unsuccessful'; screening and any other stage 'Submitted'.
 */
export function candidateProgress(state: ApplicationState, stageId: number | null): CandidateProgress {
  if (state === 'DRAFT') return 'DRAFT';
  if (state === 'WITHDRAWN' || stageId === WITHDREW_STAGE) return 'WITHDRAWN';
  if (stageId === null || !isStageId(stageId)) return 'SUBMITTED';
  const group = stageGroup(stageId);
  if (group === 'REJECTED') return 'UNSUCCESSFUL';
  if (group === 'HIRED') return 'HIRED';
  if (group === 'OFFERS') return 'OFFER';
  if (INTERVIEW_STAGES.includes(stageId)) return 'INTERVIEW';
  if (ASSESSMENT_STAGES.includes(stageId)) return 'ASSESSMENT';
  return 'SUBMITTED';
}
