import { Type } from 'typebox';
import { ContextualFlagId, GradeSystemId } from './contextual';
import { ATTENDANCES } from './events';
import { StageGroup, StageStatus, literalUnion, type RoleStatus } from './vocabularies';

/**
 * Candidate search (spec §3 Candidate-search filter payload and Search state, §7 Search, §9).
 * Empty values are dropped before sending (engine/pipeline/search.ts compactFilters).
 */
const Ids = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 10_000 });
const Names = Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 200 });
const Range = Type.Object(
  {
    min: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    max: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  },
  { additionalProperties: false, description: 'a percentile or mark range' },
);

export const DateAdded = Type.Union([
  Type.Literal('LAST_DAY'),
  Type.Literal('LAST_WEEK'),
  Type.Literal('LAST_MONTH'),
  Type.Literal('LAST_3_MONTHS'),
  Type.Literal('LAST_6_MONTHS'),
  Type.Literal('LAST_YEAR'),
]);
export type DateAdded = Type.Static<typeof DateAdded>;

/** The question (asked by the legal editions, e.g. Candid Connect) whose answers the legalInterests filter reads. */
export const LEGAL_INTERESTS_QUESTION = 'legalInterests';

/** The university groups a search can filter by. */
export const UNIVERSITY_GROUPS = ['RUSSELL', 'NON_RUSSELL', 'OXBRIDGE', 'GO8'] as const;

/** Event attendance a search can filter by (issue 14): spec §3's two marks, or a place not marked yet. */
export const ATTENDANCE_FILTERS = [...ATTENDANCES, 'NOT_MARKED'] as const;
export type AttendanceFilter = (typeof ATTENDANCE_FILTERS)[number];

/** A numeric range whose bounds are not percentages (the Performance Index, grade points). */
const Bounds = (maximum: number, description: string) =>
  Type.Object(
    {
      min: Type.Optional(Type.Number({ minimum: 0, maximum })),
      max: Type.Optional(Type.Number({ minimum: 0, maximum })),
    },
    { additionalProperties: false, description },
  );

/** A period, in epoch seconds, either end optional. */
const Period = Type.Object(
  {
    from: Type.Optional(Type.Integer({ minimum: 0 })),
    to: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false, description: 'epoch seconds, either end optional' },
);

const Years = Type.Array(Type.Integer({ minimum: 1900, maximum: 2100 }), { maxItems: 60 });

/** Score conditions: an application with a score under `key` (any stage) within min..max. */
const ScoreFilters = Type.Array(
  Type.Object(
    {
      key: Type.String({ maxLength: 100 }),
      min: Type.Optional(Type.Number()),
      max: Type.Optional(Type.Number()),
    },
    { additionalProperties: false },
  ),
  { maxItems: 20 },
);

