import { asNumber, getDecimalSeparator, type FieldProps } from '@rjsf/utils';
import { useCallback, useState } from 'react';

let cached: { languages: string; separator: string } | undefined;

/** The browser's decimal separator ('.' or ','), asked of Intl once for each list of preferred languages. */
function decimalSeparator(): string {
  const languages = typeof navigator === 'undefined' ? '' : navigator.languages.join(',');
  if (cached?.languages !== languages) cached = { languages, separator: getDecimalSeparator() };
  return cached.separator;
}

const TRAILING_WITH_POINT = /\.([0-9]*0)*$/;
const TRAILING = /[0.]0*$/;

/**
 * RJSF's NumberField (number and percent questions) without its one slow step: RJSF builds an `Intl.NumberFormat` on
 * every render to learn the decimal separator, 0.1–0.2 ms per number question each time it renders (4–5 ms of the
 * 300-question step's first render). The separator is asked once here. The rest is RJSF's: what the candidate typed
 * is kept as typed ("2." or "2.50" while typing) and the answer is the number ("2", "2.5"), a separator of the
 * browser's language read as a point. RJSF's comma display of numbers for its plain text widget is left out: every
 * number question here has the engine's number or percent widget, which RJSF does not format.
 */
export function NumberField(props: FieldProps) {
  const { registry, onChange, formData } = props;
  const StringField = registry.fields.StringField!;
  // What the candidate last typed here; none until they type.
  const [lastValue, setLastValue] = useState<unknown>(undefined);
  const separator = decimalSeparator();
  const handleChange = useCallback<FieldProps['onChange']>(
    (newValue, ...rest) => {
      setLastValue(newValue);
      const standard = typeof newValue === 'string' ? newValue.replace(separator, '.') : newValue;
      const normalised = `${standard as string}`.startsWith('.') ? `0${standard as string}` : standard;
      const processed =
        typeof normalised === 'string' && TRAILING_WITH_POINT.exec(normalised)
          ? asNumber(normalised.replace(TRAILING, ''))
          : asNumber(normalised as string);
      onChange(processed, ...rest);
    },
    [onChange, separator],
  );
  let value: unknown = formData;
  if (typeof lastValue === 'string' && typeof value === 'number') {
    // What was typed stands while it still means this number ("2." or "2.50" for 2 and 2.5).
    const typed = lastValue.replace(separator, '.');
    const escaped = String(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`^(${escaped})?\\.?0*$`).test(typed)) value = lastValue;
  }
  return <StringField {...props} formData={value} onChange={handleChange} />;
}
