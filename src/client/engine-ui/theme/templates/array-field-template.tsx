import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps } from '@rjsf/utils';
import { createContext, useContext, useEffect, useRef, type MouseEvent } from 'react';
import { useFormTranslation } from '../form-translation';
import { Button } from '#client/ui/button/button';
import { useClickLock } from '#client/ui/button/use-click-lock';
import * as formStyles from '#client/ui/form/form.css';
import { visuallyHidden } from '#client/ui/visually-hidden.css';
import { compiledFieldOf } from '../../context';
import { itemNoun, lowerFirst } from '../../fields';
import { useFieldError } from '../field-error';
import { describedBy } from '../../ids';
import * as styles from '../theme.css';
import { errorMessage, Hint, QuestionText } from './field-template';

interface GroupState {
  noun: string;
  minItems: number;
  onRemove: (index: number) => void;
}

const GroupContext = createContext<GroupState>({ noun: '', minItems: 0, onRemove: () => undefined });

const FIRST_CONTROL = 'input:not([type="hidden"]), select, textarea';

/**
 * A repeatable group ("add another"): the question as the legend, each item in its own fieldset
 * ("University 1") with a Remove button while there are more items than the minimum, and an
 * "Add another university" button up to the maximum. After Add, focus moves to the first input
 * of the new item; after Remove, to the item that took its place (or the one before it), or to
 * the Add button when none is left.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { t } = useFormTranslation();
  const { items, canAdd, onAddClick, uiSchema, fieldPathId, schema, required, title, hideError, registry } = props;
  const field = compiledFieldOf(uiSchema?.['ui:options'] as Record<string, unknown> | undefined);
  const id = fieldPathId.$id;
  const noun = itemNoun(field) || title;
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const error = useFieldError(registry, id, hideError);
  const hint = field?.hint ?? schema.description;
  const container = useRef<HTMLFieldSetElement>(null);
  const pending = useRef<{ kind: 'add' } | { kind: 'remove'; index: number } | null>(null);
  const count = items.length;

  useEffect(() => {
    const action = pending.current;
    const root = container.current;
    if (!action || !root) return;
    pending.current = null;
    const rendered = root.querySelectorAll<HTMLElement>(':scope > [data-group-item]');
    if (action.kind === 'add') {
      rendered[rendered.length - 1]?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
      return;
    }
    const next = rendered[Math.min(action.index, rendered.length - 1)];
    (next ?? root.querySelector<HTMLElement>(':scope > [data-group-add]') ?? root).focus();
  }, [count]);

  const add = useClickLock((event: MouseEvent<HTMLButtonElement>) => {
    pending.current = { kind: 'add' };
    onAddClick(event);
  });
  const group: GroupState = {
    noun,
    minItems,
    onRemove: (index) => {
      pending.current = { kind: 'remove', index };
    },
  };
  return (
    <div className={error ? `${formStyles.formGroup} ${formStyles.formGroupError}` : formStyles.formGroup}>
      <fieldset
        ref={container}
        id={id}
        tabIndex={-1}
        className={styles.group}
        aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
      >
        <legend className={styles.questionLegend}>
          <QuestionText label={field?.label ?? title} optional={!(field?.required || required)} />
        </legend>
        {hint ? <Hint id={id} hint={hint} /> : null}
        {error ? errorMessage(id, error, t('form.errorPrefix')) : null}
        <GroupContext.Provider value={group}>{items}</GroupContext.Provider>
        {canAdd ? (
          <Button variant="secondary" id={`${id}-add`} data-group-add="" onClick={add}>
            {t('form.group.add', { item: lowerFirst(noun) })}
          </Button>
        ) : null}
      </fieldset>
    </div>
  );
}

/** One item of a repeatable group: a fieldset titled "University 1", and its Remove button. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { t } = useFormTranslation();
  const { children, index, totalItems, buttonsProps } = props;
  const group = useContext(GroupContext);
  const title = t('form.group.item', { item: group.noun, number: index + 1 });
  const canRemove = buttonsProps.hasRemove && totalItems > group.minItems;
  const remove = useClickLock(() => {
    group.onRemove(index);
    buttonsProps.onRemoveItem();
  });
  return (
    <fieldset className={styles.groupItem} data-group-item={index} tabIndex={-1}>
      <legend className={styles.groupItemLegend}>{title}</legend>
      {children}
      {canRemove ? (
        <Button variant="secondary" onClick={remove}>
          {t('form.group.remove')} <span className={visuallyHidden}>{lowerFirst(title)}</span>
        </Button>
      ) : null}
    </fieldset>
  );
}
