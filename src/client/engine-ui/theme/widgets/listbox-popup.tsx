import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState, type KeyboardEvent, type RefCallback } from 'react';
import * as formStyles from '#client/ui/form/form.css';
import { compiledFieldOf } from '../../context';
import { describedBy } from '../../ids';
import * as styles from '../theme.css';

/** The ids of a combobox's popup, from its input's id (the error summary and labels point at the input). */
function popupIds(inputId: string) {
  return { listbox: `${inputId}-listbox`, option: (index: number) => `${inputId}-option-${index}` };
}

/**
 * The popup of an ARIA 1.2 combobox: whether its listbox is open, which option is active, and the
 * input's keys. Down opens the list and moves to the next option (Alt+Down only opens it), Up moves
 * back, Enter chooses the active option instead of submitting the form, Escape closes the list.
 */
export function useListboxPopup(inputId: string) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const ids = popupIds(inputId);
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const show = (shown: boolean) => {
    setOpen(shown);
    setActive(-1);
  };
  // A long list scrolls to the active option (jsdom has no scrolling).
  useEffect(() => {
    if (active >= 0) document.getElementById(popupIds(inputId).option(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active, inputId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, count: number, choose: (index: number) => void) => {
    switch (event.key) {
      case 'ArrowDown':
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        if (!event.altKey) setActive((current) => (open ? (current + 1) % count : 0));
        return;
      case 'ArrowUp':
        if (!count || !open) return;
        event.preventDefault();
        setActive((current) => (current <= 0 ? count - 1 : current - 1));
        return;
      case 'Enter':
        if (open && active >= 0 && active < count) {
          event.preventDefault();
          choose(active);
        }
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        return;
      default:
    }
  };

  /** The input's ARIA attributes for this popup. */
  const inputProps = {
    role: 'combobox',
    'aria-haspopup': 'listbox',
    'aria-autocomplete': 'list',
    'aria-expanded': open,
    'aria-controls': ids.listbox,
    'aria-activedescendant': open && active >= 0 ? ids.option(active) : undefined,
  } as const;
  return { open, active, show, close, onKeyDown, inputProps };
}

/**
 * The text input of a combobox as the long-list combobox and the type-ahead both render it: the widget's id, name,
 * descriptions, the ref that marks it invalid while the question shows an error (useInvalidRef), the popup's ARIA
 * attributes, and no browser autocomplete or spell check.
 */
export function comboboxInputProps(
  props: WidgetProps,
  popup: ReturnType<typeof useListboxPopup>,
  invalid: RefCallback<Element>,
) {
  const { id, htmlName, disabled, readonly, schema, options } = props;
  const hasHint = Boolean(compiledFieldOf(options)?.hint ?? schema.description);
  return {
    id,
    ref: invalid,
    name: htmlName || id,
    type: 'text',
    ...popup.inputProps,
    autoComplete: 'off',
    spellCheck: false,
    className: formStyles.input,
    disabled,
    readOnly: readonly,
    'aria-describedby': describedBy(id, hasHint, true),
  } as const;
}

interface ListboxProps {
  inputId: string;
  label: string;
  open: boolean;
  active: number;
  /** The options' texts, in the order shown. */
  options: readonly string[];
  onChoose: (index: number) => void;
}

/**
 * The listbox of a combobox while it is open: its options, the active one highlighted; a click
 * chooses one. A closed list is not in the page at all, so only the input carries the question's
 * name (a collapsed combobox with aria-haspopup may point at a list that is not there).
 */
export function Listbox({ inputId, label, open, active, options, onChoose }: ListboxProps) {
  if (!open) return null;
  const ids = popupIds(inputId);
  return (
    <ul id={ids.listbox} role="listbox" aria-label={label} className={styles.listbox}>
      {options.map((text, index) => (
        <li
          key={`${index}-${text}`}
          id={ids.option(index)}
          role="option"
          aria-selected={index === active}
          className={index === active ? `${styles.option} ${styles.optionActive}` : styles.option}
          // Keep focus in the input while an option is clicked.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(index)}
        >
          {text}
        </li>
      ))}
    </ul>
  );
}
