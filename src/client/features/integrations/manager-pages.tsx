import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  disconnectHr,
  fetchHrConnection,
  finishHrConnection,
  startHrConnection,
  type HrConnection,
} from '../../api/integrations';
import { useApiMessage } from '../../api/use-api-message';
import { useLongDate } from '../../i18n/use-long-date';
import { showToastAtom } from '../../state/process';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { TextInput } from '../../ui/form/text-input';
import { ConfirmationPanel } from '../../ui/notice/notice';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';

/** What the HR system calls a tenant. */
const TENANT = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * /manager/integrations (decision 0080): the organisation's HR system connection for its hiring-manager admins —
 * connect (the HR system's authorise page, then /workday-connect), see it, disconnect — and where documents are sent
 * for signature.
 */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const { state, reload, set } = useLoad(() => fetchHrConnection(organization.id), organization.id);
  return (
    <>
      <h1>{t('integrationsAdmin.title')}</h1>
      <section aria-labelledby="hr-system">
        <h2 id="hr-system">{t('integrationsAdmin.hr.title')}</h2>
        <LoadState
          state={state}
          title={t('integrationsAdmin.hr.loadFailed')}
          message={apiMessage}
          onRetry={reload}
          heading={2}
        >
          {(connection) =>
            connection.connected ? <Connected connection={connection} onDisconnected={set} /> : <ConnectForm />
          }
        </LoadState>
      </section>
      <section aria-labelledby="document-signing">
        <h2 id="document-signing">{t('integrationsAdmin.signing.title')}</h2>
        <p>{t('integrationsAdmin.signing.lead')}</p>
      </section>
    </>
  );
}

function Connected({
  connection,
  onDisconnected,
}: {
  connection: HrConnection;
  onDisconnected: (c: HrConnection) => void;
}) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const longDate = useLongDate();
  const disconnect = useClickLock(() => {
    disconnectHr(organization.id).then(
      (off) => {
        showToast({ kind: 'success', message: t('integrationsAdmin.hr.disconnected') });
        onDisconnected(off);
      },
      (failure: unknown) => showToast({ kind: 'error', message: apiMessage(failure) }),
    );
  });
  return (
    <>
      <p>
        <strong>{t('integrationsAdmin.hr.connectedTo', { tenant: connection.tenant })}</strong>
      </p>
      <p>
        {t('integrationsAdmin.hr.since', {
          date: connection.connectedAt ? longDate(connection.connectedAt) : '',
          name: connection.connectedBy ?? '',
        })}
      </p>
      <p>{t('integrationsAdmin.hr.effect')}</p>
      <Button variant="warning" onClick={disconnect}>
        {t('integrationsAdmin.hr.disconnect')}
      </Button>
    </>
  );
}

function ConnectForm() {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const [tenant, setTenant] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!TENANT.test(tenant.trim())) {
      setError(t('integrationsAdmin.hr.tenantInvalid'));
      return;
    }
    setError(undefined);
    startHrConnection(organization.id, tenant.trim()).then(
      (authorizeUrl) => window.location.assign(authorizeUrl),
      (failure: unknown) => setError(apiMessage(failure)),
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('integrationsAdmin.hr.lead')}</p>
      <TextInput
        label={t('integrationsAdmin.hr.tenant')}
        hint={t('integrationsAdmin.hr.tenantHint')}
        error={error}
        value={tenant}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setTenant(event.target.value)}
      />
      <Button type="submit">{t('integrationsAdmin.hr.connect')}</Button>
    </form>
  );
}

/** Each state is spent once by the server: a page shown twice (React's development double effects) asks once. */
const finishing = new Map<string, Promise<HrConnection>>();

/** /workday-connect (spec §2): where the HR system sends the admin back with ?code&state (or ?error). */
export function WorkdayConnectPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tenant = params.get('tenant') ?? '';
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state || params.get('error')) {
    return (
      <>
        <h1>{t('integrationsAdmin.connect.notConnectedTitle')}</h1>
        <p>
          {t(
            params.get('error') === 'access_denied'
              ? 'integrationsAdmin.connect.denied'
              : 'integrationsAdmin.connect.incomplete',
          )}
        </p>
        <BackToIntegrations />
      </>
    );
  }
  return <FinishConnection tenant={tenant} code={code} state={state} />;
}

function BackToIntegrations() {
  const { t } = useTranslation();
  return (
    <p>
      <Link to="/manager/integrations">{t('integrationsAdmin.connect.back')}</Link>
    </p>
  );
}

function FinishConnection({ tenant, code, state }: { tenant: string; code: string; state: string }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const { state: load } = useLoad(() => {
    const attempt = finishing.get(state) ?? finishHrConnection(organization.id, tenant, code, state);
    finishing.set(state, attempt);
    return attempt;
  }, state);
  return (
    <>
      <LoadState state={load} title={t('integrationsAdmin.connect.notConnectedTitle')} message={apiMessage}>
        {(connection) => (
          <ConfirmationPanel title={t('integrationsAdmin.hr.connectedTo', { tenant: connection.tenant })}>
            <p>{t('integrationsAdmin.hr.effect')}</p>
          </ConfirmationPanel>
        )}
      </LoadState>
      {load.status === 'loading' ? null : <BackToIntegrations />}
    </>
  );
}
