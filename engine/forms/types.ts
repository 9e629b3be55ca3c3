import type { TextFormat } from '#schemas/configuration';
import type { Edition, UserType } from '#schemas/organization';
import type { FieldKind, ListType, RemoteListType } from '../fields/types';

/** JSON Schema (draft 7 subset used by the engine) and RJSF uiSchema, as plain JSON. */
export type JsonSchema = { [key: string]: unknown };
export type UiSchema = { [key: string]: unknown };

export interface CompileContext {
  /** Language of the texts (the language layer is already merged into the configuration). */
  language: string;
  edition: Edition;
  userType: UserType;
  /** Role the form is for, when it is a role application. */
  roleId?: string;
  /** Today as YYYY-MM-DD: year lists depend on it, and passing it keeps compile pure. */
  today: string;
}

export interface CompiledField {
  id: string;
  kind: FieldKind;
  label: string;
  /**
   * What messages call the field mid-sentence when its label is a question ("Enter your reasons for joining Acme"):
   * text `field.<id>.name`, else a custom question's `name`; absent when there is none (decision 0031).
   */
  name?: string;
  hint?: string;
  required: boolean;
  /** Message when a required answer is missing, from the text `field.<id>.error.required`. */
  requiredMessage?: string;
  list?: ListType;
  remoteList?: RemoteListType;
  options?: readonly (string | number)[];
  /**
   * What answers are called in the form's language, by answer, where that differs from the answer
   * itself: list options, and a type-ahead's known answers (the answer stored stays the same).
   */
  optionLabels?: Readonly<Record<string, string>>;
  /** Shown only while `field` has one of `values`. */
  showIf?: { field: string; values: readonly string[] };
  items?: CompiledField[];
  /** What one item of a repeatable group is called ("University"): text `field.<id>.item`, else the label. */
  itemLabel?: string;
  /** The form a phone or postcode answer must take (decision 0034). */
  format?: TextFormat;
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
  maxWords?: number;
  minimum?: number;
  maximum?: number;
  accept?: readonly string[];
  maxBytes?: number;
  custom?: boolean;
}

export interface CompiledSection {
  id: string;
  title: string;
  description?: string;
  fields: CompiledField[];
}

export interface CompiledStep {
  id: string;
  title: string;
  sections: CompiledSection[];
  /** JSON Schema of the step's answers: visible fields only; `required` lists the visible required ones. */
  schema: JsonSchema;
  uiSchema: UiSchema;
  fieldIds: string[];
}

export interface CompiledForm {
  /** Hash of the configuration and context: equal inputs give the same key (and the same object). */
  key: string;
  language: string;
  steps: CompiledStep[];
  /** The whole application as one schema (all steps), for submit. */
  schema: JsonSchema;
  texts: Readonly<Record<string, string>>;
  textArrays: Readonly<Record<string, readonly string[]>>;
}

export interface FieldError {
  /** Dotted path of the answer, e.g. `universities.0.degreeClass`. */
  field: string;
  message: string;
}
