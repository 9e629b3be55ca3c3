import { TEXT_LIMIT_LONG, TEXT_LIMIT_SHORT } from '../constants';
import type { FieldKind } from '../fields/types';
import type { CompiledField, JsonSchema, UiSchema } from './types';

/**
 * One JSON Schema fragment and one widget per field kind (a table, not a conditional chain).
 * `required` is expressed by the parent object's `required` list; fragments add what required
 * means inside a value (non-blank text, a ticked consent, at least one choice).
 */
type KindBuilder = (field: CompiledField) => { schema: JsonSchema; widget: string };

const text =
  (max: number, format?: string): KindBuilder =>
  (field) => ({
    schema: {
      type: 'string',
      maxLength: field.maxLength ?? max,
      ...(format ? { format } : {}),
      ...(field.required ? { notBlank: true } : {}),
      ...(field.maxWords ? { maxWords: field.maxWords } : {}),
    },
    widget: 'text',
  });

const choice: KindBuilder = (field) => ({
  schema: { type: 'string', enum: [...(field.options ?? [])] },
  widget: 'select',
});

export const KINDS: Record<FieldKind, KindBuilder> = {
  text: text(TEXT_LIMIT_SHORT),
  email: (field) => ({ ...text(TEXT_LIMIT_SHORT, 'email')(field), widget: 'email' }),
  ukMobile: (field) => ({ ...text(20, 'uk-mobile')(field), widget: 'tel' }),
  postCode: (field) => ({ ...text(10, 'uk-postcode')(field), widget: 'postCode' }),
  textarea: (field) => ({ ...text(TEXT_LIMIT_LONG)(field), widget: 'textarea' }),
  select: choice,
  radio: (field) => ({ ...choice(field), widget: 'radio' }),
  typeahead: (field) => ({ ...text(TEXT_LIMIT_SHORT)(field), widget: 'typeahead' }),
  checkboxes: (field) => ({
    schema: {
      type: 'array',
      items: { type: 'string', enum: [...(field.options ?? [])] },
      uniqueItems: true,
      ...(field.required ? { minItems: 1 } : {}),
    },
    widget: 'checkboxes',
  }),
  yesno: () => ({ schema: { type: 'boolean' }, widget: 'yesno' }),
  consent: (field) => ({
    schema: field.required ? { type: 'boolean', const: true } : { type: 'boolean' },
    widget: 'consent',
  }),
  year: (field) => ({ schema: { type: 'integer', enum: [...(field.options ?? [])] }, widget: 'select' }),
  date: () => ({ schema: { type: 'string', format: 'date' }, widget: 'date' }),
  number: (field) => ({
    schema: {
      type: 'number',
      ...(field.minimum === undefined ? {} : { minimum: field.minimum }),
      ...(field.maximum === undefined ? {} : { maximum: field.maximum }),
    },
    widget: 'number',
  }),
  percent: () => ({ schema: { type: 'number', minimum: 0, maximum: 100 }, widget: 'percent' }),
  file: () => ({
    schema: {
      type: 'object',
      properties: {
        id: { type: 'string', minLength: 1, maxLength: 64 },
        name: { type: 'string', minLength: 1, maxLength: TEXT_LIMIT_SHORT },
        size: { type: 'integer', minimum: 0 },
        contentType: { type: 'string', maxLength: 255 },
      },
      required: ['id', 'name'],
      additionalProperties: false,
    },
    widget: 'file',
  }),
  group: (field) => ({
    schema: {
      type: 'array',
      items: objectSchema(field.items ?? []).schema,
      ...(field.required ? { minItems: Math.max(1, field.minItems ?? 1) } : {}),
      ...(field.maxItems ? { maxItems: field.maxItems } : {}),
    },
    widget: 'group',
  }),
};

/** The object schema of a list of sibling fields, with conditional requirements for `showIf` fields. */
export function objectSchema(fields: readonly CompiledField[]): { schema: JsonSchema; uiSchema: UiSchema } {
  const properties: Record<string, JsonSchema> = {};
  const uiSchema: UiSchema = { 'ui:order': fields.map((f) => f.id) };
  const required: string[] = [];
  const conditions: JsonSchema[] = [];
  for (const field of fields) {
    const { schema, widget } = KINDS[field.kind](field);
    properties[field.id] = { ...schema, title: field.label, ...(field.hint ? { description: field.hint } : {}) };
    uiSchema[field.id] = fieldUi(field, widget);
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

function fieldUi(field: CompiledField, widget: string): UiSchema {
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
