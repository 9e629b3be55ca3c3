import { Type } from 'typebox';
import { ApplicationState, CandidateStatus } from './vocabularies';
import { Configuration } from './configuration';

/*
 * The application record (spec §3 "Candidate") and the candidate calls of spec §7, under /api/v1.
 * A record belongs to one candidate and one role of one organisation.
 */

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const StepId = Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$' });
const Language = Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' });

/** The status a candidate may see (decision 0009): pipeline stages folded into a few plain steps. */
export const CandidateProgress = Type.Union([
  Type.Literal('DRAFT'),
  Type.Literal('SUBMITTED'),
  Type.Literal('ASSESSMENT'),
  Type.Literal('INTERVIEW'),
  Type.Literal('OFFER'),
  Type.Literal('HIRED'),
  Type.Literal('WITHDRAWN'),
  Type.Literal('UNSUCCESSFUL'),
]);
export type CandidateProgress = Type.Static<typeof CandidateProgress>;

/** An uploaded file: the answer of a file question is its {id, name, size, contentType}. */
export const DocumentRef = Type.Object({
  id: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  /** The question it answers: cv, coverLetter, photo, transcript, rightToWorkDocument, writingSample, otherDocument. */
  fieldId: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type DocumentRef = Type.Static<typeof DocumentRef>;

/**
 * Spec §3 document types (Transcript, Right to work, Writing sample, Other) and the question of
 * the form each one answers: POST .../documentType/:docId/:type moves a typed upload between them.
 */
export const DOCUMENT_TYPE_FIELDS = {
  TRANSCRIPT: 'transcript',
  RIGHT_TO_WORK: 'rightToWorkDocument',
  WRITING_SAMPLE: 'writingSample',
  OTHER: 'otherDocument',
} as const;
export const DocumentType = Type.Union(
  (Object.keys(DOCUMENT_TYPE_FIELDS) as Array<keyof typeof DOCUMENT_TYPE_FIELDS>).map((type) => Type.Literal(type)),
  { description: 'TRANSCRIPT, RIGHT_TO_WORK, WRITING_SAMPLE or OTHER (spec §3 document types)' },
);
export type DocumentType = keyof typeof DOCUMENT_TYPE_FIELDS;

export const ApplicationRecord = Type.Object({
  id: Type.String(),
  /** Spec §4: the furthest step reached (0 before the first step is saved). */
  step: Type.Integer(),
  maxSteps: Type.Integer(),
  candidateStatus: Nullable(CandidateStatus),
  state: ApplicationState,
  progress: CandidateProgress,
  /** Compare-and-set token: a save or move names the version it read. */
  version: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  appliedAt: Nullable(Type.String({ format: 'date-time' })),
  organization: Nullable(Type.Object({ id: Type.String() })),
  role: Type.Object({ id: Type.String(), name: Type.String() }),
  answers: Type.Record(Type.String(), Type.Unknown()),
  /** Steps the candidate has continued past (the task list's completed steps). */
  completedSteps: Type.Array(Type.String()),
  /** Pipeline stage (hiring side only; candidates see `progress`). */
  stage: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), substageId: Nullable(Type.String()) })),
  documents: Type.Array(DocumentRef),
  source: Type.String(),
  duplicating: Type.Boolean(),
  /**
   * Decision 0042: a draft started on a configuration version that has since been replaced keeps it until it is
   * submitted; these are that version's organisation layers (without `hr`), for the form to be compiled from.
   */
  organizationConfiguration: Type.Optional(
    Type.Object({ defaultConfiguration: Configuration, formConfiguration: Configuration }),
  ),
});
export type ApplicationRecord = Type.Static<typeof ApplicationRecord>;

/** One row of the candidate's /applications. */
export const ApplicationListItem = Type.Object({
  id: Type.String(),
  role: Type.Object({
    id: Type.String(),
    name: Type.String(),
    roleType: Type.String(),
    location: Type.String(),
    deadline: Nullable(Type.String({ format: 'date-time' })),
    closed: Type.Boolean(),
  }),
  state: ApplicationState,
  progress: CandidateProgress,
  step: Type.Integer(),
  maxSteps: Type.Integer(),
  /** A draft's sections done, of how many (engine sectionProgress, as its task list counts them); null once sent. */
  sections: Nullable(Type.Object({ completed: Type.Integer(), total: Type.Integer() })),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  appliedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type ApplicationListItem = Type.Static<typeof ApplicationListItem>;

/**
 * PUT /candidate/:id?maxSteps: the candidate with role and organisation reduced to ids (spec §7).
 * With stepId, that step's answers are checked and replace the step's stored answers; without
 * it, the answers are the whole application (the save before submit when steps were not saved).
 */
export const ApplicationSave = Type.Object(
  {
    step: Type.Integer({
      minimum: 0,
      maximum: 100,
      description: 'the step being saved to (spec §4: current step + 1 advances)',
    }),
    stepId: Type.Optional(StepId),
    answers: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 500 }),
    version: Type.Integer({ minimum: 1 }),
    role: Type.Object({ id: Type.String({ maxLength: 64 }) }),
    organization: Type.Optional(Nullable(Type.Object({ id: Type.String({ maxLength: 64 }) }))),
  },
  { additionalProperties: false },
);
export type ApplicationSave = Type.Static<typeof ApplicationSave>;

export const ApplicationQuery = Type.Object({
  /** Steps of the form the client compiled; a different number means the form changed under it. */
  maxSteps: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Language of the form the answers were given in. */
  language: Type.Optional(Language),
});
export type ApplicationQuery = Type.Static<typeof ApplicationQuery>;

export const StartQuery = Type.Object({
  /** How the candidate found the role (the pipeline's sources filter); 'Careers site' by default. */
  source: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  language: Type.Optional(Language),
});
