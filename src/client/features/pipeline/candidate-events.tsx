import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { addCandidateToEvent, fetchCandidateEvents, fetchManagerEvents } from '../../api/events';
import { useApiMessage } from '../../api/use-api-message';
import { showToastAtom } from '../../state/process';
import { Button } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { SelectField } from '../../ui/form/select-field';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { Tag } from '../../ui/tag/tag';
import { formatDateTime } from './format';
import * as styles from './pipeline.css';

/**
 * The candidate's events (issue 14): each registration with its attendance, and a way to add the
 * candidate to one of the organisation's events (POST /candidate/:id/events/:x).
 */
export function CandidateEvents({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const { state, reload } = useLoad(() => fetchCandidateEvents(applicationId), applicationId);
  const upcoming = useLoad(() => fetchManagerEvents('ACTIVE'), 'events').state;
  const [chosen, setChosen] = useState('');
  const add = useClickLock(() => {
    if (!chosen) return;
    addCandidateToEvent(applicationId, chosen).then(
      (attendee) => {
        showToast({
          kind: 'success',
          message: attendee.status === 'WAITING' ? t('pipeline.events.addedWaiting') : t('pipeline.events.added'),
        });
        setChosen('');
        reload();
      },
      (failure: unknown) => showToast({ kind: 'error', message: apiMessage(failure) }),
    );
  });
  const events = upcoming.status === 'ready' ? upcoming.data : [];
  return (
    <>
      <LoadState
        state={state}
        title={t('pipeline.events.loadFailed')}
        message={apiMessage}
        onRetry={reload}
        heading={2}
      >
        {(registrations) =>
          registrations.length === 0 ? (
            <p>{t('pipeline.events.none')}</p>
          ) : (
            <ul className={styles.plainList}>
              {registrations.map((r) => (
                <li key={r.registrationId}>
                  <strong>{r.title}</strong>, {formatDateTime(r.startDate)}{' '}
                  {r.status === 'REGISTERED' ? (
                    r.attendance ? (
                      <Tag colour={r.attendance === 'Attended' ? 'green' : 'red'}>
                        {r.attendance === 'Attended' ? t('pipeline.events.attended') : t('pipeline.events.noShow')}
                      </Tag>
                    ) : (
                      <Tag colour="blue">{t('pipeline.events.registered')}</Tag>
                    )
                  ) : (
                    <Tag colour="grey">
                      {r.status === 'WAITING' ? t('pipeline.events.waiting') : t('pipeline.events.cancelled')}
                    </Tag>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </LoadState>
      {events.length > 0 ? (
        <div className={styles.inlineForm}>
          <SelectField
            label={t('pipeline.events.choose')}
            value={chosen}
            options={[
              { value: '', label: t('pipeline.events.choosePlaceholder') },
              ...events.map((e) => ({ value: e.id, label: `${e.title} (${formatDateTime(e.startDate)})` })),
            ]}
            onChange={setChosen}
          />
          <Button variant="secondary" onClick={add} disabled={!chosen}>
            {t('pipeline.events.add')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
