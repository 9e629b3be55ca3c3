import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type RemoteListType, optionLabel } from '#engine';
import * as formStyles from '#client/ui/form/form.css';
import { visuallyHidden } from '#client/ui/visually-hidden.css';
import { compiledFieldOf, engineContext } from '../../context';
import { describedBy } from '../../ids';
import * as styles from '../theme.css';

/** Wait for a pause in typing before asking the server, and ask only from two characters. */
const SEARCH_DELAY_MS = 250;
const MIN_TERM_LENGTH = 2;
const MAX_SUGGESTIONS = 10;

/** A search over translated answer names: answers whose name (or own text) contains the term. */
function searchLabels(labels: Readonly<Record<string, string>>) {
  return (_list: RemoteListType, term: string) => {
    const needle = term.toLocaleLowerCase();
    return Promise.resolve(
      Object.entries(labels)
        .filter(
          ([answer, label]) => label.toLocaleLowerCase().includes(needle) || answer.toLowerCase().includes(needle),
        )
        .map(([answer]) => answer),
    );
  };
}

/** The answer for typed text: the list's own answer when the text is one of the names, else the text. */
function answerOf(labels: Readonly<Record<string, string>> | undefined, typed: string): string {
  const found =
    labels &&
    Object.entries(labels).find(([, label]) => label.toLocaleLowerCase() === typed.trim().toLocaleLowerCase());
  return found ? found[0] : typed;
}

/**
 * A type-ahead over a long reference list (ARIA 1.2 combobox with list autocomplete). The answer
 * is the text in the box: a suggestion when one is chosen, free text otherwise. Down/Up move
 * through the suggestions, Enter chooses, Escape closes; suggestions come from the host's
 * `searchList` (formContext) and are announced in a polite status message.
 */
export function TypeaheadWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, htmlName, value, onChange, options, schema, rawErrors, hideError, disabled, readonly, registry, label } =
    props;
  const ctx = engineContext(registry);
  const field = compiledFieldOf(options);
  const list = (field?.remoteList ?? options.remoteList) as RemoteListType | undefined;
  // In a language with names for the list's answers, the box shows and searches those names while
  // the answer stays the list's own (so hiring teams search one set of subjects).
  const labels = field?.optionLabels;
  const labelOf = (answer: string) => (field ? optionLabel(field, answer) : answer);
  const text = typeof value === 'string' ? labelOf(value) : '';
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const ticket = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const error = !hideError && Boolean(rawErrors?.length);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const search = (term: string) => {
    clearTimeout(timer.current);
    const request = (ticket.current += 1);
    const searchList = labels ? searchLabels(labels) : ctx?.services.current?.searchList;
    if (!searchList || !list || term.trim().length < MIN_TERM_LENGTH) {
      setSuggestions([]);
      close();
      return;
    }
    timer.current = setTimeout(() => {
      searchList(list, term.trim()).then(
        (found) => {
          if (request !== ticket.current) return;
          const shown = found.slice(0, MAX_SUGGESTIONS);
          setSuggestions(shown);
          setActive(-1);
          setOpen(shown.length > 0);
          setStatus(
            shown.length ? t('form.typeahead.results', { count: shown.length }) : t('form.typeahead.noResults'),
          );
        },
        () => {
          if (request !== ticket.current) return;
          setSuggestions([]);
          close();
        },
      );
    }, SEARCH_DELAY_MS);
  };

  const choose = (suggestion: string) => {
    ticket.current += 1;
    clearTimeout(timer.current);
    onChange(suggestion);
    close();
    setStatus('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive((current) => (open ? (current + 1) % count : 0));
        return;
      case 'ArrowUp':
        if (!count || !open) return;
        event.preventDefault();
        setActive((current) => (current <= 0 ? count - 1 : current - 1));
        return;
      case 'Enter':
        // Enter chooses the highlighted suggestion instead of submitting the form.
        if (open && active >= 0 && suggestions[active] !== undefined) {
          event.preventDefault();
          choose(suggestions[active]);
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

  return (
    <div className={styles.combobox}>
      <input
        id={id}
        name={htmlName || id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        className={`${formStyles.input}${error ? ` ${formStyles.inputError}` : ''}`}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        aria-describedby={describedBy(id, Boolean(field?.hint ?? schema.description), error)}
        aria-invalid={error || undefined}
        onChange={(event) => {
          const next = event.target.value;
          onChange(next === '' ? undefined : answerOf(labels, next));
          search(next);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <ul id={listboxId} role="listbox" aria-label={field?.label ?? label} className={styles.listbox} hidden={!open}>
        {open
          ? suggestions.map((suggestion, index) => (
              <li
                key={`${index}-${suggestion}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={index === active ? `${styles.option} ${styles.optionActive}` : styles.option}
                // Keep focus in the input while a suggestion is clicked.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(suggestion)}
              >
                {labelOf(suggestion)}
              </li>
            ))
          : null}
      </ul>
      <div className={visuallyHidden} role="status" aria-live="polite">
        {status}
      </div>
    </div>
  );
}
