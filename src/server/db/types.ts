import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  Configuration,
  Edition,
  Language,
  OrganizationSettings,
  ProductType,
  Region,
  Sector,
  ThemeConfiguration,
  Tier,
  UserType,
} from '#schemas/organization';
import type { ReferenceLists } from '#schemas/organization-admin';
import type { OrganizationStage } from '#schemas/pipeline';
import type { Attendance, EventType, RegistrationStatus } from '#schemas/events';
import type {
  Channel,
  MESSAGE_ORIGINS,
  MessageKind,
  MessageStatus,
  SkipReason,
  TemplateText,
} from '#schemas/communications';
import type { CustomQuestion } from '#schemas/configuration';
import type { RoleSettings, RoleTemplate, WorkType } from '#schemas/role';
import type {
  ApplicationState,
  CandidateStatus,
  JobStatus,
  MoveKind,
  OrganizationStatus,
  RoleStatus,
  StageStatus,
} from '#schemas/vocabularies';
import type { COACHING_SESSION_STATUSES, COACHING_SESSION_TYPES, Recommendation } from '#schemas/scheduling';
import type { HrExportStatus, SignatureStatus } from '#schemas/integrations';

/**
 * jsonb columns are read as parsed values but must be WRITTEN as JSON text (see `json()` in
 * db/json.ts): node-postgres turns a JS array parameter into a PostgreSQL array literal, which
 * jsonb rejects, while text works on both pg and PGlite.
 */
type Json<T> = ColumnType<T, string, string>;

/** bytea arrives as a Buffer through pg and a Uint8Array through PGlite; Buffer is a Uint8Array. */
type Bytes = Uint8Array;

/** Database default now(); Date on read, Date or ISO text on write. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

interface OrganizationsTable {
  id: Generated<string>;
  subdomain: string;
  name: string;
  product_type: ProductType;
  edition: Edition;
  tier: Tier;
  sector: Json<Sector>;
  country_base: Region;
  rare_contact: Generated<boolean>;
  support_email: string;
  theme_configuration: Json<ThemeConfiguration>;
  default_configuration: ColumnType<Configuration, string | undefined, string>;
  form_configuration: ColumnType<Configuration, string | undefined, string>;
  settings: ColumnType<OrganizationSettings, string | undefined, string>;
  additional_language_support: ColumnType<Language[], string | undefined, string>;
  stages: ColumnType<OrganizationStage[], string | undefined, string>;
  logo: Bytes | null;
  logo_content_type: string | null;
  /** Migration 0011: ACTIVE, or ARCHIVED (out of the default list). */
  status: ColumnType<OrganizationStatus, OrganizationStatus | undefined, OrganizationStatus>;
  /** Migration 0011: the reference lists the organisation keeps in its own data (CLIENTS, SECTOR, ...). */
  reference_lists: ColumnType<ReferenceLists, string | undefined, string>;
  /** Migration 0012: the number of the configuration version in use (decision 0042). */
  configuration_version: Generated<number>;
  /** Migration 0018: days the audit trail is kept (decision 0054). */
  audit_retention_days: Generated<number>;
  /** Migration 0018: days after its last change an application is anonymised; null keeps it (decision 0055). */
  application_retention_days: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 0012 (decision 0042): an organisation's configurations as published, numbered from 1. */
interface ConfigurationVersionsTable {
  organization_id: string;
  number: number;
  default_configuration: ColumnType<Configuration, string, string>;
  form_configuration: ColumnType<Configuration, string, string>;
  theme_configuration: ColumnType<ThemeConfiguration, string, string>;
  note: ColumnType<string, string | undefined, string>;
  author_id: string | null;
  restored_from: number | null;
  created_at: Timestamp;
}

