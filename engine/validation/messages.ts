import type { CompiledField } from '../forms/types';
import { INVALID_POST_CODE } from './postcode';

/** The parts of an Ajv (or RJSF) error the messages need. */
export interface SchemaError {
  keyword: string;
  params: Record<string, unknown> | object;
  /** The keyword's value in the schema (Ajv sets it with `verbose`). */
  schema?: unknown;
}

const CHOICE_KINDS = new Set(['select', 'radio', 'checkboxes', 'yesno', 'year']);

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/**
 * A message that names the field and says how to put it right (GOV.UK Design System style).
 * Configuration can override the required message with the text `field.<id>.error.required`
 * (the compiler puts it in `field.requiredMessage`).
 */
export function errorMessage(error: SchemaError, field: CompiledField | undefined): string {
  const label = field?.label ?? 'This field';
  const name = lowerFirst(label);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
    case 'notBlank':
      if (field?.requiredMessage) return field.requiredMessage;
      if (field?.kind === 'file') return `Upload your ${name}`;
      if (field?.kind === 'consent') return `Confirm: ${name}`;
      return field && CHOICE_KINDS.has(field.kind) ? `Select ${name}` : `Enter ${name}`;
    case 'const':
      return field?.requiredMessage ?? `Confirm: ${name}`;
    case 'minItems':
      if (field?.kind === 'group') return field.requiredMessage ?? `Add at least ${String(params.limit)} to ${name}`;
      return field?.requiredMessage ?? `Select at least ${String(params.limit)} for ${name}`;
    case 'maxItems':
      return `${label} can have at most ${String(params.limit)}`;
    case 'maxLength':
      return `${label} must be ${String(params.limit)} characters or fewer`;
    case 'maxWords':
      return `${label} must be ${String(error.schema)} words or fewer`;
    case 'minimum':
    case 'maximum':
      if (field?.kind === 'percent') return `${label} must be a number from 0 to 100`;
      return error.keyword === 'minimum' ? `${label} must be ${String(params.limit)} or more` : `${label} must be ${String(params.limit)} or less`;
    case 'type':
      if (params.type === 'number' || params.type === 'integer') return `${label} must be a number`;
      return `${label} is not in the right form`;
    case 'enum':
      return `Select ${name} from the list`;
    case 'uniqueItems':
      return `${label} has the same answer twice`;
    case 'additionalProperties':
      return `${label} is not a question on this form`;
    case 'format':
      switch (params.format) {
        case 'email':
          return 'Enter an email address in the correct format, like name@example.com';
        case 'uk-mobile':
          return 'Enter a UK mobile number, like 07700 900 982 or +44 7700 900 982';
        case 'uk-postcode':
          return INVALID_POST_CODE;
        case 'date':
          return `${label} must be a real date`;
        default:
          return `${label} is not in the right form`;
      }
    default:
      return `${label} is not valid`;
  }
}
