import { useTranslation } from 'react-i18next';
import * as styles from './switch.css';

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** id of the element that names the switch (its visible heading or label). */
  labelledBy: string;
  describedBy?: string;
}

/**
 * An on/off control. A native <button> gives Enter/Space and focus for free; role="switch" with
 * aria-checked tells assistive technology it is a toggle, and the visible On/Off text means the
 * state never depends on colour alone.
 */
export function Switch({ checked, onChange, labelledBy, describedBy }: SwitchProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={styles.switchButton}
      onClick={() => onChange(!checked)}
    >
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      <span aria-hidden="true">{checked ? t('common.on') : t('common.off')}</span>
    </button>
  );
}
