import type { OrganizationStage, SubStage } from '#schemas/pipeline';
import { STAGE_STATUSES, type StageGroup, type StageStatus } from '#schemas/vocabularies';

// The vocabularies are declared in schemas/vocabularies.ts; the engine's public entry passes these on.
export { STAGE_STATUSES, type StageGroup, type StageStatus };

/** Pipeline stage ids of spec §4 with their names. */
export const STAGE_NAMES = {
  1: 'Applied',
  2: 'At online test',
  3: 'At interview',
  4: 'At video interview',
  5: 'At phone interview',
  6: 'First-round interview',
  7: 'Second-round interview',
  8: 'At Watson Glaser test',
  9: 'At assessment centre',
  10: 'Final round',
  11: 'Offer made',
  14: 'Offer accepted',
  15: 'Withdrew',
  16: 'Rejected',
  17: 'Interest shown',
  18: 'Draft promised',
  19: 'Draft received',
  20: 'Checked at application slam',
  23: 'Applied without app review',
  24: 'Approached',
  25: 'At online application form',
  28: 'For review',
  29: 'For application review',
} as const;

export type StageId = keyof typeof STAGE_NAMES;
export const STAGE_IDS = Object.keys(STAGE_NAMES).map(Number) as StageId[];

/** Spec §4 stage groups; stages outside them have no group. */
const GROUP_OF_STAGE: Readonly<Partial<Record<StageId, StageGroup>>> = {
  11: 'OFFERS',
  14: 'HIRED',
  15: 'REJECTED',
  16: 'REJECTED',
};

/** Stages where a candidate has applied but not yet been assessed ("applied-type" stages). */
export const APPLIED_STAGES: readonly StageId[] = [1, 23, 25];
/** Application screening stages ("applied and for review"). */
export const REVIEW_STAGES: readonly StageId[] = [1, 23, 28, 29];
export const INTERVIEW_STAGES: readonly StageId[] = [3, 4, 5, 6, 7, 10];

export function isStageId(value: number): value is StageId {
  return Object.prototype.hasOwnProperty.call(STAGE_NAMES, value);
}

export function stageGroup(stageId: StageId): StageGroup | undefined {
  return GROUP_OF_STAGE[stageId];
}

/** An organisation's stage with its substages (spec §3 Organisation stage); the fields selectedTab reads. */
type TabStage = Pick<OrganizationStage, 'id' | 'orderIndex'> & {
  subStages: ReadonlyArray<Pick<SubStage, 'id' | 'defaultSubStage' | 'orderIndex'>>;
};

export type TabSelection =
  | { kind: 'stage'; stageIds: readonly StageId[]; status: StageStatus }
  | { kind: 'group'; group: StageGroup; status: StageStatus }
  | { kind: 'defaultSubStage'; stageId: StageId | undefined; subStageId: string | undefined };

/**
 * Spec §2 selectedTabIndex: 0 applied pending, 1 applied completed, 2 interview stages pending,
 * 3 offers group pending; any other value selects the first stage's default substage.
 */
export function selectedTab(index: number, stages: readonly TabStage[]): TabSelection {
  switch (index) {
    case 0:
      return { kind: 'stage', stageIds: APPLIED_STAGES, status: 'PENDING' };
    case 1:
      return { kind: 'stage', stageIds: APPLIED_STAGES, status: 'COMPLETED' };
    case 2:
      return { kind: 'stage', stageIds: INTERVIEW_STAGES, status: 'PENDING' };
    case 3:
      return { kind: 'group', group: 'OFFERS', status: 'PENDING' };
    default: {
      const first = [...stages].sort((a, b) => a.orderIndex - b.orderIndex)[0];
      const sub =
        first?.subStages.find((s) => s.defaultSubStage) ??
        [...(first?.subStages ?? [])].sort((a, b) => a.orderIndex - b.orderIndex)[0];
      return { kind: 'defaultSubStage', stageId: first?.id as StageId | undefined, subStageId: sub?.id };
    }
  }
}
