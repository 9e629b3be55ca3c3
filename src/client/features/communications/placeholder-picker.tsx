import { useTranslation } from 'react-i18next';
import { KIND_PLACEHOLDERS } from '#engine';
import type { MessageKind } from '#schemas/communications';
import { Button } from '../../ui/button/button';
import * as styles from './communications.css';

/** The placeholders a message of `kind` can fill, each a button that inserts `{{name}}` where the cursor was. */
export function PlaceholderPicker({ kind, onInsert }: { kind: MessageKind; onInsert: (placeholder: string) => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-labelledby="placeholder-picker-label">
      <p id="placeholder-picker-label">{t('communications.editor.placeholders')}</p>
      <ul className={styles.picker}>
        {KIND_PLACEHOLDERS[kind].map((name) => (
          <li key={name}>
            <Button
              variant="secondary"
              type="button"
              // Keep the cursor in the field being written: the button does not take focus on press.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onInsert(`{{${name}}}`)}
              aria-label={t('communications.editor.insert', { name: t(`communications.placeholders.${name}`) })}
            >
              {`{{${name}}}`}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
