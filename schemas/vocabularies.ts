import { Type } from 'typebox';

/*
 * The product's vocabularies, each declared once as a const tuple with its TypeBox union: the
 * schemas, the engine, the database column types (src/server/db/types.ts), the migrations' CHECK
 * constraints and the client all take them from here. tests/server/vocabularies.test.ts checks
 * that the database's CHECK constraints allow exactly these values.
 */

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: Type.TLiteral<T[K] & string> };

/**
 * A union of string literals from a const tuple: the same schema as spelling out
 * `Type.Union([Type.Literal(a), Type.Literal(b), ...])` (so the same "must be one of ..." errors),
 * with the literal types kept (a plain `values.map(Type.Literal)` would widen them).
 */
export function literalUnion<const T extends readonly [string, ...string[]]>(
  values: T,
  options?: Type.TSchemaOptions,
): Type.TUnion<Literals<T>> {
  return Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as unknown as Type.TUnion<Literals<T>>;
}

/** Spec §4 stage statuses: where a candidate stands within a pipeline stage (a substage's codeStage). */
export const STAGE_STATUSES = ['PENDING', 'INVITED', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED'] as const;
export const StageStatus = literalUnion(STAGE_STATUSES);
export type StageStatus = Type.Static<typeof StageStatus>;

/** Spec §4 stage groups, which a search can filter by (engine/pipeline/stages.ts says which stage is in which). */
export const STAGE_GROUPS = ['REJECTED', 'HIRED', 'OFFERS'] as const;
export const StageGroup = literalUnion(STAGE_GROUPS);
export type StageGroup = Type.Static<typeof StageGroup>;

/** Spec §3 Score metric types (engine/scoring/metrics.ts has their ranges). */
const METRIC_TYPES = ['NUMBER', 'PERCENT', 'BOOLEAN', 'TEXT', 'DATE'] as const;
export const MetricType = literalUnion(METRIC_TYPES);
export type MetricType = Type.Static<typeof MetricType>;

/** What made a stage move (decision 0014), as the stage history records it. */
export const MOVE_KINDS = ['SUBMIT', 'WITHDRAW', 'MOVE', 'BULK', 'FAST_TRACK', 'COPY', 'UNDO'] as const;
export const MoveKind = Type.Enum(MOVE_KINDS);
export type MoveKind = Type.Static<typeof MoveKind>;

/** A background job's status (the jobs table; GET /jobs/:jobId). */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const JobStatus = literalUnion(JOB_STATUSES);
export type JobStatus = Type.Static<typeof JobStatus>;

/** Where an application stands for its candidate. */
export const APPLICATION_STATES = ['DRAFT', 'SUBMITTED', 'WITHDRAWN'] as const;
export const ApplicationState = literalUnion(APPLICATION_STATES);
export type ApplicationState = Type.Static<typeof ApplicationState>;

/** Spec §3 candidateStatus (decision 0009); engine/rules/candidate-save.ts has the rule. */
export const CANDIDATE_STATUSES = ['ACTIVE', 'PASSPORT', 'PASSPORT_ACTIVE'] as const;
export const CandidateStatus = literalUnion(CANDIDATE_STATUSES);
export type CandidateStatus = Type.Static<typeof CandidateStatus>;

/** Spec §3 role statuses: the status filter defaults to ACTIVE (spec §9); the other value is archived; templates are
 * Preset. */
export const ROLE_STATUSES = ['ACTIVE', 'ARCHIVED', 'PRESET'] as const;
export const RoleStatus = literalUnion(ROLE_STATUSES);
export type RoleStatus = Type.Static<typeof RoleStatus>;
export const DEFAULT_ROLE_STATUS = 'ACTIVE' satisfies RoleStatus;

/** A client organisation's status (spec §7 GET /organization?status): listed as ACTIVE by default, or archived. */
export const ORGANIZATION_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export const OrganizationStatus = literalUnion(ORGANIZATION_STATUSES);
export type OrganizationStatus = Type.Static<typeof OrganizationStatus>;
export const DEFAULT_ORGANIZATION_STATUS = 'ACTIVE' satisfies OrganizationStatus;
