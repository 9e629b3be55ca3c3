import { useCallback, useLayoutEffect, useRef, type SyntheticEvent } from 'react';
import { BUTTON_CLICK_LOCK_MS } from '#engine';

/**
 * Spec §5: a button ignores clicks for 1 s after a click, so a double click never saves, submits,
 * adds or removes twice. The returned handler accepts the first click, then swallows clicks (and
 * prevents their default, so a submit button does not submit again: Enter in a text field
 * "clicks" the form's submit button too) until `lockMs` have passed. The button stays enabled and
 * focusable throughout, so nothing flickers and focus is never lost.
 */
export function useClickLock<E extends SyntheticEvent>(
  handler?: (event: E) => void,
  lockMs: number = BUTTON_CLICK_LOCK_MS,
): (event: E) => void {
  const lockedUntil = useRef(0);
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback(
    (event: E) => {
      const now = Date.now();
      if (now < lockedUntil.current) {
        event.preventDefault();
        return;
      }
      lockedUntil.current = now + lockMs;
      latest.current?.(event);
    },
    [lockMs],
  );
}