interface TranslationsTable {
  organization_id: string;
  language_code: string;
  configuration: ColumnType<Configuration, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface UsersTable {
  id: Generated<string>;
  /** null for platform admins, who belong to no organisation. */
  organization_id: string | null;
  email: string;
  /** null until a password is set (anonymous candidates, invitations). */
  password_hash: string | null;
  user_type: UserType;
  first_name: string | null;
  preferred_name: string | null;
  last_name: string | null;
  email_verified_at: Date | null;
  otp_required: Generated<boolean>;
  candidate_status: string | null;
  accept_terms_at: Date | null;
  accept_rare: Generated<boolean>;
  accept_research: Generated<boolean>;
  /** A new address waiting for its verification link. */
  pending_email: string | null;
  password_changed_at: Date | null;
  /** Set when the person's data was erased (deleteMe): the row stays for anonymous statistics. */
  anonymised_at: Date | null;
  /** The language the person last used the site in (one the organisation offers): their emails' language. */
  language: string | null;
  /** Migration 0011: set when an admin deactivated the account; it cannot sign in until reactivated. */
  deactivated_at: NullableTimestamp;
  /** Migration 0013: whether the person gets the organisation's messages by email and by SMS (issue 16). */
  accept_email_messages: Generated<boolean>;
  accept_sms_messages: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Nullable timestamp written as a Date or ISO text. */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

interface SessionFamiliesTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  client_id: string;
  session_timeout_seconds: number | null;
  otp_verified_at: NullableTimestamp;
  otp_cookie_issued_at: NullableTimestamp;
  absolute_expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
  created_at: Timestamp;
}

interface SessionTokensTable {
  token_hash: string;
  kind: 'access' | 'refresh';
  family_id: string;
  organization_id: string;
  user_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

type LinkTokenPurposeColumn =
  'verify_account' | 'verify_email' | 'reset_password' | 'magic_link' | 'onboarding' | 'user_token';

interface LinkTokensTable {
  token_hash: string;
  organization_id: string;
  user_id: string;
  purpose: LinkTokenPurposeColumn;
  data: ColumnType<Record<string, string>, string | undefined, string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

interface OtpCodesTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

interface OtpCookiesTable {
  token_hash: string;
  organization_id: string;
  user_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: Timestamp;
}

interface SignInAlertsTable {
  user_id: string;
  organization_id: string;
  sent_at: Timestamp;
}

interface AuthAttemptsTable {
  id: Generated<string>;
  organization_id: string;
  kind: 'login' | 'email';
  account_key: string;
  ip: string;
  succeeded: boolean;
  created_at: Timestamp;
}

export type { JobStatus };

interface JobsTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string | null;
  kind: string;
  payload: ColumnType<unknown, string | undefined, string>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Timestamp;
  locked_at: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  /** Migration 0006: the subject of a message the hiring side sees among the candidate's contacts (null for account and
   * sign-in messages). */
  contact_subject: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0005: progress of a pipeline job (fast-track): items in all (null for jobs without progress), processed,
   * left out. */
  progress_total: ColumnType<number | null, number | null | undefined, number | null>;
  progress_done: Generated<number>;
  progress_skipped: Generated<number>;
}

export interface RolesTable {
  id: Generated<string>;
  organization_id: string;
  reference: string | null;
  name: string;
  summary: ColumnType<string, string | undefined, string>;
  description: ColumnType<string[], string | undefined, string>;
  role_type: string;
  role_level: string;
  department: string;
  location: string;
  work_type: WorkType;
  employment_type: string;
  salary: string | null;
  status: ColumnType<RoleStatus, RoleStatus | undefined, RoleStatus>;
  /** A date column: read as text (YYYY-MM-DD) through the cast in the repository. */
  start_date: ColumnType<string | null, string | null | undefined, string | null>;
  deadline: NullableTimestamp;
  form_configuration: ColumnType<Configuration, string | undefined, string>;
  json_configurations: ColumnType<Record<string, Configuration>, string | undefined, string>;
  settings: ColumnType<RoleSettings, string | undefined, string>;
  template: ColumnType<RoleTemplate, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The vocabularies' columns (text with a CHECK built from the same tuple, see the migrations). */
type CandidateStatusColumn = CandidateStatus;
export type { ApplicationState };
export type StageStatusColumn = StageStatus;

interface ApplicationsTable {
  id: Generated<string>;
  organization_id: string;
  role_id: string;
  user_id: string;
  step: Generated<number>;
  max_steps: Generated<number>;
  completed_steps: ColumnType<string[], string | undefined, string>;
  answers: ColumnType<Record<string, unknown>, string | undefined, string>;
  candidate_status: CandidateStatusColumn | null;
  state: ColumnType<ApplicationState, ApplicationState | undefined, ApplicationState>;
  stage_id: number | null;
  substage_id: string | null;
  stage_status: StageStatusColumn | null;
  assignee_id: string | null;
  source: ColumnType<string, string | undefined, string>;
  duplicating: Generated<boolean>;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  location: string | null;
  permit_type: string | null;
  school_type: string | null;
  university_name: string | null;
  university_groups: ColumnType<string[], string[] | undefined, string[]>;
  degree_type: string | null;
  degree_subject: string | null;
  degree_class: string | null;
  graduation_year: number | null;
  /** numeric: a string through pg and PGlite alike; written as a number. */
  average_percent: ColumnType<string | null, number | null | undefined, number | null>;
  /** Migration 0007: the school percentile of contextual data (0..100), when known; numeric, a string on read. */
  school_percentile: ColumnType<string | null, number | null | undefined, number | null>;
  /** Migration 0016 (issue 17): contextual data computed from the answers and the reference data. */
  contextual_flags: ColumnType<string[], string[] | undefined, string[]>;
  /** numeric columns: strings on read, written as numbers. */
  performance_index: ColumnType<string | null, number | null | undefined, number | null>;
  school_band: number | null;
  ks4_points: ColumnType<string | null, number | null | undefined, number | null>;
  ks5_system: string | null;
  ks5_points: ColumnType<string | null, number | null | undefined, number | null>;
  university_percentile: ColumnType<string | null, number | null | undefined, number | null>;
  start_year: number | null;
  /** The version of the reference data the contextual columns were computed with. */
  contextual_reference: string | null;
  matched: Generated<boolean>;
  adjustment: ColumnType<AdjustmentValue | null, string | null | undefined, string | null>;
  /** numeric: a string on read, like average_percent. */
  total_score: ColumnType<string | null, number | null | undefined, number | null>;
  /** Migration 0012: the organisation's configuration version the application started on (null: before 0012). */
  configuration_version: ColumnType<number | null, number | null | undefined, number | null>;
  version: Generated<number>;
  /** Migration 0028 (decision 0081): the stages its history (moves not undone) went into, sorted; kept by triggers. */
  stages_reached: Generated<number[]>;
  /** Migration 0028: the answers to the monitored characteristics, in MONITORED_CHARACTERISTICS order; by trigger. */
  monitored_answers: Generated<Array<string | null> | null>;
  applied_at: NullableTimestamp;
  /** Migration 0018: when the retention job blanked its personal data (decision 0055). */
  anonymized_at: NullableTimestamp;
  last_change_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface StageHistoryTable {
  id: Generated<string>;
  organization_id: string;
  application_id: string;
  actor_id: string | null;
  from_stage_id: number | null;
  from_substage_id: string | null;
  to_stage_id: number;
  to_substage_id: string | null;
  kind: ColumnType<StageMoveKind, StageMoveKind | undefined, StageMoveKind>;
  from_stage_status: StageStatusColumn | null;
  to_stage_status: StageStatusColumn | null;
  undone_at: NullableTimestamp;
  created_at: Timestamp;
}

export type StageMoveKind = MoveKind;

/** Spec §7 PUT …/adjustment: reasonable adjustments for a candidate's assessments. */
export interface AdjustmentValue {
  extraTimePercent?: number;
  notes?: string;
}

interface CandidateNotesTable {
  id: Generated<string>;
  organization_id: string;
  application_id: string;
  author_id: string | null;
  kind: 'NOTE' | 'COMMENT';
  body: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface CandidateScoresTable {
  organization_id: string;
  application_id: string;
  stage_id: number;
  key: string;
  value: ColumnType<unknown, string, string>;
  /** numeric: a string on read. */
  score: ColumnType<string | null, number | null | undefined, number | null>;
  author_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 0006: the total of one scored stage of an application (spec §3 Score totalScore). */
interface CandidateStageScoresTable {
  organization_id: string;
  application_id: string;
  stage_id: number;
  /** numeric: a string on read. */
  total_score: ColumnType<string | null, number | null | undefined, number | null>;
  author_id: string | null;
  updated_at: Timestamp;
}

/** Migration 0011: a contact of a client organisation (spec §7 /organization/:id/contacts). */
interface OrganizationContactsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  job_title: string | null;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface CandidateProfilesTable {
  organization_id: string;
  user_id: string;
  answers: ColumnType<Record<string, unknown>, string | undefined, string>;
  completed_sections: ColumnType<string[], string | undefined, string>;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DocumentsTable {
  id: Generated<string>;
  organization_id: string;
  application_id: string;
  user_id: string;
  field_id: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  content: Bytes;
  created_at: Timestamp;
}

/** Migration 0009 (issue 13): interview scheduling. */
interface InterviewSchedulesTable {
  id: Generated<string>;
  organization_id: string;
  role_id: string;
  stage_id: number;
  title: string;
  time_zone: string;
  created_by: string | null;
  created_at: Timestamp;
}

type WrittenTimestamp = ColumnType<Date, Date | string, Date | string>;

interface InterviewSlotsTable {
  id: Generated<string>;
  organization_id: string;
  schedule_id: string;
  parent_starts_at: WrittenTimestamp;
  parent_ends_at: WrittenTimestamp;
  starts_at: WrittenTimestamp;
  ends_at: WrittenTimestamp;
  location: string;
  capacity: number;
  booked: Generated<number>;
  interviewer_ids: ColumnType<string[], string[] | undefined, string[]>;
}

interface InterviewInvitationsTable {
  id: Generated<string>;
  organization_id: string;
  schedule_id: string;
  application_id: string;
  token_hash: string;
  due_at: WrittenTimestamp;
  reminded_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  sequence: Generated<number>;
  created_at: Timestamp;
}

interface InterviewBookingsTable {
  id: Generated<string>;
  organization_id: string;
  invitation_id: string;
  slot_id: string;
  status: ColumnType<'BOOKED' | 'CANCELLED', 'BOOKED' | 'CANCELLED' | undefined, 'BOOKED' | 'CANCELLED'>;
  created_at: Timestamp;
  cancelled_at: NullableTimestamp;
}

interface InterviewFeedbackTable {
  organization_id: string;
  booking_id: string;
  interviewer_id: string;
  scores: ColumnType<Record<string, number | boolean | string>, string | undefined, string>;
  recommendation: Recommendation;
  comments: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 0010: an organisation's events (issue 14). */
interface EventsTable {
  id: Generated<string>;
  organization_id: string;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  type: EventType;
  start_at: ColumnType<Date, Date | string, Date | string>;
  /** Spec §3 Event: eventEndDate. */
  end_at: ColumnType<Date, Date | string, Date | string>;
  place: string | null;
  online_link: string | null;
  capacity: number;
  registration_deadline: NullableTimestamp;
  role_ids: ColumnType<string[], string | undefined, string>;
  questions: ColumnType<CustomQuestion[], string | undefined, string>;
  archived: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 0010: a candidate's registration for an event: a place, the waiting list, or cancelled. */
interface EventRegistrationsTable {
  id: Generated<string>;
  organization_id: string;
  event_id: string;
  user_id: string;
  status: RegistrationStatus;
  attendance: ColumnType<Attendance | null, Attendance | null | undefined, Attendance | null>;
  answers: ColumnType<Record<string, unknown>, string | undefined, string>;
  queued_at: Timestamp;
  registered_at: NullableTimestamp;
  checked_in_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface CoachingSessionsTable {
  id: Generated<string>;
  organization_id: string;
  application_id: string;
  type: (typeof COACHING_SESSION_TYPES)[number];
  status: ColumnType<
    (typeof COACHING_SESSION_STATUSES)[number],
    (typeof COACHING_SESSION_STATUSES)[number] | undefined,
    (typeof COACHING_SESSION_STATUSES)[number]
  >;
  starts_at: WrittenTimestamp;
  ends_at: WrittenTimestamp;
  location: string;
  notes: string;
  coach_id: string | null;
  held_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Migration 0010: QR check-in attempts, counted to rate-limit the public check-in page. */
interface EventCheckInAttemptsTable {
  id: Generated<string>;
  organization_id: string;
  event_id: string;
  ip: string;
  email_key: string;
  succeeded: boolean;
  created_at: Timestamp;
}

/** Migration 0013: an organisation's email and SMS templates (issue 16, decision 0044). */
interface MessageTemplatesTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  channel: Channel;
  kind: MessageKind;
  texts: Json<Record<string, TemplateText>>;
  trigger_stage_id: number | null;
  trigger_substage_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface MessageBatchesTable {
  id: Generated<string>;
  organization_id: string;
  template_id: string | null;
  template_name: string;
  channel: Channel;
  origin: (typeof MESSAGE_ORIGINS)[number];
  sender_id: string | null;
  site_base: string;
  created_at: Timestamp;
}

interface MessagesTable {
  id: Generated<string>;
  organization_id: string;
  batch_id: string;
  user_id: string;
  application_id: string | null;
  status: MessageStatus;
  skip_reason: SkipReason | null;
  language: string | null;
  to_address: string | null;
  subject: string | null;
  body_text: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  unsubscribe_token_hash: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

/** Migration 0018 (decision 0054): one audited action; append-only (a trigger refuses UPDATE and DELETE). */
interface AuditLogTable {
  id: Generated<string>;
  organization_id: string;
  actor_id: string;
  action: string;
  target_type: string;
  target_id: string | null;
  client_address: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: Timestamp;
}

/** Migration 0025 (decision 0076): a form's validators compiled to standalone code, by the hash of the code. */
interface FormValidatorModulesTable {
  organization_id: string;
  hash: string;
  code: string;
  created_at: Timestamp;
}

/** Migration 0026 (decision 0079): applications (never drafts) per role, stage and substage, kept by triggers. */
interface ApplicationStageCountsTable {
  organization_id: string;
  role_id: string;
  stage_id: number | null;
  substage_id: string | null;
  total: number;
}

/** Migration 0026: applications (never drafts) per stage, substage and academic profile across roles. */
interface ApplicationProfileCountsTable {
  organization_id: string;
  stage_id: number | null;
  substage_id: string | null;
  has_university: boolean;
  university_groups: string[];
  /** The whole part of average_percent, and whether it is whole (null: no mark). */
  mark: number | null;
  whole_mark: boolean | null;
  total: number;
}

/** Migration 0029: applications (never drafts) per role, stage, substage and university groups. */
interface ApplicationRoleGroupCountsTable {
  organization_id: string;
  role_id: string;
  stage_id: number | null;
  substage_id: string | null;
  has_university: boolean;
  university_groups: string[];
  total: number;
}

/** Migration 0029: applications (never drafts) per stage, substage, location and stage status across roles. */
interface ApplicationFacetCountsTable {
  organization_id: string;
  stage_id: number | null;
  substage_id: string | null;
  location: string | null;
  stage_status: StageStatusColumn | null;
  total: number;
}

/** Migration 0030 (decision 0085): a report's additive counts per organisation and month applied (UTC). */
interface ReportMonthCountsTable {
  organization_id: string;
  /** The first day of the month. */
  month: Timestamp;
  family: string;
  dimension: string | null;
  value: string | null;
  stage_id: number | null;
  n: number;
}

/** Migration 0030: a histogram bucket (hundredths) of a report's values per organisation and month, count and sum. */
interface ReportMonthValuesTable {
  organization_id: string;
  month: Timestamp;
  family: string;
  key: string | null;
  bucket: number;
  n: number;
  /** numeric: a string on read. */
  total: string;
}

/** Migration 0030: the months whose roll-ups are built, and the hired stages their days to hire counted. */
interface ReportRollupMonthsTable {
  organization_id: string;
  month: Timestamp;
  hired_stages: number[];
  built_at: Generated<Timestamp>;
}

/** Migration 0030: (organisation, month) marks appended by the applications' triggers, deleted by the refresh. */
interface ReportStaleMonthsTable {
  id: Generated<string>;
  organization_id: string;
  month: Timestamp;
}

/** Migration 0027 (decision 0080): signature requests and the HR system connection. */
interface SignatureRequestsTable {
  id: Generated<string>;
  organization_id: string;
  application_id: string;
  document_id: string | null;
  document_name: string;
  provider: string;
  envelope_id: string;
  status: SignatureStatus;
  token_hash: string;
  sent_by: string | null;
  sent_at: Timestamp;
  completed_at: NullableTimestamp;
}

interface HrConnectionsTable {
  organization_id: string;
  provider: string;
  tenant: string;
  token_ciphertext: string;
  connected_by: string | null;
  connected_at: Timestamp;
}

interface HrConnectStatesTable {
  token_hash: string;
  organization_id: string;
  user_id: string;
  tenant: string;
  expires_at: Timestamp;
}

interface HrExportsTable {
  id: Generated<string>;
  organization_id: string;
  application_id: string;
  status: HrExportStatus;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

export interface Database {
  organizations: OrganizationsTable;
  configuration_versions: ConfigurationVersionsTable;
  translations: TranslationsTable;
  users: UsersTable;
  session_families: SessionFamiliesTable;
  session_tokens: SessionTokensTable;
  link_tokens: LinkTokensTable;
  otp_codes: OtpCodesTable;
  otp_cookies: OtpCookiesTable;
  auth_attempts: AuthAttemptsTable;
  sign_in_alerts: SignInAlertsTable;
  jobs: JobsTable;
  roles: RolesTable;
  applications: ApplicationsTable;
  application_stage_counts: ApplicationStageCountsTable;
  application_profile_counts: ApplicationProfileCountsTable;
  application_role_group_counts: ApplicationRoleGroupCountsTable;
  application_facet_counts: ApplicationFacetCountsTable;
  report_month_counts: ReportMonthCountsTable;
  report_month_values: ReportMonthValuesTable;
  report_rollup_months: ReportRollupMonthsTable;
  report_stale_months: ReportStaleMonthsTable;
  stage_history: StageHistoryTable;
  candidate_profiles: CandidateProfilesTable;
  documents: DocumentsTable;
  candidate_notes: CandidateNotesTable;
  candidate_scores: CandidateScoresTable;
  candidate_stage_scores: CandidateStageScoresTable;
  organization_contacts: OrganizationContactsTable;
  interview_schedules: InterviewSchedulesTable;
  interview_slots: InterviewSlotsTable;
  interview_invitations: InterviewInvitationsTable;
  interview_bookings: InterviewBookingsTable;
  interview_feedback: InterviewFeedbackTable;
  coaching_sessions: CoachingSessionsTable;
  events: EventsTable;
  event_registrations: EventRegistrationsTable;
  event_check_in_attempts: EventCheckInAttemptsTable;
  message_templates: MessageTemplatesTable;
  message_batches: MessageBatchesTable;
  messages: MessagesTable;
  audit_log: AuditLogTable;
  form_validator_modules: FormValidatorModulesTable;
  signature_requests: SignatureRequestsTable;
  hr_connections: HrConnectionsTable;
  hr_connect_states: HrConnectStatesTable;
  hr_exports: HrExportsTable;
}
export type MessageTemplateRow = Selectable<MessageTemplatesTable>;

type OrganizationRow = Selectable<OrganizationsTable>;
export type NewOrganizationRow = Insertable<OrganizationsTable>;
/** An organisation as requests carry it: every column but the logo bytes. */
export type OrganizationRecord = Omit<OrganizationRow, 'logo' | 'configuration_version'>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
/** A user row as the services read it (never the password hash unless asked). */
export type UserRecord = Omit<UserRow, 'password_hash'>;
export type JobRow = Selectable<JobsTable>;
export type RoleRow = Selectable<RolesTable>;
export type NewRoleRow = Insertable<RolesTable>;
export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewApplicationRow = Insertable<ApplicationsTable>;
export type ApplicationUpdate = Updateable<ApplicationsTable>;
export type EventRow = Selectable<EventsTable>;
export type EventRegistrationRow = Selectable<EventRegistrationsTable>;
