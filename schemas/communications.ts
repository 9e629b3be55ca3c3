import { Type } from 'typebox';
import { CandidateSearchFilters } from './search';
import { literalUnion } from './vocabularies';

/*
 * Communications (issue 16, decisions 0044 and 0045): email and SMS templates per organisation and
 * language, sending to one candidate or many (a batch), stage-triggered messages, and the public
 * one-click unsubscribe.
 */

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });
const Ids = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 10_000 });

export const CHANNELS = ['EMAIL', 'SMS'] as const;
export const Channel = literalUnion(CHANNELS);
export type Channel = Type.Static<typeof Channel>;

/**
 * What a message is about decides which placeholders it can fill (engine/communications/templates.ts):
 * any message knows the candidate, role, stage, organisation and sender; an interview message also the
 * interview's time and booking link; an event message the event.
 */
export const MESSAGE_KINDS = ['GENERAL', 'INTERVIEW', 'EVENT'] as const;
export const MessageKind = literalUnion(MESSAGE_KINDS);
export type MessageKind = Type.Static<typeof MessageKind>;

/** Where a message stands: waiting, being handed to the provider, sent, failed for good, or never sent. */
export const MESSAGE_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'FAILED', 'SKIPPED'] as const;
export const MessageStatus = literalUnion(MESSAGE_STATUSES);
export type MessageStatus = Type.Static<typeof MessageStatus>;

/** Why a message was not sent: the person opted out of the channel (or carries the REJECTED marker), their
 * data was erased, there is no address or number to send to, or the message has nothing to fill it with. */
export const SKIP_REASONS = ['OPTED_OUT', 'ANONYMISED', 'NO_ADDRESS', 'NOTHING_TO_FILL'] as const;
export const SkipReason = literalUnion(SKIP_REASONS);
export type SkipReason = Type.Static<typeof SkipReason>;

/** How a message came to be sent. */
export const MESSAGE_ORIGINS = ['MANUAL', 'BULK', 'STAGE'] as const;

/** A template's text in one language: an email's subject and (safe HTML) body, or an SMS's text. */
export const TemplateText = Type.Object(
  {
    subject: Type.Optional(Type.String({ maxLength: 200 })),
    body: Type.String({ minLength: 1, maxLength: 20_000 }),
  },
  { additionalProperties: false },
);
export type TemplateText = Type.Static<typeof TemplateText>;

/** The stage (and substage; null for any of the stage's) whose moves send the template. */
export const TemplateTrigger = Type.Object(
  {
    stageId: Type.Integer({ minimum: 1, maximum: 99 }),
    substageId: Nullable(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type TemplateTrigger = Type.Static<typeof TemplateTrigger>;

const Language = Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$', maxLength: 12 });

export const TemplateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    channel: Channel,
    kind: MessageKind,
    /** Language code → the text in it; the organisation's default language is required. */
    texts: Type.Record(Language, TemplateText, { minProperties: 1 }),
    trigger: Nullable(TemplateTrigger),
  },
  { additionalProperties: false },
);
export type TemplateBody = Type.Static<typeof TemplateBody>;

export const Template = Type.Object({
  id: Type.String(),
  name: Type.String(),
  channel: Channel,
  kind: MessageKind,
  texts: Type.Record(Type.String(), Type.Object({ subject: Type.Optional(Type.String()), body: Type.String() })),
  trigger: Nullable(TemplateTrigger),
  updatedAt: DateTime,
});
export type Template = Type.Static<typeof Template>;

export const TemplateList = Type.Array(Template);
export type TemplateList = Type.Static<typeof TemplateList>;

/** POST /communications/preview: a template (saved or not) rendered with one application's candidate. */
export const PreviewBody = Type.Object(
  {
    template: TemplateBody,
    applicationId: Type.String({ minLength: 1, maxLength: 64 }),
    /** The language to show; the candidate's own when left out. */
    language: Type.Optional(Language),
  },
  { additionalProperties: false },
);
export type PreviewBody = Type.Static<typeof PreviewBody>;

const SmsCount = Type.Object({
  encoding: literalUnion(['GSM', 'UCS2'] as const),
  units: Type.Integer(),
  segments: Type.Integer(),
});

export const Preview = Type.Object({
  language: Type.String(),
  /** Email only. */
  subject: Type.Optional(Type.String()),
  /** Email only: the sanitised HTML as the candidate will get it. */
  html: Type.Optional(Type.String()),
  text: Type.String(),
  /** SMS only. */
  sms: Type.Optional(SmsCount),
  /** What would stop it reaching this candidate, if anything. */
  skipped: Nullable(SkipReason),
});
export type Preview = Type.Static<typeof Preview>;

/** POST /communications/send: exactly one of `ids` (applications) or `filters` (all matching, less unselectedIds). */
export const SendBody = Type.Object(
  {
    templateId: Type.String({ minLength: 1, maxLength: 64 }),
    ids: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 10_000 })),
    filters: Type.Optional(CandidateSearchFilters),
    unselectedIds: Type.Optional(Ids),
  },
  { additionalProperties: false },
);
export type SendBody = Type.Static<typeof SendBody>;

export const BatchProgress = Type.Object({
  id: Type.String(),
  channel: Channel,
  templateName: Type.String(),
  total: Type.Integer(),
  queued: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  skipped: Type.Integer(),
  /** Of the skipped: how many because they opted out of the channel. */
  optedOut: Type.Integer(),
  done: Type.Boolean(),
  createdAt: DateTime,
});
export type BatchProgress = Type.Static<typeof BatchProgress>;

/** The public one-click unsubscribe (RFC 8058): what was turned off. */
export const UnsubscribeResult = Type.Object({ channel: Channel, unsubscribed: Type.Literal(true) });
