import type { BaseInputTemplateProps } from '@rjsf/utils';
import type { ChangeEvent, HTMLAttributes } from 'react';
import { KIND_WIDGETS, type WidgetName } from '#engine';
import * as formStyles from '#client/ui/form/form.css';
import { compiledFieldOf } from '../../context';
import { describedBy } from '../../ids';
import { useInvalidRef } from '../field-error';
import { useTypedText } from '../typed-text';
import * as styles from '../theme.css';

interface InputShape {
  type: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  spellCheck?: boolean;
  autoCapitalize?: string;
  width: keyof typeof styles.widths;
  suffix?: string;
}

/**
 * How the answer of each single-line widget (engine KIND_WIDGETS) is typed: keyboard on phones (inputmode), autofill,
 * expected width. The theme registers the input widget under exactly these names.
 */
export const INPUT_SHAPES = {
  text: { type: 'text', width: 'full' },
  email: { type: 'email', autoComplete: 'email', spellCheck: false, width: 'full' },
  tel: { type: 'tel', autoComplete: 'tel', spellCheck: false, width: 'w20' },
  postCode: {
    type: 'text',
    autoComplete: 'postal-code',
    spellCheck: false,
    autoCapitalize: 'characters',
    width: 'w10',
  },
  number: { type: 'text', inputMode: 'decimal', spellCheck: false, width: 'w10' },
  percent: { type: 'text', inputMode: 'decimal', spellCheck: false, width: 'w4', suffix: '%' },
} satisfies Partial<Record<WidgetName, InputShape>>;

export type InputWidgetName = keyof typeof INPUT_SHAPES;

const SHAPES: Partial<Record<WidgetName, InputShape>> = INPUT_SHAPES;

/** Autofill tokens for the catalogue's personal questions (WCAG 1.3.5, identify input purpose). */
const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  preferredName: 'nickname',
  email: 'email',
  mobile: 'tel',
  postCode: 'postal-code',
};

/** Names and post codes are not dictionary words (GOV.UK turns spellcheck off for them). */
const NO_SPELLCHECK = new Set(['firstName', 'lastName', 'preferredName']);

/**
 * The single-line input of text, email, phone, post code, number and percent questions. Wired
 * to its hint and error with aria-describedby; '%' shows as a suffix beside percent inputs.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, onChange, onChangeOverride, options, schema, hideError } =
    props;
  const field = compiledFieldOf(options);
  const kind = field?.kind ?? 'text';
  const shape: InputShape = SHAPES[KIND_WIDGETS[kind]] ?? INPUT_SHAPES.text;
  const [text, type] = useTypedText(props.registry, id, value, onChange, options.emptyValue);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    // "55%" in a percent box means 55: the suffix is ours, not part of the answer.
    type(typed, kind === 'percent' ? typed.replace(/\s*%\s*$/, '') : typed);
  };
  const invalid = useInvalidRef(props.registry, id, hideError);
  const hasHint = Boolean(field?.hint ?? schema.description);
  const id_ = field?.id ?? '';
  const input = (
    <input
      id={id}
      name={htmlName || id}
      type={shape.type}
      inputMode={shape.inputMode}
      autoComplete={AUTOCOMPLETE[id_] ?? shape.autoComplete}
      spellCheck={NO_SPELLCHECK.has(id_) ? false : shape.spellCheck}
      autoCapitalize={shape.autoCapitalize}
      className={`${formStyles.input} ${styles.widths[shape.width]}`}
      value={text}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      ref={invalid}
      aria-describedby={describedBy(id, hasHint, true)}
      onChange={onChangeOverride ?? handleChange}
    />
  );
  if (!shape.suffix) return input;
  return (
    <div className={styles.inputWithSuffix}>
      {input}
      <span className={styles.suffix} aria-hidden="true">
        {shape.suffix}
      </span>
    </div>
  );
}
