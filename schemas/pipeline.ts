import { Type } from 'typebox';
import { CandidateSearchFilters, SentSearchFilters } from './search';
import { JobStatus, MetricType, MoveKind, StageGroup, StageStatus } from './vocabularies';

/**
 * An organisation's hiring pipeline (spec §3 Organisation stage, §4 Stage statuses and pipeline):
 * its stages in order, each with substages (one per stage status it tracks, one of them the
 * default) and the score metrics managers fill in at that stage.
 */
export const StageId = Type.Integer({ minimum: 1, maximum: 99, description: 'a pipeline stage id of spec §4' });
const SubStageId = Type.String({
  pattern: '^[a-z0-9][a-z0-9-]{0,63}$',
  description: 'a substage id, unique within the organisation',
});
export const Metric = Type.Object(
  {
    key: Type.String({
      pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$',
      description: 'the score key this metric is stored under',
    }),
    label: Type.String({ minLength: 1, maxLength: 255 }),
    metricType: MetricType,
    /** NUMBER and PERCENT only; defaults of spec §5 (0..5 and 0..100). */
    min: Type.Optional(Type.Number()),
    max: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
export type MetricDefinition = Type.Static<typeof Metric>;

export const SubStage = Type.Object(
  {
    id: SubStageId,
    name: Type.String({ minLength: 1, maxLength: 255 }),
    codeStage: StageStatus,
    defaultSubStage: Type.Boolean(),
    orderIndex: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type SubStage = Type.Static<typeof SubStage>;

/** Kinds of assessment provider (spec §3 Assessment providers); engine/pipeline/providers.ts has their rules. */
export const PROVIDER_KINDS = [
  'assessmentCentreScheduling',
  'candidateScheduler',
  'criticalThinkingTest',
  'onlineVideoPlatform',
  'videoShortlisting',
  'psychometricTest',
  'videoOnlineTool',
  'onlineAssessment',
  'assessmentCentreProduct',
  'applicationScreen',
  'hrScheduler',
] as const;
const ProviderKind = Type.Enum(PROVIDER_KINDS);

/**
 * The assessment provider an organisation attaches to a stage (decision 0014). It decides which
 * candidates at the stage can be moved (spec §4 actionable rules) and which substages a manager
 * may choose there (spec §4 substage filtering): while an assessment exists (`assessment`, the
 * default), the `excluded` substages are hidden; before it does, only the `included` ones show.
 */
const StageProvider = Type.Object(
  {
    kind: ProviderKind,
    /** false while the provider is attached but its assessment is not set up yet (default true). */
    assessment: Type.Optional(Type.Boolean()),
    /** Substages offered before the assessment exists (default: all of the stage's). */
    included: Type.Optional(Type.Array(SubStageId, { maxItems: 10 })),
    /** Substages the provider sets itself once the assessment exists, hidden from managers (default none). */
    excluded: Type.Optional(Type.Array(SubStageId, { maxItems: 10 })),
  },
  { additionalProperties: false },
);
type StageProvider = Type.Static<typeof StageProvider>;

export const OrganizationStage = Type.Object(
  {
    id: StageId,
    name: Type.String({ minLength: 1, maxLength: 255 }),
    groupStage: Type.Optional(StageGroup),
    orderIndex: Type.Integer({ minimum: 0 }),
    subStages: Type.Array(SubStage, { minItems: 1, maxItems: 10 }),
    metrics: Type.Array(Metric, { maxItems: 30 }),
    provider: Type.Optional(StageProvider),
  },
  { additionalProperties: false },
);
export type OrganizationStage = Type.Static<typeof OrganizationStage>;

export const OrganizationStages = Type.Array(OrganizationStage, { minItems: 1, maxItems: 30 });

/** PUT /v1/organization/:orgId/stages: the whole pipeline in its new order (each stage's orderIndex is its place). */
export const StagesUpdateBody = Type.Object({ stages: OrganizationStages }, { additionalProperties: false });
export type StagesUpdateBody = Type.Static<typeof StagesUpdateBody>;

/** configs/stages.json: the product's definition of every stage id, which organisations pick from. */
export const StageCatalogue = Type.Array(Type.Omit(OrganizationStage, ['orderIndex']), { minItems: 1 });
export type StageCatalogue = Type.Static<typeof StageCatalogue>;

/**
 * An organisation file's `stages`: stage ids in pipeline order, each either a bare id (the
 * catalogue's definition) or the id with its own name, substages or metrics.
 */
export const StageSelection = Type.Array(
  Type.Union([
    StageId,
    Type.Object(
      {
        id: StageId,
        name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
        subStages: Type.Optional(Type.Array(SubStage, { minItems: 1, maxItems: 10 })),
        metrics: Type.Optional(Type.Array(Metric, { maxItems: 30 })),
        provider: Type.Optional(StageProvider),
      },
      { additionalProperties: false },
    ),
  ]),
  { minItems: 1, maxItems: 30 },
);
export type StageSelection = Type.Static<typeof StageSelection>;

/*
 * Stage moves (spec §7 Candidate stage calls, decision 0014): single and bulk moves, fast-track to
 * another role (a job the client polls), undo, copy to another role, assignee, and the history.
 */
const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Uuid = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  description: 'an application id',
});
const Person = Type.Object({ id: Type.String(), name: Type.String() });

/** Where an application is after a move (or an undo). */
export const MoveResult = Type.Object({
  id: Type.String(),
  stageId: Type.Integer(),
  stageName: Type.String(),
  substageId: Type.String(),
  substageName: Type.String(),
  stageStatus: StageStatus,
  lastChangeAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
});
export type MoveResult = Type.Static<typeof MoveResult>;

/**
 * POST /candidate/bulkstage/:stageId/:roleId: exactly one of `ids` and `filters` (all matching, minus
 * `unselectedIds`). Spec §7 also sends `stageId` and `roleId` (the path's: they must agree with it) and
 * `resource`, read as the filter payload of spec §3, another name for `filters` (decision 0020).
 */
export const BulkMoveBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(Uuid, { minItems: 1, maxItems: 10_000 })),
    filters: Type.Optional(CandidateSearchFilters),
    unselectedIds: Type.Optional(Type.Array(Uuid, { maxItems: 10_000 })),
    substageId: Type.Optional(SubStageId),
    stageId: Type.Optional(Type.Union([StageId, Type.Null()], { description: "the path's stageId (spec §7)" })),
    roleId: Type.Optional(
      Type.Union([Type.String({ maxLength: 64 }), Type.Null()], { description: "the path's roleId (spec §7)" }),
    ),
    resource: Type.Optional(
      Type.Union([SentSearchFilters, Type.Null()], { description: 'spec §7: the filter payload, as `filters`' }),
    ),
  },
  { additionalProperties: false },
);
export type BulkMoveBody = Type.Static<typeof BulkMoveBody>;
/** A bulk move's selection once the spec's names are read (decision 0020): ids, or filters less unselectedIds. */
export type BulkMoveSelection = Pick<BulkMoveBody, 'ids' | 'filters' | 'unselectedIds' | 'substageId'>;