export const CandidateSearchFilters = Type.Object(
  {
    // Candidate selection
    locations: Type.Optional(Names),
    groups: Type.Optional(Type.Array(StageGroup, { maxItems: 3 })),
    statuses: Type.Optional(Type.Array(StageStatus, { maxItems: 5 })),
    steps: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 100 }), { maxItems: 100 })),
    sources: Type.Optional(Names),
    roleId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    stageId: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    substageId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    dateAdded: Type.Optional(DateAdded),
    scores: Type.Optional(ScoreFilters),
    ids: Type.Optional(Ids),
    unselectedIds: Type.Optional(Ids),
    assigneeId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    searchTerm: Type.Optional(Type.String({ maxLength: 100 })),
    // School and university measures
    schoolPercentile: Type.Optional(Range),
    universityPercentile: Type.Optional(Range),
    universityGroups: Type.Optional(Type.Array(literalUnion(UNIVERSITY_GROUPS), { maxItems: 4 })),
    // Contextual data (issue 17, migration 0016; decisions 0050 and 0051)
    /** Any of these contextual flags. */
    flags: Type.Optional(Type.Array(ContextualFlagId, { maxItems: 8 })),
    performanceIndex: Type.Optional(Bounds(1000, 'Performance Index: 100 is the school average')),
    /** The last school's band, 1 (bottom fifth of schools) .. 5. */
    schoolBands: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 5 }), { maxItems: 5 })),
    /** GCSE points per subject (9..1). */
    ks4Points: Type.Optional(Bounds(9, 'GCSE points per subject')),
    /** Post-16 results in one grade system: points per entry (A level 0..60), IB total or ATAR. */
    ks5: Type.Optional(
      Type.Object(
        {
          system: GradeSystemId,
          min: Type.Optional(Type.Number({ minimum: 0 })),
          max: Type.Optional(Type.Number({ minimum: 0 })),
        },
        { additionalProperties: false },
      ),
    ),
    /** Where the candidate's average mark sits among graduates of their university's region. */
    universityAveragePercentile: Type.Optional(Range),
    /**
     * Spec §3 university averages: the candidate's average mark less the average mark of the
     * organisation's applicants from the same university, in points (negative: below it). A
     * university with fewer than 5 applicants with a mark has no average to compare with.
     */
    universityAverage: Type.Optional(
      Type.Object(
        {
          min: Type.Optional(Type.Number({ minimum: -100, maximum: 100 })),
          max: Type.Optional(Type.Number({ minimum: -100, maximum: 100 })),
        },
        { additionalProperties: false, description: "points above (or below) the university's applicant average" },
      ),
    ),
    graduationYears: Type.Optional(Years),
    startYears: Type.Optional(Years),
    degreeClasses: Type.Optional(Names),
    degreeSubjects: Type.Optional(Names),
    degreeTypes: Type.Optional(Names),
    // Dates and other
    /** An interview booked (not cancelled) in this period. */
    interviewDate: Type.Optional(Period),
    /** The role was opened (created) in this period. */
    openDate: Type.Optional(Period),
    /** true: the role's deadline has passed; false: it has none or it has not passed yet. */
    deadlinePassed: Type.Optional(Type.Boolean()),
    /** The answer to a question (custom or catalogue) is one of these values (several choices: includes one). */
    customQuestion: Type.Optional(
      Type.Object(
        {
          id: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,99}$' }),
          values: Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { minItems: 1, maxItems: 50 }),
        },
        { additionalProperties: false },
      ),
    ),
    /**
     * Spec §3 legalInterests: the areas of law a candidate is interested in (the answer to the
     * LEGAL_INTERESTS_QUESTION, several choices) include one of these.
     */
    legalInterests: Type.Optional(Names),
    // Role attributes
    roleTypes: Type.Optional(Names),
    roleLevels: Type.Optional(Names),
    departments: Type.Optional(Names),
    employmentTypes: Type.Optional(Names),
    recruiters: Type.Optional(Ids),
    clients: Type.Optional(Ids),
    sector: Type.Optional(Type.Integer({ minimum: 1 })),
    status: Type.Optional(literalUnion(['ACTIVE', 'ARCHIVED'] as const satisfies readonly RoleStatus[])),
    lateralRoleTypes: Type.Optional(Names),
    permitTypes: Type.Optional(Names),
    wamRanges: Type.Optional(Type.Array(Range, { maxItems: 10 })),
    /** Epoch seconds. */
    roleStartDate: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Epoch seconds. */
    roleEndDate: Type.Optional(Type.Integer({ minimum: 0 })),
    // Events (spec §3 Search state eventFilters; issue 14): a place at one of these events (any when left out),
    // with one of these attendance marks.
    eventIds: Type.Optional(Ids),
    attendance: Type.Optional(Type.Array(literalUnion(ATTENDANCE_FILTERS), { maxItems: 3 })),
  },
  { additionalProperties: false },
);
export type CandidateSearchFilters = Type.Static<typeof CandidateSearchFilters>;

/** Spec §9 product numbers: pages of 20 by default, 100 the other size offered and the largest. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE] as const;

/** What the candidate list sorts by; spec §3 Search state: lastChangeAt, descending, by default. */
export const SORT_FIELDS = ['lastChangeAt', 'appliedAt', 'name', 'stage', 'score'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const DEFAULT_SORT_FIELD = 'lastChangeAt' satisfies SortField;
export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_SORT_ORDER = 'DESC' satisfies SortOrder;

export const SearchQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
    sortBy: Type.Optional(literalUnion(SORT_FIELDS, { default: DEFAULT_SORT_FIELD })),
    orderBy: Type.Optional(literalUnion(SORT_ORDERS, { default: DEFAULT_SORT_ORDER })),
    resultsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
  },
  { additionalProperties: false },
);
export type SearchQuery = Type.Static<typeof SearchQuery>;

/** Spec §3 pagination fields. */
export const PageInfo = Type.Object({
  first: Type.Boolean(),
  last: Type.Boolean(),
  number: Type.Integer(),
  numberOfElements: Type.Integer(),
  size: Type.Integer(),
  totalElements: Type.Integer(),
  totalPages: Type.Integer(),
  hasNext: Type.Boolean(),
  hasPrevious: Type.Boolean(),
  hasContent: Type.Boolean(),
});
export type PageInfo = Type.Static<typeof PageInfo>;

const Subdomain = Type.String({ pattern: '^[a-z][a-z0-9-]{1,40}$', description: 'organisation subdomain' });

/**
 * The filter payload as spec §3 lists it, which names `subdomain` among the filters: accepted in
 * the payloads a client sends (a search's `filters`, a bulk move's `resource`) and checked against
 * the organisation of the call (decision 0020).
 */
export const SentSearchFilters = Type.Object(
  { ...CandidateSearchFilters.properties, subdomain: Type.Optional(Subdomain) },
  { additionalProperties: false },
);
export type SentSearchFilters = Type.Static<typeof SentSearchFilters>;

