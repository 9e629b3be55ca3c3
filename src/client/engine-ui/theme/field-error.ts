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
 * question re-renders when its own error changes, not when another's does (decision 0082). None when `hideError`.
 */
export function useFieldError(registry: Registry, id: string, hideError?: boolean): string | undefined {
  const errors = engineContext(registry)?.errors ?? NO_ERRORS;
  const error = useSyncExternalStore(errors.subscribe, () => errors.get(id));
  return hideError ? undefined : error;
}
