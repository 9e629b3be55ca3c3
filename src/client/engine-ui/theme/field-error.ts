import type { Registry } from '@rjsf/utils';
import { useCallback, useSyncExternalStore, type RefCallback } from 'react';
import { engineContext, type ErrorStore } from '../context';

const NO_ERRORS: ErrorStore = {
  get: () => undefined,
  all: () => [],
  subscribe: () => () => undefined,
  show: () => undefined,
  clear: () => undefined,
};

const errorsOf = (registry: Registry): ErrorStore => engineContext(registry)?.errors ?? NO_ERRORS;

/**
 * The error shown for the question whose input (or group) has the DOM id `id`, from the step's error store: a
 * subscriber re-renders when this question's error changes, not when another's does (decision 0082). None when
 * `hideError`. Read by a repeatable group's frame; a question's own error and its controls' state are written by
 * `useErrorRef` instead, without rendering.
 */
export function useFieldError(registry: Registry, id: string, hideError?: boolean): string | undefined {
  const errors = errorsOf(registry);
  const error = useSyncExternalStore(errors.subscribe, () => errors.get(id));
  return hideError ? undefined : error;
}

/**
 * Whether the question of the control with the DOM id `id` shows an error (none when `hideError`), for a control
 * whose invalid state also has a source of its own (a refused file): it renders again when that changes.
 */
export function useHasError(registry: Registry, id: string, hideError?: boolean): boolean {
  const errors = errorsOf(registry);
  const has = useSyncExternalStore(errors.subscribe, () => errors.get(id) !== undefined);
  return !hideError && has;
}

/** Writes a question's error (or its absence) into an element of the question. */
export type ErrorWriter<E extends Element> = (element: E, message: string | undefined) => void;

/**
 * A ref that keeps an element of the question whose input (or group) has the DOM id `id` in step with the question's
 * error in the step's error store: `write` is called when the element appears with an error already shown, then each
 * time the question's error changes (none when `hideError`), and once more with none when the element goes or the
 * ref changes. The element is written to, not rendered again: a failed Continue of a long step changes 300 messages
 * and 450 controls, which React took about 25 ms to reconcile across RJSF's tree of fields (decision 0092). One
 * stable `write` per kind of element keeps the ref the same from render to render; the ref may be given to several
 * elements (the boxes of a date).
 */
export function useErrorRef<E extends Element>(
  registry: Registry,
  id: string,
  hideError: boolean | undefined,
  write: ErrorWriter<E>,
): RefCallback<E> {
  const errors = errorsOf(registry);
  return useCallback(
    (element: E | null) => {
      if (!element || hideError) return;
      let shown: string | undefined;
      const update = () => {
        const message = errors.get(id);
        if (message === shown) return;
        shown = message;
        write(element, message);
      };
      update();
      const unsubscribe = errors.subscribe(update);
      return () => {
        unsubscribe();
        if (shown !== undefined) write(element, undefined);
      };
    },
    [errors, id, hideError, write],
  );
}

/** A control's `aria-invalid` while its question shows an error: screen readers say so; CSS gives the red border. */
const markInvalid: ErrorWriter<Element> = (control, message) => {
  if (message === undefined) control.removeAttribute('aria-invalid');
  else control.setAttribute('aria-invalid', 'true');
};

/** The ref of a question's control (or each of its boxes): `aria-invalid` while the question shows an error. */
export function useInvalidRef(registry: Registry, id: string, hideError?: boolean): RefCallback<Element> {
  return useErrorRef(registry, id, hideError, markInvalid);
}
