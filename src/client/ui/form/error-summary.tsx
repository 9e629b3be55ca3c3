import { useEffect, useId, useMemo, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './error-summary.css';

export interface ErrorSummaryItem {
  text: string;
  /** id of the element the link moves focus to (the input, or the group holding the inputs). */
  targetId?: string;
  /** Instead of moving focus on this page: go somewhere else (e.g. back to the step of the field). */
  onSelect?: () => void;
  href?: string;
}

const CONTROLS = 'input:not([type="hidden"]), select, textarea, button, [tabindex]:not([tabindex="-1"])';

function escapeId(id: string): string {
  return typeof CSS !== 'undefined' && typeof CSS.escape === 'function' ? CSS.escape(id) : id.replace(/["\\]/g, '\\$&');
}

/**
 * Moves focus to the control with `targetId` (or the first control inside it) and scrolls its
 * label or legend into view with it, as GOV.UK Frontend does: the question stays visible above
 * the focused input. Returns false when there is no such element.
 */
export function focusField(targetId: string): boolean {
  const target = document.getElementById(targetId);
  if (!target) return false;
  const control = target.matches(CONTROLS) ? target : (target.querySelector<HTMLElement>(CONTROLS) ?? target);
  control.focus({ preventScroll: true });
  const question =
    (control.id ? document.querySelector(`label[for="${escapeId(control.id)}"]`) : null) ??
    control.closest('fieldset')?.querySelector('legend') ??
    control;
  if (typeof question.scrollIntoView === 'function') question.scrollIntoView({ block: 'start' });
  return true;
}

const MARKUP_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text (or an attribute's value, in double quotes) as markup that shows exactly that text. */
function escapeMarkup(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => MARKUP_ESCAPES[ch]!);
}

/**
 * The summary's list items as one string of markup, each text escaped: the browser's parser builds a long step's 300
 * items and links at once, instead of React creating about 900 elements and text nodes one call at a time (decision
 * 0090). The list's one click handler finds the item by its position, as it did.
 */
function summaryListMarkup(items: readonly ErrorSummaryItem[]): string {
  let markup = '';
  for (const item of items) {
    const text = escapeMarkup(item.text);
    markup +=
      item.targetId || item.href || item.onSelect
        ? `<li><a href="${escapeMarkup(item.href ?? (item.targetId ? `#${item.targetId}` : '#'))}">${text}</a></li>`
        : `<li><span>${text}</span></li>`;
  }
  return markup;
}

interface ErrorSummaryProps {
  items: readonly ErrorSummaryItem[];
  /** Defaults to "There is a problem". */
  title?: string;
  /** The summary takes focus when mounted and whenever this changes (each failed Continue or submit). */
  focusKey?: unknown;
}

/**
 * The GOV.UK error summary: "There is a problem" and a link to each question with a problem. It
 * takes focus so keyboard and screen-reader users land on it, and its role="alert" announces it.
 * One component for every form: the generated ones (engine-ui) and the hand-written ones.
 */
export function ErrorSummary({ items, title, focusKey }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [focusKey]);
  const markup = useMemo(() => ({ __html: summaryListMarkup(items) }), [items]);
  if (items.length === 0) return null;
  // One handler for the list, not one per link: a failed Continue of a long step lists 300 of them.
  const onClick = (event: MouseEvent<HTMLUListElement>) => {
    const link = (event.target as Element).closest('a');
    const item = link
      ? items[Array.prototype.indexOf.call(event.currentTarget.children, link.parentElement)]
      : undefined;
    if (!item) return;
    if (item.onSelect) {
      event.preventDefault();
      item.onSelect();
    } else if (item.targetId && focusField(item.targetId)) {
      event.preventDefault();
    }
  };
  return (
    <div ref={ref} className={styles.errorSummary} tabIndex={-1} data-error-summary="">
      <div role="alert" aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.errorSummaryTitle}>
          {title ?? t('form.errorSummaryTitle')}
        </h2>
        {/* Markup made of escaped texts only (summaryListMarkup). */}
        <ul className={styles.errorSummaryList} onClick={onClick} dangerouslySetInnerHTML={markup} />
      </div>
    </div>
  );
}

/** Field errors of a hand-written form ({ fieldId, message }) as summary items. */
export function summaryItems(errors: readonly SummaryError[]): ErrorSummaryItem[] {
  return errors.map((e) => ({ text: e.message, ...(e.fieldId ? { targetId: e.fieldId } : {}) }));
}

/** A field error of a hand-written form. */
export interface SummaryError {
  /** id of the input the link moves focus to. */
  fieldId?: string;
  message: string;
}
