import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { CandidatePanel } from '../../api/candidate-items';
import { fetchSignatureRequests, sendForSignature, type SignatureRequest } from '../../api/integrations';
import { useApiMessage } from '../../api/use-api-message';
import { showToastAtom } from '../../state/process';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { SelectField } from '../../ui/form/select-field';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { Tag } from '../../ui/tag/tag';
import { formatDateTime } from './format';
import * as styles from './pipeline.css';

const STATUS_COLOURS = { SENT: 'blue', SIGNED: 'green', DECLINED: 'red' } as const;

/**
 * Signatures (decision 0080): one of the application's documents sent to the candidate to sign at the
 * document-signing service, and each request with where it stands (asked of the service as the list loads).
 */
export function CandidateSignatures({ panel }: { panel: CandidatePanel }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const applicationId = panel.application.id;
  const { state, reload } = useLoad(() => fetchSignatureRequests(organization.id, applicationId), applicationId);
  const [chosen, setChosen] = useState('');
  const send = useClickLock(() => {
    if (!chosen) return;
    sendForSignature(organization.id, applicationId, chosen).then(
      (request) => {
        showToast({ kind: 'success', message: t('pipeline.signatures.sent', { name: request.documentName }) });
        setChosen('');
        reload();
      },
      (failure: unknown) => showToast({ kind: 'error', message: apiMessage(failure) }),
    );
  });
  return (
    <>
      <LoadState
        state={state}
        title={t('pipeline.signatures.loadFailed')}
        message={apiMessage}
        onRetry={reload}
        heading={2}
      >
        {(requests) =>
          requests.length === 0 ? (
            <p className={styles.muted}>{t('pipeline.signatures.none')}</p>
          ) : (
            <ul className={styles.plainList}>
              {requests.map((request) => (
                <li key={request.id}>
                  <Request request={request} />
                </li>
              ))}
            </ul>
          )
        }
      </LoadState>
      {panel.documents.length > 0 ? (
        <div className={styles.inlineForm}>
          <SelectField
            label={t('pipeline.signatures.choose')}
            value={chosen}
            options={[
              { value: '', label: t('pipeline.signatures.choosePlaceholder') },
              ...panel.documents.map((d) => ({ value: d.id, label: d.fileName })),
            ]}
            onChange={setChosen}
          />
          <Button variant="secondary" onClick={send} disabled={!chosen}>
            {t('pipeline.signatures.send')}
          </Button>
        </div>
      ) : (
        <p className={styles.muted}>{t('pipeline.signatures.noDocuments')}</p>
      )}
    </>
  );
}

function Request({ request }: { request: SignatureRequest }) {
  const { t } = useTranslation();
  return (
    <>
      <strong>{request.documentName}</strong>{' '}
      <Tag colour={STATUS_COLOURS[request.status]}>{t(`pipeline.signatures.status.${request.status}`)}</Tag>
      <br />
      <span className={styles.muted}>
        {t('pipeline.signatures.sentBy', {
          date: formatDateTime(request.sentAt),
          name: request.sentBy ?? t('pipeline.signatures.someone'),
        })}
        {request.completedAt
          ? ` · ${t(`pipeline.signatures.completed.${request.status === 'SIGNED' ? 'SIGNED' : 'DECLINED'}`, {
              date: formatDateTime(request.completedAt),
            })}`
          : null}
      </span>
    </>
  );
}
