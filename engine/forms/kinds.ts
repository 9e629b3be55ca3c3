import type { TextFormat } from '#schemas/configuration';
import { TEXT_LIMIT_LONG, TEXT_LIMIT_SHORT } from '../constants';
import type { FieldKind } from '../fields/types';
import type { CompiledField, JsonSchema, UiSchema } from './types';

/**
 * The `ui:widget` each kind is asked with. The client registers one component per name
 * (src/client/engine-ui/theme/index.tsx, typed by `WidgetName`), so a kind with a new widget name does not
 * type-check until the client can render it.
 */
export const KIND_WIDGETS = {
  text: 'text',
  email: 'email',
  phone: 'tel',
  postCode: 'postCode',
  textarea: 'textarea',
  select: 'select',
  radio: 'radio',
  typeahead: 'typeahead',
  checkboxes: 'checkboxes',
  yesno: 'yesno',
  consent: 'consent',
  year: 'select',
  date: 'date',
  number: 'number',
  percent: 'percent',
  file: 'file',
  group: 'group',
} as const satisfies Record<FieldKind, string>;

export type WidgetName = (typeof KIND_WIDGETS)[FieldKind];

/**
 * The string formats the kinds' schemas use (defined in engine/validation/ajv.ts, each with its message): a phone's
 * and a postcode's is the field's own (the catalogue's, or the configuration's `formats`, decision 0034).
 */
export type AnswerFormat = 'email' | 'date' | TextFormat;

/**
 * One JSON Schema fragment per field kind (a table, not a conditional chain).
 * `required` is expressed by the parent object's `required` list; fragments add what required
 * means inside a value (non-blank text, a ticked consent, at least one choice).
 */
type SchemaBuilder = (field: CompiledField) => JsonSchema;

const text =
  (max: number, format?: AnswerFormat): SchemaBuilder =>
  (field) => ({
    type: 'string',
    maxLength: field.maxLength ?? max,
    ...((format ?? field.format) ? { format: format ?? field.format } : {}),
    ...(field.required ? { notBlank: true } : {}),
    ...(field.maxWords ? { maxWords: field.maxWords } : {}),
  });

const choice: SchemaBuilder = (field) => ({ type: 'string', enum: [...(field.options ?? [])] });

export const KIND_SCHEMAS: Record<FieldKind, SchemaBuilder> = {
  text: text(TEXT_LIMIT_SHORT),
  email: text(TEXT_LIMIT_SHORT, 'email'),
  phone: text(20),
  postCode: text(10),
  textarea: text(TEXT_LIMIT_LONG),
  select: choice,
  radio: choice,
  typeahead: text(TEXT_LIMIT_SHORT),
  checkboxes: (field) => ({
    type: 'array',
    items: { type: 'string', enum: [...(field.options ?? [])] },
    uniqueItems: true,
    ...(field.required ? { minItems: 1 } : {}),
  }),
  yesno: () => ({ type: 'boolean' }),
  consent: (field) => (field.required ? { type: 'boolean', const: true } : { type: 'boolean' }),
  year: (field) => ({ type: 'integer', enum: [...(field.options ?? [])] }),
  date: () => ({ type: 'string', format: 'date' }),
  number: (field) => ({
    type: 'number',
    ...(field.minimum === undefined ? {} : { minimum: field.minimum }),
    ...(field.maximum === undefined ? {} : { maximum: field.maximum }),
  }),
  percent: () => ({ type: 'number', minimum: 0, maximum: 100 }),
  file: () => ({
    type: 'object',
    properties: {
      id: { type: 'string', minLength: 1, maxLength: 64 },
      name: { type: 'string', minLength: 1, maxLength: TEXT_LIMIT_SHORT },
      size: { type: 'integer', minimum: 0 },
      contentType: { type: 'string', maxLength: 255 },
    },
    required: ['id', 'name'],
    additionalProperties: false,
  }),
  group: (field) => ({
    type: 'array',
    items: objectSchema(field.items ?? []).schema,
    ...(field.required ? { minItems: Math.max(1, field.minItems ?? 1) } : {}),
    ...(field.maxItems ? { maxItems: field.maxItems } : {}),
  }),
};

/** The object schema of a list of sibling fields, with conditional requirements for `showIf` fields. */
export function objectSchema(fields: readonly CompiledField[]): { schema: JsonSchema; uiSchema: UiSchema } {
  const properties: Record<string, JsonSchema> = {};
  const uiSchema: UiSchema = { 'ui:order': fields.map((f) => f.id) };
  const required: string[] = [];
  const conditions: JsonSchema[] = [];
  for (const field of fields) {
    const schema = KIND_SCHEMAS[field.kind](field);
    properties[field.id] = { ...schema, title: field.label, ...(field.hint ? { description: field.hint } : {}) };
    uiSchema[field.id] = fieldUi(field, KIND_WIDGETS[field.kind]);
    if (!field.required) continue;
    if (field.showIf) {
      conditions.push({
        if: {
          properties: { [field.showIf.field]: { enum: [...field.showIf.values] } },
          required: [field.showIf.field],
        },
        then: { required: [field.id] },
      });
    } else {
      required.push(field.id);
    }
  }
  const schema: JsonSchema = { type: 'object', properties, additionalProperties: false };
  if (required.length) schema.required = required;
  if (conditions.length) schema.allOf = conditions;
  return { schema, uiSchema };
}

function fieldUi(field: CompiledField, widget: WidgetName): UiSchema {
  const options: Record<string, unknown> = { kind: field.kind };
  if (field.showIf) options.showIf = field.showIf;
  if (field.remoteList) options.remoteList = field.remoteList;
  if (field.list) options.list = field.list;
  if (field.maxWords) options.maxWords = field.maxWords;
  if (field.accept) options.accept = field.accept;
  if (field.maxBytes) options.maxBytes = field.maxBytes;
  const ui: UiSchema = { 'ui:widget': widget, 'ui:options': options };
  if (field.optionLabels && field.options) ui['ui:enumNames'] = { ...field.optionLabels };
  if (field.kind === 'group' && field.items) {
    ui.items = objectSchema(field.items).uiSchema;
    options.addable = true;
    options.removable = true;
    options.orderable = false;
  }
  return ui;
}
