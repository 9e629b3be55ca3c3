import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasRole, hostForSide, hostnameOf } from '#engine';
import { createHrToken } from '../../api/auth';
import { userAtom } from '../../state/auth';
import { logoutAtom } from '../../state/session';
import { product, siteAtom, useOrganization } from '../../state/site';
import { Button, ButtonGroup } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { lead } from '../../ui/typography.css';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import * as styles from './account.css';

/** /account: who is signed in, links to settings, sign-out and (hiring side) the hand-off to the HR host. */
export function AccountPage() {
  const { t } = useTranslation();
  const { user } = useAtomValue(userAtom);
  const site = useAtomValue(siteAtom);
  const organization = useOrganization();
  const logout = useSetAtom(logoutAtom);
  const signOut = useClickLock(() => logout({}));
  const openHr = useClickLock(() => {
    void createHrToken().then(({ token }) => {
      const domain = product.domains.find((d) => hostnameOf(window.location.host).endsWith(d)) ?? product.domains[0]!;
      const port = window.location.port || undefined;
      window.location.assign(
        `${window.location.protocol}//${hostForSide(site.subdomain, 'hr', domain, port)}/oauth?userToken=${encodeURIComponent(token)}`,
      );
    });
  });
  if (!user) return null;
  const name = [user.firstName, user.preferredName ? `(${user.preferredName})` : null, user.lastName]
    .filter(Boolean)
    .join(' ');
  const rows: Array<[string, string, string | null]> = [
    [t('account.name'), name || t('account.notProvided'), '/settings#profile'],
    [t('account.email'), user.email ?? '', '/settings#profile'],
    [t('account.type'), t(`account.userTypes.${user.userType}`), null],
    [t('account.organisation'), user.organization?.name ?? organization.name, null],
  ];
  return (
    <>
      <h1>{t('account.title')}</h1>
      <p className={lead}>{t('account.lead')}</p>
      <dl className={styles.summaryList}>
        {rows.map(([key, value, change]) => (
          <div key={key} className={styles.summaryRow}>
            <dt className={styles.summaryKey}>{key}</dt>
            <dd className={styles.summaryValue}>{value}</dd>
            <dd className={styles.summaryValue}>
              {change && (
                <Link to={change}>
                  {t('account.change')}
                  <span className={visuallyHidden}> {key.toLowerCase()}</span>
                </Link>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <ButtonGroup>
        <Link to="/settings">{t('account.settings')}</Link>
        {hasRole(user.userType, 'HIRING_MANAGER') && site.side === 'apply' && (
          <Button variant="secondary" onClick={openHr}>
            {t('account.openHr')}
          </Button>
        )}
        <Button variant="secondary" onClick={signOut}>
          {t('auth.signOut')}
        </Button>
      </ButtonGroup>
    </>
  );
}
