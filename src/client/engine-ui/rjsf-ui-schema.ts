import type { UiSchema } from '@rjsf/utils';
import type { CompiledField, CompiledStep } from '#engine';

/** The custom RJSF field that renders a file question (its answer is an object, not a string). */
export const FILE_FIELD = 'engineFile';

type Ui = Record<string, unknown>;

function fieldsUi(fields: readonly CompiledField[], ui: Ui): Ui {
  const out: Ui = { 'ui:order': ui['ui:order'] ?? fields.map((f) => f.id) };
  for (const field of fields) {
    const own = (ui[field.id] ?? {}) as Ui;
    // `compiled` (not `field`: RJSF reads `ui:options.field` as a custom field) carries the
    // compiled field to templates and widgets: label, hint, required, kind, options, limits.
    const next: Ui = { ...own, 'ui:options': { ...((own['ui:options'] as Ui | undefined) ?? {}), compiled: field } };
    if (field.kind === 'group') {
      // A `ui:widget` on an array makes RJSF render it as one custom widget; groups use the array
      // templates instead (one fieldset per item, Add another, Remove).
      delete next['ui:widget'];
      next.items = fieldsUi(field.items ?? [], (own.items as Ui | undefined) ?? {});
    }
    if (field.kind === 'file') {
      delete next['ui:widget'];
      next['ui:field'] = FILE_FIELD;
    }
    out[field.id] = next;
  }
  return out;
}

const cache = new WeakMap<CompiledStep, Map<string, UiSchema>>();

/**
 * The uiSchema RJSF renders a compiled step with: the engine's uiSchema plus the compiled field of
 * every entry. Cached per step object and submit text, so RJSF sees the same object on every
 * render (a new uiSchema would re-render every field).
 */
export function renderUiSchema(step: CompiledStep, submitText: string): UiSchema {
  let bySubmit = cache.get(step);
  if (!bySubmit) {
    bySubmit = new Map();
    cache.set(step, bySubmit);
  }
  let ui = bySubmit.get(submitText);
  if (!ui) {
    ui = {
      ...fieldsUi(
        step.sections.flatMap((s) => s.fields),
        step.uiSchema as Ui,
      ),
      'ui:submitButtonOptions': { submitText },
    } as UiSchema;
    bySubmit.set(submitText, ui);
  }
  return ui;
}
