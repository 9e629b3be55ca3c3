import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPLIED_STAGES,
  canAttachProvider,
  isActionable,
  PROVIDER_RULES,
  selectedTab,
  STAGE_IDS,
  STAGE_NAMES,
  STAGE_STATUSES,
  stageGroup,
  visibleSubStages,
  type ProviderKind,
  type StageId,
} from '#engine';

const providers = Object.keys(PROVIDER_RULES) as ProviderKind[];
const stageId = fc.constantFrom(...STAGE_IDS);
const status = fc.constantFrom(...STAGE_STATUSES);
const provider = fc.constantFrom(...providers);

describe('pipeline stages (spec §4)', () => {
  it('names every stage id of the spec and groups offers, hires and rejections', () => {
    expect(STAGE_NAMES[1]).toBe('Applied');
    expect(STAGE_NAMES[3]).toBe('At interview');
    expect(STAGE_NAMES[29]).toBe('For application review');
    expect(STAGE_IDS).toHaveLength(23);
    expect(stageGroup(11)).toBe('OFFERS');
    expect(stageGroup(14)).toBe('HIRED');
    expect(stageGroup(16)).toBe('REJECTED');
    expect(stageGroup(3)).toBeUndefined();
  });

  it("selectedTabIndex 0-3 select the spec tabs; any other value the first stage's (in pipeline order) default substage", () => {
    const stages = [
      {
        id: 3 as StageId,
        orderIndex: 1,
        subStages: [{ id: 'b', codeStage: 'PENDING' as const, defaultSubStage: false, orderIndex: 1 }],
      },
      {
        id: 1 as StageId,
        orderIndex: 0,
        subStages: [
          { id: 'x', codeStage: 'PENDING' as const, defaultSubStage: false, orderIndex: 0 },
          { id: 'y', codeStage: 'COMPLETED' as const, defaultSubStage: true, orderIndex: 1 },
        ],
      },
    ];
    expect(selectedTab(0, stages)).toEqual({ kind: 'stage', stageIds: APPLIED_STAGES, status: 'PENDING' });
    expect(selectedTab(1, stages)).toMatchObject({ status: 'COMPLETED' });
    expect(selectedTab(2, stages)).toMatchObject({ kind: 'stage', status: 'PENDING' });
    expect(selectedTab(3, stages)).toEqual({ kind: 'group', group: 'OFFERS', status: 'PENDING' });
    fc.assert(
      fc.property(
        fc.integer().filter((i) => i < 0 || i > 3),
        (i) => {
          expect(selectedTab(i, stages)).toEqual({ kind: 'defaultSubStage', stageId: 1, subStageId: 'y' });
        },
      ),
    );
  });
});

describe('actionable rules (spec §4)', () => {
  it('screening and HR scheduler: pending, in progress, or invited at an applied-type stage', () => {
    fc.assert(
      fc.property(fc.constantFrom<ProviderKind>('applicationScreen', 'hrScheduler'), status, stageId, (p, s, st) => {
        const expected = s === 'PENDING' || s === 'IN_PROGRESS' || (s === 'INVITED' && APPLIED_STAGES.includes(st));
        expect(isActionable(p, s, st)).toBe(expected);
      }),
    );
  });

  it('every other type: only when pending', () => {
    fc.assert(
      fc.property(
        provider.filter((p) => p !== 'applicationScreen' && p !== 'hrScheduler'),
        status,
        stageId,
        (p, s, st) => {
          expect(isActionable(p, s, st)).toBe(s === 'PENDING');
        },
      ),
    );
  });
});

describe('assessment providers (spec §3)', () => {
  it('attach only when enabled, credentialed, allowed at the stage and the stage is free', () => {
    const credentials = fc.subarray(['campaignId', 'jobId', 'projectCode']).map((c) => new Set<string>(c));
    const existing = fc.array(fc.record({ stageId, provider }), { maxLength: 3 });
    fc.assert(
      fc.property(provider, stageId, credentials, fc.subarray(providers), existing, (p, st, creds, enabled, taken) => {
        const rule = PROVIDER_RULES[p];
        const expected =
          enabled.includes(p) &&
          (!rule.requires || creds.has(rule.requires)) &&
          rule.allowedStages.includes(st) &&
          !taken.some((a) => a.stageId === st);
        expect(canAttachProvider(p, st, { credentials: creds, enabled: new Set(enabled), existing: taken })).toBe(
          expected,
        );
      }),
    );
  });

  it('substages: excluded ones hidden when an assessment exists, else only included ones shown', () => {
    const ids = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,4}$/), { maxLength: 8 });
    fc.assert(
      fc.property(ids, ids, ids, fc.boolean(), (all, included, excluded, exists) => {
        const shown = visibleSubStages(
          all.map((id) => ({ id })),
          { included, excluded },
          exists,
        ).map((s) => s.id);
        for (const id of all) expect(shown.includes(id)).toBe(exists ? !excluded.includes(id) : included.includes(id));
      }),
    );
  });
});