export const BulkMoveResult = Type.Object({
  moved: Type.Integer({ description: 'applications moved (those already at the target are left as they are)' }),
});
export type BulkMoveResult = Type.Static<typeof BulkMoveResult>;

/** POST /candidate/:id/fasttrackcandidates/:roleId/stage/:stageId: the applications fast-tracked besides `:id`. */
export const FastTrackBody = Type.Object(
  { ids: Type.Array(Uuid, { maxItems: 10_000 }) },
  { additionalProperties: false },
);
export type FastTrackBody = Type.Static<typeof FastTrackBody>;

export const JobAccepted = Type.Object({ jobId: Type.String() });

/** GET /jobs/:jobId: progress of an asynchronous pipeline job. */
export const JobProgress = Type.Object({
  id: Type.String(),
  status: JobStatus,
  total: Type.Integer(),
  done: Type.Integer(),
  /** Of `done`, those left out: the candidate already had an application for the role, or had withdrawn meanwhile. */
  skipped: Type.Integer(),
  error: Type.Optional(Type.String()),
});
export type JobProgress = Type.Static<typeof JobProgress>;

export const CopyResult = Type.Object({ id: Type.String({ description: 'the new application' }) });

export const AssigneeResult = Type.Object({ id: Type.String(), assignee: Nullable(Person) });
export type AssigneeResult = Type.Static<typeof AssigneeResult>;

const HistoryPosition = Type.Object({
  stageId: Type.Integer(),
  stageName: Type.String(),
  substageId: Nullable(Type.String()),
  stageStatus: Nullable(StageStatus),
});

/** GET /candidate/:id/history: one move, newest first. */
export const HistoryEntry = Type.Object({
  id: Type.String(),
  kind: MoveKind,
  from: Nullable(HistoryPosition),
  to: HistoryPosition,
  actor: Nullable(Person),
  createdAt: Type.String({ format: 'date-time' }),
  undone: Type.Boolean(),
});
export type HistoryEntry = Type.Static<typeof HistoryEntry>;
export const StageHistory = Type.Array(HistoryEntry);
