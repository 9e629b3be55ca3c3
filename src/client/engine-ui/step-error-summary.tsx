import { useMemo, useSyncExternalStore } from 'react';
import { ErrorSummary } from '#client/ui/form/error-summary';
import type { EngineFormContext } from './context';

/**
 * The error summary at the top of the step: one link per question with a problem, to its input, in the order of the
 * form. It reads the step's error store, so it changes in the same commit as the inline errors, and takes focus after
 * each failed Continue (the step's failure counter changes), not while the candidate is typing.
 */
export function StepErrorSummary({ context }: { context: Pick<EngineFormContext, 'errors' | 'failures'> }) {
  const { errors, failures } = context;
  const shown = useSyncExternalStore(errors.subscribe, errors.all);
  const attempt = useSyncExternalStore(failures.subscribe, failures.get);
  const items = useMemo(() => shown.map((error) => ({ text: error.message, targetId: error.id })), [shown]);
  return <ErrorSummary items={items} focusKey={attempt} />;
}
