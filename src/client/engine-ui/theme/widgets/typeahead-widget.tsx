import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { useFormTranslation } from '../form-translation';
import { type RemoteListType, optionLabel } from '#engine';
import { visuallyHidden } from '#client/ui/visually-hidden.css';
import { compiledFieldOf, engineContext } from '../../context';
import * as styles from '../theme.css';
import { useInvalidRef } from '../field-error';
import { comboboxInputProps, Listbox, useListboxPopup } from './listbox-popup';

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
 * is the text in the box: a suggestion when one is chosen, free text otherwise. The keys are the
 * popup's (useListboxPopup); suggestions come from the host's `searchList` (formContext) and are
 * announced in a polite status message.
 */
export function TypeaheadWidget(props: WidgetProps) {
  const { t } = useFormTranslation();
  const { id, value, onChange, options, registry, label } = props;
  const ctx = engineContext(registry);
  const field = compiledFieldOf(options);
  const list = (field?.remoteList ?? options.remoteList) as RemoteListType | undefined;
  // In a language with names for the list's answers, the box shows and searches those names while
  // the answer stays the list's own (so hiring teams search one set of subjects).
  const labels = field?.optionLabels;
  const labelOf = (answer: string) => (field ? optionLabel(field, answer) : answer);
  const text = typeof value === 'string' ? labelOf(value) : '';
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const popup = useListboxPopup(id);
  const invalid = useInvalidRef(registry, id, props.hideError);
  const ticket = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (term: string) => {
    clearTimeout(timer.current);
    const request = (ticket.current += 1);
    const searchList = labels ? searchLabels(labels) : ctx?.services.current?.searchList;
    if (!searchList || !list || term.trim().length < MIN_TERM_LENGTH) {
      setSuggestions([]);
      popup.close();
      return;
    }
    timer.current = setTimeout(() => {
      searchList(list, term.trim()).then(
        (found) => {
          if (request !== ticket.current) return;
          const shown = found.slice(0, MAX_SUGGESTIONS);
          setSuggestions(shown);
          popup.show(shown.length > 0);
          setStatus(
            shown.length ? t('form.typeahead.results', { count: shown.length }) : t('form.typeahead.noResults'),
          );
        },
        () => {
          if (request !== ticket.current) return;
          setSuggestions([]);
          popup.close();
        },
      );
    }, SEARCH_DELAY_MS);
  };

  const choose = (suggestion: string) => {
    ticket.current += 1;
    clearTimeout(timer.current);
    onChange(suggestion);
    popup.close();
    setStatus('');
  };

  return (
    <div className={styles.combobox}>
      <input
        {...comboboxInputProps(props, popup, invalid)}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          onChange(next === '' ? undefined : answerOf(labels, next));
          search(next);
        }}
        onKeyDown={(event) => popup.onKeyDown(event, suggestions.length, (index) => choose(suggestions[index]!))}
        onBlur={popup.close}
      />
      <Listbox
        inputId={id}
        label={field?.label ?? label}
        open={popup.open}
        active={popup.active}
        options={suggestions.map(labelOf)}
        onChoose={(index) => choose(suggestions[index]!)}
      />
      <div className={visuallyHidden} role="status" aria-live="polite">
        {status}
      </div>
    </div>
  );
}
