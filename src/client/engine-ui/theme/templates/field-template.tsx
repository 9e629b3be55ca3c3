import type { FieldTemplateProps } from '@rjsf/utils';
import { memo, type ReactNode } from 'react';
import { useFormTranslation } from '../form-translation';
import * as formStyles from '#client/ui/form/form.css';
import { visuallyHidden } from '#client/ui/visually-hidden.css';
import type { CompiledField } from '#engine';
import { compiledFieldOf } from '../../context';
import { isLongList, QUESTION_FRAMES } from '../../fields';
import { describedBy, errorId, hintId } from '../../ids';
import { ShownError, useFieldError } from '../field-error';
import * as styles from '../theme.css';

/**
 * "First name" or "Preferred name (optional)": GOV.UK marks optional questions, never required ones. Memoised, as is
 * the hint: a failed Continue re-renders the frame of every question with an error, and these stay as they were.
 */
export const QuestionText = memo(function QuestionText({ label, optional }: { label: string; optional: boolean }) {
  const { t } = useFormTranslation();
  return (
    <>
      {label}
      {optional ? ` ${t('form.optional')}` : null}
    </>
  );
});

/**
 * The inline error message: the visually hidden "Error:" prefix tells screen-reader users what it is. Plain markup of
 * its question's frame, not a component: a failed Continue creates 300 of them in one commit.
 */
export function errorMessage(id: string, message: string, prefix: string): ReactNode {
  return (
    <p id={errorId(id)} className={formStyles.errorMessage}>
      <span className={visuallyHidden}>{prefix}</span> {message}
    </p>
  );
}

export const Hint = memo(function Hint({ id, hint }: { id: string; hint: string }) {
  return (
    <div id={hintId(id)} className={formStyles.hint}>
      {hint}
    </div>
  );
});

/** A question whose list pops up over the questions below it: a type-ahead, or a long list or years as a combobox. */
function hasPopup(field: CompiledField): boolean {
  if (field.kind === 'typeahead' || field.kind === 'year') return true;
  return field.kind === 'select' && (field.options === undefined || isLongList(field.options.length));
}

/**
 * One question, GOV.UK style: label (or legend for grouped inputs) as the question, hint, inline
 * error message and the red left border of a form group with an error. Containers (the step,
 * group items) and repeatable groups render their own frame, so they pass straight through.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { t } = useFormTranslation();
  const field = compiledFieldOf(props.uiSchema?.['ui:options'] as Record<string, unknown> | undefined);
  const error = useFieldError(props.registry, props.id, props.hideError);
  const question = frameQuestion(props, field, error, t);
  // The question's controls read its error from here (one subscriber to the error store per question).
  const shown = <ShownError.Provider value={error}>{question}</ShownError.Provider>;
  if (props.hidden || !field || QUESTION_FRAMES[field.kind] === 'none' || hasPopup(field)) return shown;
  return <div className={styles.deferredQuestion}>{shown}</div>;
}

function frameQuestion(
  props: FieldTemplateProps,
  field: CompiledField | undefined,
  error: string | undefined,
  t: ReturnType<typeof useFormTranslation>['t'],
): ReactNode {
  const { id, label, children, hidden, required, rawDescription, formData } = props;
  if (hidden) return <div hidden>{children}</div>;
  if (!field) return children;
  const kind = field.kind;
  const frame = QUESTION_FRAMES[kind];
  if (frame === 'none') return children;
  const hint = field.hint ?? (rawDescription || (kind === 'date' ? t('form.date.hint') : undefined));
  const optional = !(field.required || required);
  // The question's error class also gives its controls their red border (theme.css `questionError`), so a failed
  // Continue changes one class per question.
  const groupClass = error
    ? `${formStyles.formGroup} ${formStyles.formGroupError} ${styles.questionError}`
    : formStyles.formGroup;
  const hintElement = hint ? <Hint id={id} hint={hint} /> : null;
  const errorElement = error ? errorMessage(id, error, t('form.errorPrefix')) : null;
  const question = <QuestionText label={field.label || label} optional={optional} />;
  if (frame === 'fieldset') {
    return (
      <div className={groupClass}>
        <fieldset className={formStyles.fieldset} aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}>
          <legend className={styles.questionLegend}>{question}</legend>
          {hintElement}
          {errorElement}
          {children}
        </fieldset>
      </div>
    );
  }
  if (frame === 'checkbox') {
    // A single checkbox: its own label is the question, so only the hint and error sit above it.
    return (
      <div className={groupClass}>
        {hintElement}
        {errorElement}
        {children}
      </div>
    );
  }
  if (frame === 'upload' && formData) {
    // A chosen file replaces the file input with its name and Remove: nothing left to label.
    return (
      <div className={groupClass}>
        <div className={styles.questionLabel}>{question}</div>
        {hintElement}
        {errorElement}
        {children}
      </div>
    );
  }
  return (
    <div className={groupClass}>
      <label className={styles.questionLabel} htmlFor={id}>
        {question}
      </label>
      {hintElement}
      {errorElement}
      {children}
    </div>
  );
}
