import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { checkSigning, type SigningOutcome } from '../../api/integrations';
import { useApiMessage } from '../../api/use-api-message';
import { useLongDate } from '../../i18n/use-long-date';
import { ConfirmationPanel } from '../../ui/notice/notice';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';

/**
 * /docusignapproved (spec §2; decision 0080): where the signing provider sends the candidate back. The page asks the
 * server (POST /candidate/:id/docusign), which asks the provider: the `event` the provider added to the address is
 * never trusted. Signed is a confirmation panel; declined and not yet signed say what to do.
 */
export function DocusignApprovedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const applicationId = params.get('application');
  if (!applicationId) {
    return (
      <>
        <h1>{t('integrations.signing.unknownLinkTitle')}</h1>
        <p>{t('integrations.signing.unknownLink')}</p>
        <ApplicationsLink />
      </>
    );
  }
  return <SigningStatus applicationId={applicationId} />;
}

function ApplicationsLink() {
  const { t } = useTranslation();
  return (
    <p>
      <Link to="/applications">{t('integrations.signing.applications')}</Link>
    </p>
  );
}

function SigningStatus({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const { state, reload } = useLoad(() => checkSigning(applicationId), applicationId);
  return (
    <LoadState state={state} title={t('integrations.signing.loadFailed')} message={apiMessage} onRetry={reload}>
      {(outcome) => (
        <>
          <Outcome outcome={outcome} />
          <ApplicationsLink />
        </>
      )}
    </LoadState>
  );
}

function Outcome({ outcome }: { outcome: SigningOutcome }) {
  const { t } = useTranslation();
  const longDate = useLongDate();
  const documentName = outcome.documentName ?? '';
  switch (outcome.status) {
    case 'SIGNED':
      return (
        <ConfirmationPanel title={t('integrations.signing.signedTitle')}>
          <p>
            {t('integrations.signing.signed', {
              documentName,
              date: outcome.completedAt ? longDate(outcome.completedAt) : '',
            })}
          </p>
        </ConfirmationPanel>
      );
    case 'DECLINED':
      return (
        <>
          <h1>{t('integrations.signing.declinedTitle')}</h1>
          <p>{t('integrations.signing.declined', { documentName })}</p>
        </>
      );
    case 'SENT':
      return (
        <>
          <h1>{t('integrations.signing.pendingTitle')}</h1>
          <p>{t('integrations.signing.pending', { documentName })}</p>
        </>
      );
    case 'NONE':
      return (
        <>
          <h1>{t('integrations.signing.noneTitle')}</h1>
          <p>{t('integrations.signing.none')}</p>
        </>
      );
  }
}
