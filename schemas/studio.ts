import { Type } from 'typebox';
import { Configuration } from './configuration';
import { ThemeConfiguration } from './organization';

/*
 * The configuration studio (issue 15, decision 0042): an organisation's defaultConfiguration, formConfiguration and
 * themeConfiguration published as numbered versions, each with who published it, when and a note.
 */

/** What a version holds: the organisation's three configurations. */
export const ConfigurationSet = Type.Object(
  {
    defaultConfiguration: Configuration,
    formConfiguration: Configuration,
    themeConfiguration: ThemeConfiguration,
  },
  { additionalProperties: false },
);
export type ConfigurationSet = Type.Static<typeof ConfigurationSet>;

const VersionNumber = Type.Integer({ minimum: 1, maximum: 1_000_000 });

const ConfigurationVersionSummary = Type.Object({
  number: VersionNumber,
  note: Type.String(),
  /** Who published it (null for the configuration the organisation started with, or an erased user). */
  author: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  /** The version this one restored, when it was a restore. */
  restoredFrom: Type.Union([VersionNumber, Type.Null()]),
  current: Type.Boolean(),
});

/** GET /v1/organization/:orgId/configuration: the current configurations and every version, newest first. */
export const ConfigurationHistory = Type.Object({
  current: VersionNumber,
  configuration: ConfigurationSet,
  versions: Type.Array(ConfigurationVersionSummary),
});
export type ConfigurationHistory = Type.Static<typeof ConfigurationHistory>;

export const ConfigurationVersion = Type.Object({
  ...ConfigurationVersionSummary.properties,
  configuration: ConfigurationSet,
});
export type ConfigurationVersion = Type.Static<typeof ConfigurationVersion>;

const Note = Type.String({ maxLength: 500, description: 'what changed and why, for the history' });

/**
 * POST /v1/organization/:orgId/configuration: publish. The configuration layers are any objects here: the engine's
 * validator checks them and names every problem by its path (422), which a schema error could not do as well.
 */
export const PublishConfigurationBody = Type.Object(
  {
    defaultConfiguration: Type.Object({}, { additionalProperties: true, description: 'a configuration layer' }),
    formConfiguration: Type.Object({}, { additionalProperties: true, description: 'a configuration layer' }),
    themeConfiguration: ThemeConfiguration,
    note: Note,
    /** The version the edit started from: a 409 when someone published since (nothing is overwritten unseen). */
    basedOn: Type.Optional(VersionNumber),
  },
  { additionalProperties: false },
);
export type PublishConfigurationBody = Type.Static<typeof PublishConfigurationBody>;

export const RestoreConfigurationBody = Type.Object(
  { note: Type.Optional(Note), basedOn: Type.Optional(VersionNumber) },
  { additionalProperties: false },
);
export type RestoreConfigurationBody = Type.Static<typeof RestoreConfigurationBody>;

export const VersionParams = Type.Object({ orgId: Type.String({ maxLength: 64 }), number: VersionNumber });

export const DiffQuery = Type.Object({ from: VersionNumber, to: VersionNumber }, { additionalProperties: false });

/** One difference: the JSON Pointer (RFC 6901) of what changed, and its value before and after (absent: none). */
const ConfigurationChange = Type.Object({
  path: Type.String(),
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
});

export const ConfigurationDiff = Type.Object({
  from: VersionNumber,
  to: VersionNumber,
  changes: Type.Array(ConfigurationChange),
});
export type ConfigurationDiff = Type.Static<typeof ConfigurationDiff>;

/** An organisation's texts in one of its languages, as the studio's Translations tab downloads it (decision 0052). */
const TranslationTexts = Type.Record(Type.String({ minLength: 1, maxLength: 200 }), Type.String({ maxLength: 10000 }));
/** The lists of texts (textArrays) in the language, by key, as the configuration holds them (decision 0078). */
const TranslationTextArrays = Type.Record(
  Type.String({ minLength: 1, maxLength: 200 }),
  Type.Array(Type.String({ maxLength: 10000 }), { maxItems: 100 }),
);
export const TranslationFile = Type.Object(
  {
    language: Type.String(),
    /** Every text of the organisation's configuration by key, in the language ("" where it is not translated). */
    text: TranslationTexts,
    /** The keys whose text is not translated, in the order of `text`. */
    untranslated: Type.Array(Type.String()),
    /** Every list of texts of the organisation's configuration, in the language ([] where it is not translated). */
    textArrays: Type.Optional(TranslationTextArrays),
  },
  { additionalProperties: false },
);
export type TranslationFile = Type.Static<typeof TranslationFile>;

/** An uploaded translation: its texts and, optionally, its lists of texts (left out: the saved lists are kept). */
export const TranslationUpload = Type.Object(
  { text: TranslationTexts, textArrays: Type.Optional(TranslationTextArrays) },
  { additionalProperties: false },
);
export type TranslationUpload = Type.Static<typeof TranslationUpload>;

export const TranslationParams = Type.Object({
  orgId: Type.String({ maxLength: 64 }),
  language: Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' }),
});

/**
 * The answers of the studio's demo candidate (engine sampleAnswers), whose contextual measures the candidate panel
 * preview shows (decision 0078).
 */
export const ContextualPreviewBody = Type.Object(
  { answers: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 500 }) },
  { additionalProperties: false },
);
export type ContextualPreviewBody = Type.Static<typeof ContextualPreviewBody>;
