import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { useFormTranslation } from '../form-translation';
import { visuallyHidden } from '#client/ui/visually-hidden.css';
import { compiledFieldOf } from '../../context';
import * as styles from '../theme.css';
import { useInvalidRef } from '../field-error';
import { comboboxInputProps, Listbox, useListboxPopup } from './listbox-popup';

/** Options whose name contains the typed text, those that start with it first (all of them for no text). */
function matching(options: readonly EnumOptionsType[], typed: string): EnumOptionsType[] {
  const needle = typed.trim().toLocaleLowerCase();
  if (!needle) return [...options];
  const named = options.map((option) => ({ option, name: String(option.label).toLocaleLowerCase() }));
  return [
    ...named.filter(({ name }) => name.startsWith(needle)),
    ...named.filter(({ name }) => !name.startsWith(needle) && name.includes(needle)),
  ].map(({ option }) => option);
}

/**
 * One answer from a long list (nationality, years): an ARIA 1.2 combobox whose listbox shows the
 * options that contain the typed text. The answer is always an option itself (a year stays a
 * number): the one chosen from the list, or the one whose name is typed in full; any other text
 * leaves the question unanswered, so Continue says to select one. Keys: see useListboxPopup.
 */
export function ComboboxWidget(props: WidgetProps) {
  const { t } = useFormTranslation();
  const { id, value, options, onChange, label } = props;
  const field = compiledFieldOf(options);
  const enumOptions = useMemo(() => (options.enumOptions ?? []) as EnumOptionsType[], [options.enumOptions]);
  const [text, setText] = useState(() => String(enumOptions.find((option) => option.value === value)?.label ?? ''));
  // What filters the list: the typed text, or nothing once an option is chosen (the whole list again).
  const [filter, setFilter] = useState('');
  const [status, setStatus] = useState('');
  const popup = useListboxPopup(id);
  const invalid = useInvalidRef(props.registry, id, props.hideError);
  const shown = useMemo(() => matching(enumOptions, filter), [enumOptions, filter]);

  const choose = (option: EnumOptionsType) => {
    setText(String(option.label));
    setFilter('');
    setStatus('');
    onChange(option.value);
    popup.close();
  };

  return (
    <div className={styles.combobox}>
      <input
        {...comboboxInputProps(props, popup, invalid)}
        value={text}
        onChange={(event) => {
          const typed = event.target.value;
          const found = matching(enumOptions, typed);
          const named = typed.trim().toLocaleLowerCase();
          setText(typed);
          setFilter(typed);
          onChange(found.find((option) => String(option.label).toLocaleLowerCase() === named)?.value);
          popup.show(typed.trim() !== '' && found.length > 0);
          setStatus(
            found.length ? t('form.typeahead.results', { count: found.length }) : t('form.typeahead.noResults'),
          );
        }}
        onKeyDown={(event) => popup.onKeyDown(event, shown.length, (index) => choose(shown[index]!))}
        onClick={() => popup.show(!popup.open && shown.length > 0)}
        onBlur={popup.close}
      />
      <Listbox
        inputId={id}
        label={field?.label ?? label}
        open={popup.open}
        active={popup.active}
        options={shown.map((option) => String(option.label))}
        onChoose={(index) => choose(shown[index]!)}
      />
      <div className={visuallyHidden} role="status" aria-live="polite">
        {status}
      </div>
    </div>
  );
}
