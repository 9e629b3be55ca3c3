import { useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { createOrganization, fetchOrganizationList } from '#client/api/organization-admin';
import { useApiMessage } from '#client/api/use-api-message';
import { useOrganization } from '#client/state/site';
import { showToastAtom } from '#client/state/process';
import { BackLink } from '#client/ui/link/back-link';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { OrganizationForm } from './organization-form';

/** /clients/new: a platform admin creates a client organisation, served at once on its subdomain. */
export function CreateOrganizationScreen() {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const navigate = useNavigate();
  const showToast = useSetAtom(showToastAtom);
  const here = useOrganization();
  // The product's sector list, through the organisation this page is on (any answers it to a platform admin).
  const sectors = useLoad(() => fetchOrganizationList(here.id, 'SECTOR'), here.id);
  return (
    <>
      <BackLink to="/clients">{t('admin.backToList')}</BackLink>
      <h1>{t('admin.create.title')}</h1>
      <p>{t('admin.create.lead')}</p>
      <LoadState state={sectors.state} title={t('admin.create.loadFailed')} message={apiMessage} heading={2}>
        {(list) => (
          <OrganizationForm
            initial={null}
            sectors={list}
            submitLabel={t('admin.create.submit')}
            onSubmit={async (body) => {
              const org = await createOrganization(body);
              showToast({ kind: 'success', message: t('admin.create.done', { name: org.name }) });
              navigate(`/clients/${org.id}`);
            }}
          />
        )}
      </LoadState>
    </>
  );
}
