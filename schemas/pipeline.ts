import { Type } from 'typebox';
import { StageStatus } from './search';

/**
 * An organisation's hiring pipeline (spec §3 Organisation stage, §4 Stage statuses and pipeline):
 * its stages in order, each with substages (one per stage status it tracks, one of them the
 * default) and the score metrics managers fill in at that stage.
 */
export const StageId = Type.Integer({ minimum: 1, maximum: 99, description: 'a pipeline stage id of spec §4' });
export const SubStageId = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$', description: 'a substage id, unique within the organisation' });
export const StageGroup = Type.Union([Type.Literal('REJECTED'), Type.Literal('HIRED'), Type.Literal('OFFERS')]);

export const MetricType = Type.Union([Type.Literal('NUMBER'), Type.Literal('PERCENT'), Type.Literal('BOOLEAN'), Type.Literal('TEXT'), Type.Literal('DATE')]);

export const Metric = Type.Object(
  {
    key: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$', description: 'the score key this metric is stored under' }),
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

export const OrganizationStage = Type.Object(
  {
    id: StageId,
    name: Type.String({ minLength: 1, maxLength: 255 }),
    groupStage: Type.Optional(StageGroup),
    orderIndex: Type.Integer({ minimum: 0 }),
    subStages: Type.Array(SubStage, { minItems: 1, maxItems: 10 }),
    metrics: Type.Array(Metric, { maxItems: 30 }),
  },
  { additionalProperties: false },
);
export type OrganizationStage = Type.Static<typeof OrganizationStage>;

export const OrganizationStages = Type.Array(OrganizationStage, { minItems: 1, maxItems: 30 });

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
      },
      { additionalProperties: false },
    ),
  ]),
  { minItems: 1, maxItems: 30 },
);
export type StageSelection = Type.Static<typeof StageSelection>;
