import type { WidgetProps } from '@rjsf/utils';
import { memo, useEffect, useState } from 'react';
import { useFormTranslation } from '../form-translation';
import { wordCount } from '#engine';
import * as formStyles from '#client/ui/form/form.css';
import { visuallyHidden } from '#client/ui/visually-hidden.css';
import { compiledFieldOf } from '../../context';
import { useInvalidRef } from '../field-error';
import { useTypedText } from '../typed-text';
import { describedBy } from '../../ids';
import * as styles from '../theme.css';

/**
 * Screen readers hear the count once typing pauses, not on every keystroke (as GOV.UK's character count), and not when
 * the question appears: the limit is read with the question (its description).
 */
const ANNOUNCE_DELAY_MS = 1000;

/** Memoised: the question re-renders when its error changes, the count only when the text does. */
const WordCount = memo(function WordCount({ id, text, max }: { id: string; text: string; max: number }) {
  const { t } = useFormTranslation();
  const remaining = max - wordCount(text);
  const message =
    remaining >= 0
      ? t('form.wordCount.remaining', { count: remaining })
      : t('form.wordCount.over', { count: -remaining });
  const [announced, setAnnounced] = useState(message);
  useEffect(() => {
    // No timer while there is nothing new to say: a long step mounts dozens of these at once.
    if (announced === message) return undefined;
    const timer = setTimeout(() => setAnnounced(message), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [message, announced]);
  return (
    <>
      <div id={`${id}-info`} className={visuallyHidden}>
        {t('form.wordCount.limit', { count: max })}
      </div>
      <div
        className={remaining >= 0 ? styles.countMessage : `${styles.countMessage} ${styles.countMessageOver}`}
        aria-hidden="true"
      >
        {message}
      </div>
      <div className={visuallyHidden} aria-live="polite">
        {announced}
      </div>
    </>
  );
});

/** A long answer; with a word limit (maxWords) it counts down the words left as the candidate types. */
export function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, options, schema, hideError, disabled, readonly } = props;
  const field = compiledFieldOf(options);
  const maxWords = field?.maxWords ?? (typeof options.maxWords === 'number' ? options.maxWords : undefined);
  const invalid = useInvalidRef(props.registry, id, hideError);
  const [text, type] = useTypedText(props.registry, id, value, onChange, options.emptyValue);
  return (
    <>
      <textarea
        id={id}
        name={htmlName || id}
        rows={5}
        className={formStyles.textarea}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        ref={invalid}
        aria-describedby={describedBy(
          id,
          Boolean(field?.hint ?? schema.description),
          true,
          maxWords ? `${id}-info` : undefined,
        )}
        onChange={(event) => type(event.target.value)}
      />
      {maxWords ? <WordCount id={id} text={text} max={maxWords} /> : null}
    </>
  );
}
