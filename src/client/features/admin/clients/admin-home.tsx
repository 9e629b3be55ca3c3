import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { fetchOrganizations } from '#client/api/organization-admin';
import { useApiMessage } from '#client/api/use-api-message';
import { userAtom } from '#client/state/auth';
import { useOrganization } from '#client/state/site';
import { ButtonLink } from '#client/ui/button/button-link';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { OrganizationView } from './organization-page';

/** A platform admin's administration home: the clients, and each active organisation's report. */
function PlatformHome() {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const { state, reload } = useLoad(() => fetchOrganizations({ status: 'ACTIVE', resultsPerPage: 100 }), 'all');
  return (
    <>
      <h1>{t('admin.home.title')}</h1>
      <p>{t('admin.home.lead')}</p>
      <p>
        <ButtonLink to="/clients">{t('admin.home.clients')}</ButtonLink>
      </p>
      <h2>{t('admin.home.reports')}</h2>
      <LoadState state={state} title={t('admin.list.loadFailed')} message={apiMessage} onRetry={reload} heading={2}>
        {(page) => (
          <ul>
            {page.content.map((org) => (
              <li key={org.id}>
                <Link to={`/admin/report/${org.id}`}>{t('admin.home.reportOf', { name: org.name })}</Link>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </>
  );
}

/**
 * /admin: platform admins see the organisations' reports; a hiring-manager admin their own organisation (its
 * managers, contacts and report). Others are told the page is not theirs.
 */
export function AdminHomeScreen() {
  const { t } = useTranslation();
  const userType = useAtomValue(userAtom).user?.userType;
  const organization = useOrganization();
  if (userType === 'ADMIN') return <PlatformHome />;
  if (userType === 'HIRING_MANAGER_ADMIN') return <OrganizationView orgId={organization.id} platform={false} />;
  return (
    <>
      <h1>{t('admin.home.title')}</h1>
      <p>{t('admin.home.notAllowed')}</p>
    </>
  );
}
