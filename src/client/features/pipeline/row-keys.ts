import { useEffect, useRef, type RefObject } from 'react';

/*
 * Keyboard screening of the candidate list (decision 0067). Single keys (j, k, x, m, ?) work anywhere on
 * the list's page except while typing, and can be turned off (WCAG 2.1.4); the arrow keys and Enter work
 * while the focus is in the table. The current row is the one holding the focus: its name link.
 */
export type RowCommand = 'next' | 'previous' | 'toggle' | 'open' | 'actions' | 'help';

const SINGLE_KEYS: Readonly<Record<string, RowCommand>> = {
  j: 'next',
  k: 'previous',
  x: 'toggle',
  m: 'actions',
  '?': 'help',
};
const TABLE_KEYS: Readonly<Record<string, RowCommand>> = { ArrowDown: 'next', ArrowUp: 'previous', Enter: 'open' };

const TYPED_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

/** A field that takes typed keys (a text input, a select, a text area or editable text), or a dialog. */
function takesKeys(target: Element): boolean {
  if (target.closest('[role="dialog"]')) return true;
  if (target instanceof HTMLInputElement) return !TYPED_INPUTS.has(target.type);
  return (
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/**
 * The command a key press means, or null: none while typing or with Ctrl, Alt or Cmd; the arrows and Enter
 * only in the table (Enter on a link or button does what it does natively); single keys only while on.
 */
export function rowCommand(press: KeyPress, table: Element | null, singleKeys: boolean): RowCommand | null {
  const { target } = press;
  if (press.ctrlKey || press.metaKey || press.altKey || !(target instanceof Element) || takesKeys(target)) return null;
  const inTable = table !== null && table.contains(target);
  const tableCommand = TABLE_KEYS[press.key];
  if (tableCommand) {
    if (!inTable) return null;
    if (tableCommand === 'open' && (target.closest('a, button') || !target.closest('tbody tr'))) return null;
    return tableCommand;
  }
  return singleKeys ? (SINGLE_KEYS[press.key] ?? null) : null;
}

interface RowKeyHandlers {
  /** Select or unselect the row with this id. */
  onToggle: (id: string) => void;
  /** Go to the actions on the selection. */
  onActions: () => void;
  onHelp: () => void;
  /** Single-key shortcuts are on. */
  singleKeys: boolean;
}

/** The table's rows and the one holding the focus (-1 when the focus is elsewhere). */
function rowsOf(table: HTMLElement): { rows: HTMLTableRowElement[]; current: number } {
  const rows = [...table.querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]')];
  const active = document.activeElement?.closest('tr');
  return { rows, current: active ? rows.indexOf(active as HTMLTableRowElement) : -1 };
}

/** A row's name link: the row's focus, and what Enter opens. */
export const rowLink = (row: Element | null | undefined) => row?.querySelector<HTMLAnchorElement>('a[href]') ?? null;

/** Listens on the document while the table is shown and carries out the commands of decision 0067. */
export function useRowKeys(table: RefObject<HTMLElement | null>, handlers: RowKeyHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const element = table.current;
      if (!element || event.defaultPrevented) return;
      const { onToggle, onActions, onHelp, singleKeys } = latest.current;
      const command = rowCommand(event, element, singleKeys);
      if (!command) return;
      event.preventDefault();
      const { rows, current } = rowsOf(element);
      switch (command) {
        case 'next':
        case 'previous': {
          if (rows.length === 0) return;
          const step = command === 'next' ? 1 : -1;
          const target = current === -1 ? 0 : Math.min(rows.length - 1, Math.max(0, current + step));
          rowLink(rows[target])?.focus();
          return;
        }
        case 'toggle': {
          const id = rows[current]?.dataset.rowId;
          if (id) onToggle(id);
          return;
        }
        case 'open':
          rowLink(rows[current])?.click();
          return;
        case 'actions':
          onActions();
          return;
        case 'help':
          onHelp();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [table]);
}
