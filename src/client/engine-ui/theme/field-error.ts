import type { Registry } from '@rjsf/utils';
import { createContext, useContext, useSyncExternalStore } from 'react';
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
 * Only a question's frame (FieldTemplate, ArrayFieldTemplate) subscribes; its controls read the error it provides
 * (useShownError), so a failed Continue wakes one subscriber per question, not two (decision 0088).
 */
export function useFieldError(registry: Registry, id: string, hideError?: boolean): string | undefined {
  const errors = engineContext(registry)?.errors ?? NO_ERRORS;
  const error = useSyncExternalStore(errors.subscribe, () => errors.get(id));
  return hideError ? undefined : error;
}

/** The error of the question around a control, as its frame (FieldTemplate) read it from the step's error store. */
export const ShownError = createContext<string | undefined>(undefined);

/** Whether the question this control belongs to shows an error (none when `hideError`). */
export function useHasError(hideError?: boolean): boolean {
  const error = useContext(ShownError);
  return !hideError && Boolean(error);
}
