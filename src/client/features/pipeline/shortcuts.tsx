import { useId } from 'react';
import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/dialog/dialog';
import { Switch } from '../../ui/switch/switch';
import * as styles from './pipeline.css';

/** Single-key shortcuts on the candidate list, on until the user turns them off in this browser (decision 0067). */
export const singleKeysAtom = atomWithStorage('candidateListSingleKeys', true, undefined, { getOnInit: true });

/** The keys of the help, each with its i18n key under pipeline.shortcuts.keys. */
const KEYS = [
  { keys: ['j', '↓'], what: 'next' },
  { keys: ['k', '↑'], what: 'previous' },
  { keys: ['x'], what: 'toggle' },
  { keys: ['Enter'], what: 'open' },
  { keys: ['m'], what: 'actions' },
  { keys: ['?'], what: 'help' },
] as const;

interface ShortcutHelpProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The shortcuts of the candidate list in a dialog, with the switch that turns the single keys off. */
export function ShortcutHelp({ open, onOpenChange }: ShortcutHelpProps) {
  const { t } = useTranslation();
  const [singleKeys, setSingleKeys] = useAtom(singleKeysAtom);
  const ids = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('pipeline.shortcuts.title')}
      description={t('pipeline.shortcuts.description')}
    >
      <table className={styles.shortcutTable}>
        <caption className={styles.shortcutCaption}>{t('pipeline.shortcuts.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('pipeline.shortcuts.key')}</th>
            <th scope="col">{t('pipeline.shortcuts.action')}</th>
          </tr>
        </thead>
        <tbody>
          {KEYS.map(({ keys, what }) => (
            <tr key={what}>
              <td>
                {keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 ? ` ${t('pipeline.shortcuts.or')} ` : null}
                    <kbd className={styles.kbd}>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{t(`pipeline.shortcuts.keys.${what}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.shortcutSwitch}>
        <p id={`${ids}-label`} className={styles.label}>
          {t('pipeline.shortcuts.singleKeys')}
        </p>
        <p id={`${ids}-hint`} className={styles.muted}>
          {t('pipeline.shortcuts.singleKeysHint')}
        </p>
        <Switch checked={singleKeys} onChange={setSingleKeys} labelledBy={`${ids}-label`} describedBy={`${ids}-hint`} />
      </div>
    </Dialog>
  );
}
