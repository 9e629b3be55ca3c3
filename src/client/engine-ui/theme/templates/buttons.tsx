import { getSubmitButtonOptions, type SubmitButtonProps } from '@rjsf/utils';
import type { MouseEvent } from 'react';
import { Button } from '#client/ui/button/button';
import { useClickLock } from '#client/ui/button/use-click-lock';
import * as styles from '../theme.css';

/** Continue (or the host's label): a primary button that ignores clicks for 1 s after a click. */
export function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const { submitText, norender, props: buttonProps } = getSubmitButtonOptions(uiSchema);
  const onClick = useClickLock<MouseEvent<HTMLButtonElement>>();
  if (norender) return null;
  return (
    <div className={styles.submitRow}>
      <Button type="submit" disabled={buttonProps?.disabled} onClick={onClick}>
        {submitText}
      </Button>
    </div>
  );
}

/** Nothing: questions render their own label, hint and errors (FieldTemplate). */
export function Nothing() {
  return null;
}
