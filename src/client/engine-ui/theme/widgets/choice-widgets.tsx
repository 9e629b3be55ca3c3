import { useMemo, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { useFormTranslation } from '../form-translation';
import * as formStyles from '#client/ui/form/form.css';
import { compiledFieldOf } from '../../context';
import { isLongList } from '../../fields';
import { describedBy } from '../../ids';
import { useInvalidRef } from '../field-error';
import * as styles from '../theme.css';
import { ComboboxWidget } from './combobox-widget';

type Options = EnumOptionsType[];

/** GOV.UK ids of grouped inputs: the first takes the question's id (the error summary links to it). */
const optionDomId = (id: string, index: number) => (index === 0 ? id : `${id}-${index + 1}`);

function hasHint(props: WidgetProps): boolean {
  return Boolean(compiledFieldOf(props.options)?.hint ?? props.schema.description);
}

interface ChoiceProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type' | 'id'> {
  id: string;
  type: 'radio' | 'checkbox';
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** One radio or checkbox with its label, GOV.UK style. */
function Choice({ id, type, label, ...input }: ChoiceProps) {
  return (
    <div className={formStyles.choice}>
      <input id={id} className={formStyles.choiceInput} type={type} {...input} />
      <label className={formStyles.choiceLabel} htmlFor={id}>
        {label}
      </label>
    </div>
  );
}

/** One answer from a list: a drop-down, or a combobox for a long list; the answer keeps its type (years are integers).
 * */
export function SelectWidget(props: WidgetProps) {
  const enumOptions = (props.options.enumOptions ?? []) as Options;
  return isLongList(enumOptions.length) ? <ComboboxWidget {...props} /> : <DropDown {...props} />;
}

function DropDown(props: WidgetProps) {
  const { t } = useFormTranslation();
  const { id, htmlName, value, options, onChange, disabled, readonly } = props;
  const enumOptions = (options.enumOptions ?? []) as Options;
  const selected = enumOptions.findIndex((option) => option.value === value);
  const invalid = useInvalidRef(props.registry, props.id, props.hideError);
  // The same option elements while the list is the same, whenever the drop-down renders again.
  const choices = useMemo(
    () =>
      ((options.enumOptions ?? []) as Options).map((option, index) => (
        <option key={String(option.value)} value={String(index)}>
          {option.label}
        </option>
      )),
    [options.enumOptions],
  );
  return (
    <select
      id={id}
      name={htmlName || id}
      className={formStyles.select}
      value={selected < 0 ? '' : String(selected)}
      disabled={disabled || readonly}
      ref={invalid}
      aria-describedby={describedBy(id, hasHint(props), true)}
      onChange={(event) =>
        onChange(event.target.value === '' ? undefined : enumOptions[Number(event.target.value)]?.value)
      }
    >
      <option value="">{t('form.selectPlaceholder')}</option>
      {choices}
    </select>
  );
}

/** One answer from a short list: native radios, so arrow keys move between options. */
export function RadioWidget(props: WidgetProps) {
  const { id, htmlName, value, options, onChange, disabled, readonly } = props;
  const enumOptions = (options.enumOptions ?? []) as Options;
  return (
    <div>
      {enumOptions.map((option, index) => (
        <Choice
          key={String(option.value)}
          id={optionDomId(id, index)}
          type="radio"
          label={option.label}
          name={htmlName || id}
          value={String(index)}
          checked={option.value === value}
          disabled={disabled || readonly}
          onChange={() => onChange(option.value)}
        />
      ))}
    </div>
  );
}

/** Any number of answers from a list, kept in the order of the list. */
export function CheckboxesWidget(props: WidgetProps) {
  const { id, htmlName, value, options, onChange, disabled, readonly } = props;
  const enumOptions = (options.enumOptions ?? []) as Options;
  const chosen: unknown[] = Array.isArray(value) ? value : [];
  const toggle = (optionValue: unknown, checked: boolean) => {
    const next = enumOptions.map((o) => o.value).filter((v) => (v === optionValue ? checked : chosen.includes(v)));
    onChange(next.length ? next : undefined);
  };
  return (
    <div>
      {enumOptions.map((option, index) => (
        <Choice
          key={String(option.value)}
          id={optionDomId(id, index)}
          type="checkbox"
          label={option.label}
          name={htmlName || id}
          value={String(index)}
          checked={chosen.includes(option.value)}
          disabled={disabled || readonly}
          onChange={(event) => toggle(option.value, event.target.checked)}
        />
      ))}
    </div>
  );
}

/**
 * Yes or No as two inline radios. Spec §5: choosing the selected option again (a click or tap, or
 * Space on the focused option) clears the answer. A click on an already checked radio fires no
 * change event, so the click itself is what clears.
 */
export function YesNoWidget(props: WidgetProps) {
  const { t } = useFormTranslation();
  const { id, htmlName, value, onChange, disabled, readonly } = props;
  const choices = [
    { value: true, label: t('form.yes') },
    { value: false, label: t('form.no') },
  ];
  return (
    <div className={styles.inlineChoices}>
      {choices.map((choice, index) => (
        <Choice
          key={String(choice.value)}
          id={optionDomId(id, index)}
          type="radio"
          label={choice.label}
          name={htmlName || id}
          value={String(choice.value)}
          checked={value === choice.value}
          disabled={disabled || readonly}
          onChange={() => onChange(choice.value)}
          onClick={() => {
            if (value === choice.value) onChange(undefined);
          }}
          onKeyDown={(event) => {
            // Browsers do not "click" a checked radio on Space, so Space clears it here; the
            // default is prevented so no browser activates the radio again on key up.
            if (event.key === ' ' && value === choice.value) {
              event.preventDefault();
              onChange(undefined);
            }
          }}
        />
      ))}
    </div>
  );
}

/**
 * A single checkbox that must be ticked (terms): its label is the question. A link to the terms
 * (/terms, in a new tab so the answers stay) comes first: GOV.UK keeps links out of labels.
 */
export function ConsentWidget(props: WidgetProps) {
  const { t } = useFormTranslation();
  const invalid = useInvalidRef(props.registry, props.id, props.hideError);
  const { id, htmlName, value, onChange, disabled, readonly, label, required } = props;
  const field = compiledFieldOf(props.options);
  const optional = !(field?.required || required);
  return (
    <>
      <p>
        <a href="/terms" target="_blank" rel="noopener">
          {t('form.termsLink')}
        </a>
      </p>
      <Choice
        id={id}
        type="checkbox"
        label={
          <>
            {field?.label ?? label}
            {optional ? ` ${t('form.optional')}` : null}
          </>
        }
        name={htmlName || id}
        checked={value === true}
        disabled={disabled || readonly}
        ref={invalid}
        aria-describedby={describedBy(id, hasHint(props), true)}
        onChange={(event) => onChange(event.target.checked)}
      />
    </>
  );
}
