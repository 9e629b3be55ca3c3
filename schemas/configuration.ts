import { Type } from 'typebox';
import { literalUnion } from './vocabularies';

/**
 * The configuration format of an organisation's defaultConfiguration / formConfiguration, of a
 * role's formConfiguration and of its per-language jsonConfigurations (spec §3). Every part is
 * optional: a layer says only what it changes. The engine (engine/config) checks the references
 * (field, section, step and list names) that a JSON Schema cannot know.
 */

const Identifier = Type.String({
  pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$',
  description: 'an identifier: a letter, then letters, digits or _',
});

/** The forms a phone answer may be asked in, and those of a postcode (decision 0034: a region layer chooses). */
export const PHONE_FORMATS = ['uk-mobile', 'au-mobile', 'hk-mobile', 'international-phone'] as const;
export const POSTCODE_FORMATS = ['uk-postcode', 'au-postcode', 'international-postcode'] as const;
const TextFormat = literalUnion([...PHONE_FORMATS, ...POSTCODE_FORMATS]);
export type TextFormat = Type.Static<typeof TextFormat>;

/** Flags: `false` hides (or, under `required`, makes optional); anything else leaves the default. */
const Flags = Type.Record(Identifier, Type.Boolean());

export const StepDefinition = Type.Object(
  {
    id: Identifier,
    /** Sections shown on this step, in order. */
    sections: Type.Array(Identifier, { minItems: 1 }),
    /** Key of the step title in the texts; defaults to `step.<id>.title`. */
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type StepDefinition = Type.Static<typeof StepDefinition>;

const Views = Type.Object(
  {
    /** The ordered steps of a role application. */
    application: Type.Optional(Type.Array(StepDefinition, { minItems: 1 })),
    /** The ordered sections of the candidate profile. */
    profile: Type.Optional(Type.Array(Identifier, { minItems: 1 })),
  },
  { additionalProperties: false },
);
type Views = Type.Static<typeof Views>;

const CustomQuestionType = Type.Union([
  Type.Literal('text'),
  Type.Literal('textarea'),
  Type.Literal('number'),
  Type.Literal('select'),
  Type.Literal('radio'),
  Type.Literal('checkboxes'),
  Type.Literal('yesno'),
  Type.Literal('date'),
]);
type CustomQuestionType = Type.Static<typeof CustomQuestionType>;

export const CustomQuestion = Type.Object(
  {
    id: Identifier,
    type: CustomQuestionType,
    label: Type.String({ minLength: 1, maxLength: 500 }),
    /** What error messages call it mid-sentence when the label is a question ("your reasons for joining us"). */
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    hint: Type.Optional(Type.String({ maxLength: 1000 })),
    /** Section the question appears in; defaults to `additionalQuestions`. */
    section: Type.Optional(Identifier),
    /** Fixed answers for select, radio and checkboxes. */
    options: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { minItems: 1, maxItems: 200 })),
    /** A reference-data list (spec §3) as the answers instead of fixed options. */
    list: Type.Optional(Type.String({ pattern: '^[A-Z][A-Z0-9_]*$' })),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 4096 })),
    maxWords: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000 })),
    minimum: Type.Optional(Type.Number()),
    maximum: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
export type CustomQuestion = Type.Static<typeof CustomQuestion>;

export const Configuration = Type.Object(
  {
    views: Type.Optional(Views),
    /** Text overrides by key, e.g. `field.firstName.label`, `section.crsInformation.title`. */
    text: Type.Optional(Type.Record(Type.String({ minLength: 1, maxLength: 200 }), Type.String({ maxLength: 10000 }))),
    textArrays: Type.Optional(
      Type.Record(
        Type.String({ minLength: 1, maxLength: 200 }),
        Type.Array(Type.String({ maxLength: 10000 }), { maxItems: 100 }),
      ),
    ),
    /** Hiring-side features and panels; visible unless false. */
    hr: Type.Optional(Flags),
    /** Candidate fields; visible unless false. */
    fields: Type.Optional(Flags),
    /** Candidate fields; required unless false. */
    required: Type.Optional(Flags),
    /** Navigation menus; visible unless false. */
    menus: Type.Optional(Flags),
    /** Form and profile sections; visible unless false. */
    subsections: Type.Optional(Flags),
    /** The reference list a catalogue question takes its options from, by field id (e.g. a region's permit types). */
    lists: Type.Optional(Type.Record(Identifier, Type.String({ pattern: '^[A-Z][A-Z0-9_]*$' }))),
    /** The form a catalogue phone or postcode answer must take, by field id (e.g. an Australian mobile). */
    formats: Type.Optional(Type.Record(Identifier, TextFormat)),
    /** Questions of the organisation or role, beyond the catalogue. */
    custom: Type.Optional(Type.Array(CustomQuestion, { maxItems: 300 })),
  },
  { additionalProperties: false },
);
export type Configuration = Type.Static<typeof Configuration>;

/**
 * A parsed configuration file without its `$schema` key: the editor's link to configs/schemas
 * (npm run schemas), which is neither part of the format nor stored nor served.
 */
export function withoutSchemaKey<T>(value: T): Omit<T, '$schema'> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('$schema' in value)) return value;
  const { $schema: _schema, ...rest } = value as Record<string, unknown>;
  return rest as Omit<T, '$schema'>;
}
