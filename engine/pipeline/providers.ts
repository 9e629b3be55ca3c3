import type { PROVIDER_KINDS } from '#schemas/pipeline';
import { APPLIED_STAGES, INTERVIEW_STAGES, REVIEW_STAGES, type StageId, type StageStatus } from './stages';

/** Kinds of assessment provider (spec §3 Assessment providers), as organisation files name them. */
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

const ONLINE_TEST: StageId = 2;
const VIDEO: StageId = 4;
const WATSON_GLASER: StageId = 8;
const ASSESSMENT_CENTRE: StageId = 9;

export interface ProviderRule {
  /** A credential the organisation's configuration must carry, beyond being enabled. */
  requires?: 'campaignId' | 'jobId' | 'projectCode';
  allowedStages: readonly StageId[];
}

export const PROVIDER_RULES: Readonly<Record<ProviderKind, ProviderRule>> = {
  assessmentCentreScheduling: { requires: 'campaignId', allowedStages: [ASSESSMENT_CENTRE] },
  candidateScheduler: { allowedStages: INTERVIEW_STAGES },
  criticalThinkingTest: { allowedStages: [WATSON_GLASER] },
  onlineVideoPlatform: { allowedStages: [ONLINE_TEST, VIDEO] },
  videoShortlisting: { requires: 'jobId', allowedStages: [VIDEO] },
  psychometricTest: { allowedStages: [ONLINE_TEST] },
  videoOnlineTool: { allowedStages: [VIDEO, ONLINE_TEST] },
  onlineAssessment: { allowedStages: [ONLINE_TEST] },
  assessmentCentreProduct: { requires: 'projectCode', allowedStages: [ASSESSMENT_CENTRE] },
  applicationScreen: { allowedStages: REVIEW_STAGES },
  hrScheduler: { allowedStages: INTERVIEW_STAGES },
};

export interface StageAssessment {
  stageId: StageId;
  provider: ProviderKind;
}

/**
 * A provider can be attached to a stage only when the organisation has its credentials, the
 * stage is among its allowed stages, and no other assessment already covers that stage.
 */
export function canAttachProvider(
  provider: ProviderKind,
  stageId: StageId,
  context: {
    credentials: ReadonlySet<string>;
    enabled: ReadonlySet<ProviderKind>;
    existing: readonly StageAssessment[];
  },
): boolean {
  const rule = PROVIDER_RULES[provider];
  if (!context.enabled.has(provider)) return false;
  if (rule.requires && !context.credentials.has(rule.requires)) return false;
  if (!rule.allowedStages.includes(stageId)) return false;
  return !context.existing.some((a) => a.stageId === stageId);
}

const SCREENING_LIKE: ReadonlySet<ProviderKind> = new Set(['applicationScreen', 'hrScheduler']);

/**
 * Spec §4 actionable rules: for screening and HR-scheduler types a candidate can be acted on when
 * pending, in progress, or invited at an applied-type stage; for other types only when pending.
 */
export function isActionable(provider: ProviderKind | undefined, status: StageStatus, stageId: StageId): boolean {
  if (provider && SCREENING_LIKE.has(provider)) {
    return (
      status === 'PENDING' || status === 'IN_PROGRESS' || (status === 'INVITED' && APPLIED_STAGES.includes(stageId))
    );
  }
  return status === 'PENDING';
}

export interface ProviderSubStages {
  included: readonly string[];
  excluded: readonly string[];
}

/**
 * Substage choice filtered by provider: when an assessment already exists for the stage, the
 * provider's excluded substages are hidden; otherwise only its included ones are shown.
 */
export function visibleSubStages<T extends { id: string }>(
  subStages: readonly T[],
  provider: ProviderSubStages,
  assessmentExists: boolean,
): T[] {
  return assessmentExists
    ? subStages.filter((s) => !provider.excluded.includes(s.id))
    : subStages.filter((s) => provider.included.includes(s.id));
}
