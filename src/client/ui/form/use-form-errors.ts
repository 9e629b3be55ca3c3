import { useState } from 'react';
import type { SummaryError } from './error-summary';

/**
 * The errors of a hand-written form: `fail` shows them and bumps `attempt`, so the error summary
 * (focusKey={attempt}) takes focus again on each failed submit; `of(id)` is a field's message.
 */
export function useFormErrors() {
  const [errors, setErrors] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  return {
    errors,
    attempt,
    fail: (list: SummaryError[]) => {
      setErrors(list);
      setAttempt((n) => n + 1);
    },
    clear: () => setErrors([]),
    of: (id: string) => errors.find((e) => e.fieldId === id)?.message,
  };
}
