import { useState, type ChangeEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { CandidatePanel } from '../../api/candidate-items';
import {
  fetchHrExport,
  fetchSignatureRequests,
  sendForSignature,
  uploadSignatureDocument,
  type SignatureRequest,
} from '../../api/integrations';
import { useApiMessage } from '../../api/use-api-message';
import { showToastAtom } from '../../state/process';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { SelectField } from '../../ui/form/select-field';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { Tag } from '../../ui/tag/tag';
import * as formStyles from '../../ui/form/form.css';
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
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const sendDocument = (documentId: string) =>
    sendForSignature(organization.id, applicationId, documentId).then(
      (request) => {
        showToast({ kind: 'success', message: t('pipeline.signatures.sent', { name: request.documentName }) });
        setChosen('');
        setFile(null);
        setFileKey((key) => key + 1);
        reload();
      },
      (failure: unknown) => showToast({ kind: 'error', message: apiMessage(failure) }),
    );
  const send = useClickLock(() => {
    if (chosen) void sendDocument(chosen);
  });
  // The team's own document (an offer letter): added to the application's documents, then sent.
  const uploadAndSend = useClickLock(() => {
    if (!file) return;
    uploadSignatureDocument(organization.id, applicationId, file).then(
      (document) => sendDocument(document.id),
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
      ) : null}
      <div className={styles.inlineForm}>
        <div>
          <label className={formStyles.label} htmlFor="signature-file">
            {t('pipeline.signatures.upload')}
          </label>
          <span className={formStyles.hint} id="signature-file-hint">
            {t('pipeline.signatures.uploadHint')}
          </span>
          <input
            key={fileKey}
            id="signature-file"
            type="file"
            accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            aria-describedby="signature-file-hint"
            onChange={(event: ChangeEvent<HTMLInputElement>) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <Button variant="secondary" onClick={uploadAndSend} disabled={!file}>
          {t('pipeline.signatures.uploadAndSend')}
        </Button>
      </div>
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

const EXPORT_COLOURS = { SENT: 'green', QUEUED: 'blue', FAILED: 'red' } as const;

/** Whether the hired candidate went to the organisation's HR system (decision 0080); nothing when never sent. */
export function CandidateHrExport({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const { state } = useLoad(() => fetchHrExport(organization.id, applicationId), applicationId);
  if (state.status !== 'ready' || !state.data.status) return null;
  const { status, sentAt } = state.data;
  return (
    <p>
      <Tag colour={EXPORT_COLOURS[status]}>{t(`pipeline.hrExport.${status}`)}</Tag>
      {sentAt ? <span className={styles.muted}> {formatDateTime(sentAt)}</span> : null}
    </p>
  );
}
