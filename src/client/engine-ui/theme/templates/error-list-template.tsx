import type { ErrorListProps } from '@rjsf/utils';
import { useSyncExternalStore } from 'react';
import { engineContext } from '../../context';
import { ErrorSummary } from '#client/ui/form/error-summary';
import { fieldDomId, ID_PREFIX, propertyPath } from '../../ids';

const never = () => () => undefined;
const zero = () => 0;

/**
 * The error summary at the top of the step: one link per question with a problem, to its input.
 * It takes focus after each failed Continue (the step's failure counter changes), not while the
 * candidate is typing.
 */
export function ErrorListTemplate({ errors, registry }: ErrorListProps) {
  const ctx = engineContext(registry);
  const failures = ctx?.failures;
  const attempt = useSyncExternalStore(failures?.subscribe ?? never, failures?.get ?? zero, failures?.get ?? zero);
  const idPrefix = ctx?.idPrefix ?? ID_PREFIX;
  const items = errors.map((error) => ({
    text: error.message ?? error.stack,
    targetId: fieldDomId(propertyPath(error.property), idPrefix),
  }));
  return <ErrorSummary items={items} focusKey={attempt} />;
}
