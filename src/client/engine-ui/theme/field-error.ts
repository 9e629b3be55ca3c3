import type { Registry } from '@rjsf/utils';
import { useSyncExternalStore } from 'react';
import { engineContext, type ErrorStore } from '../context';

const NO_ERRORS: ErrorStore = {
  get: () => undefined,
  all: () => [],
  subscribe: () => () => undefined,
  show: () => undefined,
  clear: () => undefined,
};

/**
 * The error shown for the question whose input (or group) has the DOM id `id`, from the step's error store: a
 * subscriber re-renders when this question's error changes, not when another's does (decision 0082). None when
 * `hideError`. Read by each question's error message (QuestionError) and a repeatable group's frame; the question's
 * frame itself does not subscribe, so a failed Continue does not render it again (decision 0090).
 */
export function useFieldError(registry: Registry, id: string, hideError?: boolean): string | undefined {
  const errors = engineContext(registry)?.errors ?? NO_ERRORS;
  const error = useSyncExternalStore(errors.subscribe, () => errors.get(id));
  return hideError ? undefined : error;
}

/**
 * Whether the question of the control with the DOM id `id` shows an error (none when `hideError`), for its
 * `aria-invalid` and `aria-describedby`: the control subscribes to a yes or no, so it renders again only when that
 * changes (decision 0090).
 */
export function useHasError(registry: Registry, id: string, hideError?: boolean): boolean {
  const errors = engineContext(registry)?.errors ?? NO_ERRORS;
  const has = useSyncExternalStore(errors.subscribe, () => errors.get(id) !== undefined);
  return !hideError && has;
}
