import { Type } from 'typebox';
import { ContextualData, UniversityAverage } from './contextual';
import { Metric, StageId } from './pipeline';
import { CandidateSearchFilters, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PageInfo } from './search';
import { StageStatus, literalUnion, type ApplicationState } from './vocabularies';

/*
 * What the hiring side attaches to an application (spec §3 Candidate-attached items, §7
 * Organization-candidate): the candidate panel, notes and comments, scores per stage, the match
 * flag, adjustments, the messages sent to the candidate, and the CSV export of a selection.
 */

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

/** Spec §5 text limit for long texts. */
export const LONG_TEXT_MAX = 4096;

export const PersonRef = Type.Object({ id: Type.String(), name: Type.String() });
export type PersonRef = Type.Static<typeof PersonRef>;

export const NoteKind = Type.Union([Type.Literal('NOTE'), Type.Literal('COMMENT')]);
export type NoteKind = Type.Static<typeof NoteKind>;

/** A note (editable by its author or an admin) or a comment (a thread: written once). */
export const Note = Type.Object({
  id: Type.String(),
  kind: NoteKind,
  body: Type.String(),
  /** Null when the author's account has gone. */
  author: Nullable(PersonRef),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Note = Type.Static<typeof Note>;

/** PUT …/note, …/note/:noteId and …/comment (spec §7 payload `comment`): 1 to 4096 characters once trimmed. */
export const NoteBody = Type.Object(
  { comment: Type.String({ maxLength: LONG_TEXT_MAX, description: 'the text, 1 to 4096 characters once trimmed' }) },
  { additionalProperties: false },
);
export type NoteBody = Type.Static<typeof NoteBody>;

/** Spec §7 PUT …/adjustment: reasonable adjustments for assessments (spec §9 "extra assessment time percent"). */
export const Adjustment = Type.Object(
  {
    extraTimePercent: Type.Optional(
      Type.Number({ minimum: 0, maximum: 100, description: 'extra assessment time, 0 to 100 percent' }),
    ),
    notes: Type.Optional(Type.String({ maxLength: LONG_TEXT_MAX })),
  },
  { additionalProperties: false },
);
export type Adjustment = Type.Static<typeof Adjustment>;

/** A metric value: NUMBER and PERCENT numbers, BOOLEAN true/false, TEXT a string, DATE epoch seconds. */
export const ScoreValue = Type.Union([Type.Number(), Type.Boolean(), Type.String()]);
export type ScoreValue = Type.Static<typeof ScoreValue>;

/** The scores of one stage: its metrics (with the §5 range defaults filled in), the values given and the total. */
export const StageScores = Type.Object({
  stageId: Type.Integer(),
  metrics: Type.Array(Metric),
  values: Type.Record(Type.String(), ScoreValue),
  totalScore: Nullable(Type.Number()),
  // Beyond the contract's four fields, always sent (optional in the type for older callers):
  stageName: Type.Optional(Type.String()),
  /** When a value or the total of this stage last changed; null when never scored. */
  updatedAt: Type.Optional(Nullable(DateTime)),
});
export type StageScores = Type.Static<typeof StageScores>;

/**
 * PUT …/score (spec §7 payload score, totalScore). `scores` maps metric keys of the stage to
 * values (null removes one); values are checked against the stage's metrics by the server, not
 * by this schema, so a wrong value is answered naming its metric. totalScore defaults to the
 * sum (NUMBER) / mean (PERCENT) of the stage's numeric values.
 */
const SentScoreValue = Type.Unsafe<ScoreValue | null>({ description: 'number, boolean, string or null' });
const MetricKey = Type.String({ maxLength: 64 });

/** Spec §3 Score as a client sends one in `score`: a metric of a stage and its value. */
const SentScore = Type.Object(
  { stageId: Type.Optional(StageId), key: MetricKey, value: SentScoreValue },
  { additionalProperties: false },
);

/**
 * The body as sent: ours (`stageId`, `scores`) or the spec's `score` (one §3 Score or a list of
 * them, each with its stageId, key and value), or both; `totalScore` either way. The server reads
 * it as one stage's values (decision 0020): every stageId given must be the same.
 */
export const ScoreSave = Type.Object(
  {
    stageId: Type.Optional(StageId),
    scores: Type.Optional(Type.Record(MetricKey, SentScoreValue, { maxProperties: 30 })),
    score: Type.Optional(
      Type.Union([SentScore, Type.Array(SentScore, { maxItems: 30 })], {
        description: 'spec §7: a Score (stageId, key, value) or a list of them, as `scores`',
      }),
    ),
    totalScore: Type.Optional(Type.Number({ minimum: -1_000_000, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type ScoreSave = Type.Static<typeof ScoreSave>;
/** One stage's values as the server applies them, whichever shape they were sent in. */
export interface StageScoreSave {
  stageId: number;
  scores: Record<string, ScoreValue | null>;
  totalScore?: number;
}

export const MatchState = Type.Object({ matched: Type.Boolean() });
export type MatchState = Type.Static<typeof MatchState>;

/** The application as the candidate panel heads it (and PUT …/update answers). */
export const PanelApplication = Type.Object({
  id: Type.String(),
  roleId: Type.String(),
  roleName: Type.String(),
  /** Always sent (optional in the type: beyond the contract). */
  state: Type.Optional(literalUnion(['SUBMITTED', 'WITHDRAWN'] as const satisfies readonly ApplicationState[])),
  stageId: Nullable(Type.Integer()),
  stageName: Nullable(Type.String()),
  substageId: Nullable(Type.String()),
  substageName: Nullable(Type.String()),
  stageStatus: Nullable(StageStatus),
  appliedAt: Nullable(DateTime),
  lastChangeAt: DateTime,
  matched: Type.Boolean(),
  adjustment: Nullable(Adjustment),
  assignee: Nullable(PersonRef),
  totalScore: Nullable(Type.Number()),
  version: Type.Integer(),
});
export type PanelApplication = Type.Static<typeof PanelApplication>;

/** One row of the panel compiled from the role's template.viewConfiguration.listFields
 * (engine/screens/candidate-panel.ts). */
const PanelRow = Type.Object({
  id: Type.String(),
  label: Type.String(),
  value: Type.String(),
  source: Type.Union([Type.Literal('application'), Type.Literal('profile')]),
});

const PanelDocument = Type.Object({
  id: Type.String(),
  fieldId: Type.String(),
  fileName: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
  createdAt: DateTime,
});

/** GET /organization/:orgId/candidate/:id: everything /manager/candidate/:id shows but the history (GET
 * /candidate/:id/history). */
export const CandidatePanel = Type.Object({
  application: PanelApplication,
  candidate: Type.Object({ id: Type.String(), name: Type.String(), email: Nullable(Type.String()) }),
  panel: Type.Array(PanelRow),
  documents: Type.Array(PanelDocument),
  /** Newest first. */
  notes: Type.Array(Note),
  /** Oldest first: a thread reads in the order it was written. */
  comments: Type.Array(Note),
  /** One entry per stage of the pipeline with metrics, and any other stage holding values, in pipeline order. */
  scores: Type.Array(StageScores),
  /** The contextual edition (issue 17): flags with their evidence and the school and university measures. */
  contextual: Nullable(ContextualData),
  /** The contextual edition: the average mark of the organisation's applicants from the candidate's university. */
  universityAverage: Nullable(UniversityAverage),
});
export type CandidatePanel = Type.Static<typeof CandidatePanel>;

const ContactStatus = Type.Union([
  Type.Literal('QUEUED'),
  Type.Literal('SENT'),
  Type.Literal('FAILED'),
  Type.Literal('SKIPPED'),
]);

/** A message sent (or waiting to be sent, or not sent and why) to the candidate. */
export const Contact = Type.Object({
  id: Type.String(),
  channel: Type.Union([Type.Literal('EMAIL'), Type.Literal('SMS')]),
  /** An email's subject; an SMS has none (''). */
  subject: Type.String(),
  /** The text as the candidate got it (issue 16 templates); null for system emails, whose text is not kept. */
  text: Nullable(Type.String()),
  /** Who sent it (a template message); null for system emails. */
  sender: Nullable(Type.String()),
  status: ContactStatus,
  /** Why it failed, or why it was not sent (OPTED_OUT, ANONYMISED, NO_ADDRESS, NOTHING_TO_FILL). */
  detail: Nullable(Type.String()),
  createdAt: DateTime,
  /** When it went out; null while queued or after it failed. */
  sentAt: Nullable(DateTime),
});
export type Contact = Type.Static<typeof Contact>;

export const ContactPage = Type.Intersect([PageInfo, Type.Object({ content: Type.Array(Contact) })]);
export type ContactPage = Type.Static<typeof ContactPage>;

export const ContactQuery = Type.Object({
  resultsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
});

/** POST /candidate/:roleId/export: exactly one of `ids` (the selection) or `filters` (all matching, less
 * `unselectedIds`). */
export const ExportBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 10_000 })),
    filters: Type.Optional(CandidateSearchFilters),
    unselectedIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 10_000 })),
  },
  { additionalProperties: false },
);
export type ExportBody = Type.Static<typeof ExportBody>;

/** The columns of the CSV export, in order. */
export const EXPORT_COLUMNS = [
  'Name',
  'Email',
  'Role',
  'Stage',
  'Substage',
  'Status',
  'Applied',
  'Last change',
  'University',
  'Degree class',
  'Average %',
  'Total score',
] as const;

/** The contextual edition's extra columns (issue 17): its flags, by name, and the Performance Index. */
export const CONTEXTUAL_EXPORT_COLUMNS = ['Contextual flags', 'Performance Index'] as const;
