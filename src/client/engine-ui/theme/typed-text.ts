import type { Registry } from '@rjsf/utils';
import { useState } from 'react';
import { engineContext } from '../context';

const shown = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * A text box's text and the function its change event calls with the text and the answer it means (the text itself
 * unless given; an empty answer is `emptyValue`, RJSF's option for a cleared box). The text is the
 * box's own state, so a key re-renders the box alone and is painted in the next frame; the answer reaches RJSF once
 * typing pauses, through the step's pending answers (decision 0094). A value the form gives that is not the one typed
 * (the form's own change) replaces the text, unless a newer answer of the box is still waiting.
 */
export function useTypedText(
  registry: Registry,
  id: string,
  value: unknown,
  onChange: (answer: unknown) => void,
  emptyValue: unknown,
): [string, (text: string, answer?: string) => void] {
  const pending = engineContext(registry)?.pending;
  const [text, setText] = useState(() => shown(value));
  const [known, setKnown] = useState(value);
  if (!Object.is(value, known)) {
    // Derived state: the form's value changed (a render-time update, no effect needed).
    setKnown(value);
    if (!pending?.waiting(id)) setText(shown(value));
  }
  const type = (next: string, meant = next) => {
    setText(next);
    const answer = meant === '' ? emptyValue : meant;
    if (pending) pending.defer(id, () => onChange(answer));
    else onChange(answer);
  };
  return [text, type];
}
