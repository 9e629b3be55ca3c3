import type { FieldTemplateProps, Registry } from '@rjsf/utils';
import { memo, useCallback, type ReactNode } from 'react';
import { useFormTranslation } from '../form-translation';
import * as formStyles from '#client/ui/form/form.css';
import { visuallyHidden } from '#client/ui/visually-hidden.css';
import type { CompiledField } from '#engine';
import { compiledFieldOf } from '../../context';
import { isLongList, QUESTION_FRAMES } from '../../fields';
import { describedBy, errorId, hintId } from '../../ids';
import { useErrorRef, type ErrorWriter } from '../field-error';
import * as styles from '../theme.css';

/**
 * "First name" or "Preferred name (optional)": GOV.UK marks optional questions, never required ones. Memoised, as is
 * the hint: they stay as they were whenever their frame renders again.
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
 * A repeatable group's inline error message: the visually hidden "Error:" prefix tells screen-reader users what it
 * is. A question's own is QuestionError.
 */
export function errorMessage(id: string, message: string, prefix: string): ReactNode {
  return (
    <p id={errorId(id)} className={formStyles.errorMessage}>
      <span className={visuallyHidden}>{prefix}</span> {message}
    </p>
  );
}

/**
 * A question's inline error, always in the document and empty while the question has none (CSS hides it then). Its
 * text is written into it from the step's error store (useErrorRef), not rendered: a failed Continue fills in 300 of
 * these without React rendering any question again. The red left border of the group and the error border of its
 * controls follow from it by CSS (theme.css `questionErrorText`, decisions 0090 and 0092).
 */
const QuestionError = memo(function QuestionError({
  registry,
  id,
  hideError,
}: {
  registry: Registry;
  id: string;
  hideError?: boolean;
}) {
  const { t } = useFormTranslation();
  const prefix = t('form.errorPrefix');
  const write = useCallback<ErrorWriter<HTMLParagraphElement>>(
    (paragraph, message) => {
      if (message === undefined) {
        paragraph.replaceChildren();
        return;
      }
      // The visually hidden "Error:" tells screen-reader users what the message is.
      const hidden = document.createElement('span');
      hidden.className = visuallyHidden;
      hidden.textContent = prefix;
      paragraph.replaceChildren(hidden, ` ${message}`);
    },
    [prefix],
  );
  const ref = useErrorRef(registry, id, hideError, write);
  return <p id={errorId(id)} ref={ref} className={`${formStyles.errorMessage} ${styles.questionErrorText}`} />;
});

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
  const question = frameQuestion(props, field, t);
  if (props.hidden || !field || QUESTION_FRAMES[field.kind] === 'none' || hasPopup(field)) return question;
  return <div className={styles.deferredQuestion}>{question}</div>;
}

function frameQuestion(
  props: FieldTemplateProps,
  field: CompiledField | undefined,
  t: ReturnType<typeof useFormTranslation>['t'],
): ReactNode {
  const { id, label, children, hidden, required, rawDescription, formData, registry, hideError } = props;
  if (hidden) return <div hidden>{children}</div>;
  if (!field) return children;
  const kind = field.kind;
  const frame = QUESTION_FRAMES[kind];
  if (frame === 'none') return children;
  const hint = field.hint ?? (rawDescription || (kind === 'date' ? t('form.date.hint') : undefined));
  const optional = !(field.required || required);
  // The group's red left border and its controls' error border come from the error message by CSS (theme.css
  // `questionGroup`, `questionErrorText`): the frame is the same with or without an error.
  const groupClass = `${formStyles.formGroup} ${styles.questionGroup}`;
  const hintElement = hint ? <Hint id={id} hint={hint} /> : null;
  const errorElement = <QuestionError registry={registry} id={id} hideError={hideError} />;
  const question = <QuestionText label={field.label || label} optional={optional} />;
  if (frame === 'fieldset') {
    return (
      <div className={groupClass}>
        <fieldset className={formStyles.fieldset} aria-describedby={describedBy(id, Boolean(hint), true)}>
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
