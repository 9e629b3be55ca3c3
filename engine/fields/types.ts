import type lists from '#configs/reference-data/lists.json';
import type { TextFormat } from '#schemas/configuration';

/** Reference-data lists of spec §3 whose options travel with the engine. */
export type ListType = keyof typeof lists | 'COUNTRY';

/** Long lists searched on the server (type-ahead), validated as free text of bounded length. */
export type RemoteListType = 'SCHOOL' | 'UNIVERSITY' | 'SUBJECT';

/** How a field is asked and stored. Each kind has one JSON Schema fragment and one widget. */
export type FieldKind =
  | 'text'
  | 'email'
  | 'phone'
  | 'postCode'
  | 'textarea'
  | 'select'
  | 'typeahead'
  | 'radio'
  | 'checkboxes'
  | 'yesno'
  | 'year'
  | 'date'
  | 'number'
  | 'percent'
  | 'file'
  | 'consent'
  | 'group';

export type SectionId =
  | 'personalInformation'
  | 'rightToWork'
  | 'secondaryEducation'
  | 'sixthFormEducation'
  | 'universityEducation'
  | 'crsInformation'
  | 'equalOpportunities'
  | 'documents'
  | 'additionalQuestions'
  | 'termsAndConditions'
  | 'acceptedTermsAndConditions';

/** Year list around the current academic year (spec §9: 50 back; 2, 4 or 9 forward). */
interface YearRange {
  back: number;
  forward: 2 | 4 | 9;
}

/** A field shown only while another field of the same object has one of some values. */
interface ShowIf {
  field: string;
  /**
   * Values of the controlling field that show this one, matched exactly; '@other' stands for each of its options that
   * reads as "other" or "another" (isOtherOption). A hidden controlling field hides this one too.
   */
  oneOf: readonly string[];
}

export interface FieldDefinition {
  id: string;
  kind: FieldKind;
  /** Options from a reference list. */
  list?: ListType;
  /** Long list searched on the server. */
  remoteList?: RemoteListType;
  /** Fixed options (custom questions). */
  options?: readonly string[];
  /** The form a phone or postcode answer takes; configuration (`formats`) may choose another of its kind. */
  format?: TextFormat;
  maxLength?: number;
  maxWords?: number;
  minimum?: number;
  maximum?: number;
  years?: YearRange;
  showIf?: ShowIf;
  /** Whether the configuration may make this field optional; consent to terms may not. */
  alwaysRequired?: boolean;
  /** Defaults to required (spec §5) unless the catalogue says the field is optional by nature. */
  optionalByDefault?: boolean;
  /** Repeatable group: its item fields and bounds. */
  items?: readonly FieldDefinition[];
  minItems?: number;
  maxItems?: number;
  /** Accepted upload types (by content, checked on the server) and size cap. */
  accept?: readonly string[];
  maxBytes?: number;
  /** Section it belongs to (set by the catalogue or the custom question). */
  section: SectionId | string;
  /** Label and hint when they are not catalogue texts (custom questions). */
  label?: string;
  /** A custom question's short name in messages ("your reasons for joining"), for a label that is a question. */
  name?: string;
  hint?: string;
  /** True for custom questions declared in configuration. */
  custom?: boolean;
}