/** A role, stage or substage as spec §7 Search sends it: its id, the record with its id, or null (none). */
const Reference = <T extends Type.TSchema>(id: T, description: string) =>
  Type.Optional(Type.Union([id, Type.Object({ id }), Type.Null()], { description }));

/**
 * The search call's body (spec §7 Search): the filter payload of spec §3 in `filters`, and beside
 * it, as the spec writes them, `role`, `stage`, `substage`, `subdomain` and `scores`: the same as
 * the filters' roleId, stageId, substageId, subdomain and scores (given twice they must agree:
 * decision 0020). Empty values (null, '', []) are dropped as in the filters.
 */
export const SearchBody = Type.Object(
  {
    filters: Type.Optional(SentSearchFilters),
    role: Reference(Type.String({ maxLength: 64 }), 'the role (id), as filters.roleId'),
    stage: Reference(Type.Integer({ minimum: 1, maximum: 99 }), 'the stage (id), as filters.stageId'),
    substage: Reference(Type.String({ maxLength: 64 }), 'the substage (id), as filters.substageId'),
    subdomain: Type.Optional(Type.Union([Subdomain, Type.Literal(''), Type.Null()])),
    scores: Type.Optional(Type.Union([ScoreFilters, Type.Null()], { description: 'as filters.scores' })),
  },
  { additionalProperties: false },
);
export type SearchBody = Type.Static<typeof SearchBody>;

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One row of the hiring side's candidate list: an application with what the table shows and sorts by. */
export const CandidateListItem = Type.Object({
  /** The application record's id (what moves, notes and scores address). */
  id: Type.String(),
  candidateId: Type.String(),
  /** Spec §3 display name: first (preferred) last, with the fallbacks and 'Opted out' / 'Anonymised candidate'. */
  name: Type.String(),
  email: Nullable(Type.String()),
  roleId: Type.String(),
  roleName: Type.String(),
  stageId: Nullable(Type.Integer()),
  stageName: Nullable(Type.String()),
  substageId: Nullable(Type.String()),
  substageName: Nullable(Type.String()),
  stageStatus: Nullable(StageStatus),
  step: Type.Integer(),
  source: Type.String(),
  location: Nullable(Type.String()),
  universityName: Nullable(Type.String()),
  universityGroups: Type.Array(Type.String()),
  degreeClass: Nullable(Type.String()),
  averagePercent: Nullable(Type.Number()),
  totalScore: Nullable(Type.Number()),
  matched: Type.Boolean(),
  assignee: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  appliedAt: Nullable(Type.String({ format: 'date-time' })),
  lastChangeAt: Type.String({ format: 'date-time' }),
  /** The role's viewConfiguration listFields answers (candidatev only): field id → display text. */
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type CandidateListItem = Type.Static<typeof CandidateListItem>;

/**
 * A count that stopped at the cap (decision 0079): across all roles, filters the roll-ups cannot answer are counted
 * exactly up to SEARCH_COUNT_CAP per stage; `capped: true` says "at least `total`" (a tab shows "1,000+").
 */
const Capped = Type.Optional(Type.Literal(true, { description: 'counting stopped: at least `total`' }));

/** Spec §3 totalForStage: how many matching applications sit in each stage and substage (the tab counts). */
export const StageTotals = Type.Array(
  Type.Object({
    stageId: Type.Integer(),
    total: Type.Integer(),
    capped: Capped,
    subStages: Type.Array(Type.Object({ substageId: Type.String(), total: Type.Integer(), capped: Capped })),
  }),
);
export type StageTotals = Type.Static<typeof StageTotals>;

/** candidatev: the role's listFields columns in order, headed with the form's labels (as the candidate panel). */
export const ListFieldColumns = Type.Array(Type.Object({ id: Type.String(), label: Type.String() }));
export type ListFieldColumns = Type.Static<typeof ListFieldColumns>;

export const CandidateSearchPage = Type.Intersect([
  PageInfo,
  Type.Object({
    content: Type.Array(CandidateListItem),
    /** totalElements is a lower bound: the page's stage was counted up to the cap (decision 0079). */
    totalCapped: Capped,
    /** Absent from fastCandidate, which answers only the page. */
    totalForStage: Type.Optional(StageTotals),
    /** candidatev with filters.roleId only: the columns its items' `fields` fill. */
    columns: Type.Optional(ListFieldColumns),
  }),
]);
export type CandidateSearchPage = Type.Static<typeof CandidateSearchPage>;

/** GET /search/profiles: one person (a candidate of the organisation) whose name or email matches. */
export const ProfileMatch = Type.Object({
  candidateId: Type.String(),
  name: Type.String(),
  /** null when the address carries the anonymisation marker (spec §3). */
  email: Nullable(Type.String()),
  /** Their applications to the organisation (drafts not counted). */
  applications: Type.Integer(),
});
export type ProfileMatch = Type.Static<typeof ProfileMatch>;
