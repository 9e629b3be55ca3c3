import type { FormProps } from '@rjsf/core';
import type { RegistryFieldsType, RegistryWidgetsType, RJSFSchema, Widget, WidgetProps } from '@rjsf/utils';
import type { Answers, WidgetName } from '#engine';
import type { EngineFormContext } from '../context';
import { FILE_FIELD } from '../rjsf-ui-schema';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from './templates/array-field-template';
import { BaseInputTemplate, INPUT_SHAPES, type InputWidgetName } from './templates/base-input-template';
import { Nothing, SubmitButton } from './templates/buttons';
import { FieldTemplate } from './templates/field-template';
import { ObjectFieldTemplate } from './templates/object-field-template';
import { CheckboxesWidget, ConsentWidget, RadioWidget, SelectWidget, YesNoWidget } from './widgets/choice-widgets';
import { DateWidget } from './widgets/date-widget';
import { FileField } from './widgets/file-field';
import { NumberField } from './number-field';
import { StableObjectField } from './stable-object-field';
import { TextareaWidget } from './widgets/textarea-widget';
import { TypeaheadWidget } from './widgets/typeahead-widget';

/** Text-like widgets share the input template (which picks type, inputmode and autofill by kind). */
function InputWidget(props: WidgetProps) {
  return <BaseInputTemplate {...props} />;
}

type Templates = NonNullable<FormProps<Answers, RJSFSchema, EngineFormContext>['templates']>;

/**
 * The GOV.UK theme for compiled forms, as RJSF templates, widgets and fields. Module constants:
 * RJSF compares its registry on every change, and the same objects make that cheap.
 */
export const templates: Templates = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  BaseInputTemplate,
  DescriptionFieldTemplate: Nothing,
  TitleFieldTemplate: Nothing,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  ArrayFieldTitleTemplate: Nothing,
  ArrayFieldDescriptionTemplate: Nothing,
  ButtonTemplates: { SubmitButton },
};

/** Widget names the engine gives that RJSF renders otherwise: groups with the array templates, files with FileField. */
type OwnFrameWidget = 'group' | 'file';

/** The single-line widgets: one input template, shaped by the widget's name. */
const inputWidgets = Object.fromEntries(Object.keys(INPUT_SHAPES).map((name) => [name, InputWidget])) as Record<
  InputWidgetName,
  Widget
>;

/** One widget per `ui:widget` of engine/forms/kinds.ts (KIND_WIDGETS): a new name fails here until it has one. */
const engineWidgets: Record<Exclude<WidgetName, OwnFrameWidget>, Widget> = {
  ...inputWidgets,
  textarea: TextareaWidget,
  select: SelectWidget,
  radio: RadioWidget,
  checkboxes: CheckboxesWidget,
  yesno: YesNoWidget,
  consent: ConsentWidget,
  date: DateWidget,
  typeahead: TypeaheadWidget,
};

export const widgets: RegistryWidgetsType = {
  ...engineWidgets,
  // RJSF's own widget names, for any schema without an engine widget.
  TextWidget: InputWidget,
  SelectWidget,
  RadioWidget,
  CheckboxesWidget,
  TextareaWidget,
};

export const fields: RegistryFieldsType = {
  ObjectField: StableObjectField,
  NumberField,
  [FILE_FIELD]: FileField,
};
