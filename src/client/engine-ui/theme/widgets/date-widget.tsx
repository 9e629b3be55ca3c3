import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useFormTranslation } from '../form-translation';
import * as formStyles from '#client/ui/form/form.css';
import { useInvalidRef } from '../field-error';
import * as styles from '../theme.css';

interface Parts {
  day: string;
  month: string;
  year: string;
}

const EMPTY: Parts = { day: '', month: '', year: '' };

/** 'YYYY-MM-DD' (or what was composed from an incomplete date) back into the three boxes. */
function splitDate(value: unknown): Parts {
  if (typeof value !== 'string' || value === '') return EMPTY;
  const match = /^([^-]*)-([^-]*)-([^-]*)$/.exec(value);
  if (!match) return { ...EMPTY, year: value };
  const unpad = (part: string) => (/^\d+$/.test(part) ? String(Number(part)) : part);
  return { year: match[1]!, month: unpad(match[2]!), day: unpad(match[3]!) };
}

/**
 * The three boxes as one answer: 'YYYY-MM-DD' when they are numbers, padded; anything else
 * (a missing part, letters, 31 February) is composed as typed and left for validation to reject
 * with the engine's message, so the client and the API agree on what a date is.
 */
function composeDate({ day, month, year }: Parts): string | undefined {
  const d = day.trim();
  const m = month.trim();
  const y = year.trim();
  if (!d && !m && !y) return undefined;
  const pad = (part: string, size: number) => (/^\d+$/.test(part) ? part.padStart(size, '0') : part);
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

/**
 * GOV.UK date input: Day, Month and Year boxes inside the question's fieldset. The day box takes
 * the question's id, so the error summary's link lands on it.
 */
export function DateWidget(props: WidgetProps) {
  const { t } = useFormTranslation();
  const { id, value, onChange, disabled, readonly, hideError } = props;
  const [parts, setParts] = useState<Parts>(() => splitDate(value));
  const [composed, setComposed] = useState<unknown>(value);
  // The answer changed from outside (a reset, a new step): show it. Derived during render, as
  // React recommends, rather than in an effect.
  if (value !== composed) {
    setComposed(value);
    setParts(splitDate(value));
  }
  const invalid = useInvalidRef(props.registry, id, hideError);
  const update = (key: keyof Parts, text: string) => {
    const next = { ...parts, [key]: text };
    const answer = composeDate(next);
    setParts(next);
    setComposed(answer);
    onChange(answer);
  };
  const boxes: { key: keyof Parts; boxId: string; label: string; width: keyof typeof styles.widths }[] = [
    { key: 'day', boxId: id, label: t('form.date.day'), width: 'w2' },
    { key: 'month', boxId: `${id}-month`, label: t('form.date.month'), width: 'w2' },
    { key: 'year', boxId: `${id}-year`, label: t('form.date.year'), width: 'w4' },
  ];
  return (
    <div className={styles.dateInput}>
      {boxes.map((box) => (
        <div key={box.key} className={styles.dateItem}>
          <label className={styles.dateLabel} htmlFor={box.boxId}>
            {box.label}
          </label>
          <input
            id={box.boxId}
            name={box.boxId}
            type="text"
            inputMode="numeric"
            spellCheck={false}
            className={`${formStyles.input} ${styles.widths[box.width]}`}
            value={parts[box.key]}
            disabled={disabled}
            readOnly={readonly}
            ref={invalid}
            onChange={(event) => update(box.key, event.target.value)}
          />
        </div>
      ))}
    </div>
  );
}
