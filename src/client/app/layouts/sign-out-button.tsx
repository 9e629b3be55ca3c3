import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../../state/auth';
import { logoutAtom } from '../../state/session';
import { useClickLock } from '../../ui/button/use-click-lock';
import * as styles from './sign-out-button.css';

/** "Sign out" as the last item of the header navigation while someone is signed in (spec §4 Logout). */
export function SignOutItem() {
  const { t } = useTranslation();
  const { user } = useAtomValue(userAtom);
  const logout = useSetAtom(logoutAtom);
  const onClick = useClickLock(() => logout({}));
  if (!user) return null;
  return (
    <li>
      <button type="button" className={styles.navButton} onClick={onClick}>
        {t('auth.signOut')}
      </button>
    </li>
  );
}
