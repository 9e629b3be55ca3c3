import type { Configuration } from '#schemas/configuration';
import { own } from './own';

/**
 * Spec §5: fields, hr, menus and subsections are visible unless explicitly false;
 * `required` defaults to true unless explicitly false; a hidden field is never required.
 */
export type FlagGroup = 'fields' | 'hr' | 'menus' | 'subsections';

export function isVisible(configuration: Configuration, group: FlagGroup, id: string): boolean {
  return own(configuration[group], id) !== false;
}

export function isRequired(configuration: Configuration, fieldId: string): boolean {
  return isVisible(configuration, 'fields', fieldId) && own(configuration.required, fieldId) !== false;
}

/**
 * Terms count as accepted for a role application when the terms are accepted or the rare
 * consent is not false (spec §5).
 */
export function termsAccepted(answers: { acceptTermAndConditions?: unknown; acceptRare?: unknown }): boolean {
  return answers.acceptTermAndConditions === true || answers.acceptRare !== false;
}
