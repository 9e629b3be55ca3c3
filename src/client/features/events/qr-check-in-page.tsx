import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { checkInToEvent, fetchPublicEvent } from '../../api/events';
import { useApiMessage } from '../../api/use-api-message';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { ErrorSummary } from '../../ui/form/error-summary';
import { TextInput } from '../../ui/form/text-input';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { lead } from '../../ui/typography.css';
import { useEventTime } from './format';
import * as styles from './events.css';

type Outcome = { firstName: string | null; already: boolean };

/** /event/:eventId/qr-check-in: opened from the QR code at the door, on a phone; a registrant checks in by email. */
export function EventQrCheckInPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const when = useEventTime();
  const { state, reload } = useLoad(() => fetchPublicEvent(organization.subdomain, eventId), eventId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    if (!email.trim()) {
      setError(t('events.checkIn.enterEmail'));
      return;
    }
    setBusy(true);
    checkInToEvent(organization.subdomain, eventId, email.trim()).then(
      (result) => {
        setBusy(false);
        setError(undefined);
        setOutcome({ firstName: result.firstName, already: result.alreadyCheckedIn });
      },
      (failure: unknown) => {
        setBusy(false);
        setError(apiMessage(failure));
      },
    );
  };

  return (
    <LoadState state={state} title={t('events.checkIn.notAvailableTitle')} message={apiMessage} onRetry={reload}>
      {(event) =>
        outcome ? (
          <div className={styles.placePanel} role="status">
            <h1>{t('events.checkIn.doneTitle')}</h1>
            <p className={lead}>
              {outcome.firstName
                ? t('events.checkIn.doneName', { name: outcome.firstName, title: event.title })
                : t('events.checkIn.doneAnonymous', { title: event.title })}
            </p>
            {outcome.already ? <p>{t('events.checkIn.already')}</p> : null}
            <Button
              variant="secondary"
              onClick={() => {
                setOutcome(null);
                setEmail('');
              }}
            >
              {t('events.checkIn.another')}
            </Button>
          </div>
        ) : (
          <>
            {error ? <ErrorSummary items={[{ text: error, targetId: 'check-in-email' }]} focusKey={attempt} /> : null}
            <h1>{t('events.checkIn.title', { title: event.title })}</h1>
            <p>{when(event.startDate, event.eventEndDate)}</p>
            <form className={styles.checkInForm} onSubmit={submit} noValidate>
              <TextInput
                id="check-in-email"
                label={t('events.checkIn.email')}
                hint={t('events.checkIn.hint')}
                error={error}
                type="email"
                autoComplete="email"
                spellCheck={false}
                autoCapitalize="none"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <Button type="submit" disabled={busy}>
                {busy ? t('events.checkIn.checking') : t('events.checkIn.submit')}
              </Button>
            </form>
          </>
        )
      }
    </LoadState>
  );
}
