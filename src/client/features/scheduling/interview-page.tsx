import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { bookInterview, cancelInterview, fetchPublicInterview, type PublicInterview } from '../../api/scheduling';
import { errorStatus } from '../../api/errors';
import { useApiMessage } from '../../api/use-api-message';
import { Button, ButtonGroup } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { ErrorSummary } from '../../ui/form/error-summary';
import { Radios } from '../../ui/form/choices';
import { ConfirmationPanel, Notice } from '../../ui/notice/notice';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { SummaryList } from '../../ui/summary-list/summary-list';
import { lead } from '../../ui/typography.css';
import { browserTimeZone, byDay, dateTimeText, dayText, slotText, timeText, useLocale } from './zones';
import * as styles from './scheduling.css';

type Slot = PublicInterview['slots'][number];

/** Spec §2 /interview/:token: a candidate picks an interview time (no sign-in: the link is the credential). */
export function InterviewPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const apiMessage = useApiMessage();
  const { state, set, reload } = useLoad(() => fetchPublicInterview(token), token);
  if (state.status === 'failed' && errorStatus(state.error) === 404) {
    return (
      <>
        <h1>{t('interview.unknownTitle')}</h1>
        <p>{t('interview.unknownBody')}</p>
      </>
    );
  }
  return (
    <LoadState state={state} title={t('interview.loadFailed')} message={apiMessage} onRetry={reload}>
      {(interview) => <Interview token={token} interview={interview} onChange={set} />}
    </LoadState>
  );
}

function Interview({
  token,
  interview,
  onChange,
}: {
  token: string;
  interview: PublicInterview;
  onChange: (interview: PublicInterview) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [changing, setChanging] = useState(false);
  const [justBooked, setJustBooked] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const organization = interview.organizationName;
  if (interview.state === 'CANCELLED')
    return (
      <>
        <h1>{t('interview.cancelledTitle')}</h1>
        <p>{t('interview.cancelledBody', { organization })}</p>
      </>
    );
  if (interview.state === 'EXPIRED')
    return (
      <>
        <h1>{t('interview.expiredTitle')}</h1>
        <p>{t('interview.expiredBody', { organization })}</p>
      </>
    );
  const booked = interview.slots.find((s) => s.selectedTime);
  const due = dateTimeText(interview.dueAt, interview.timeZone, locale);
  if (interview.state === 'BOOKED' && booked && !changing)
    return (
      <Booked
        token={token}
        interview={interview}
        slot={booked}
        justBooked={justBooked}
        onChangeTime={() => setChanging(true)}
        onCancelled={(next) => {
          setCancelled(true);
          setJustBooked(false);
          onChange(next);
        }}
      />
    );
  return (
    <>
      {cancelled ? <Notice>{t('interview.cancelled', { date: due })}</Notice> : null}
      <h1>{t('interview.title')}</h1>
      <p className={lead}>
        {t('interview.lead', { organization, role: interview.roleName, stage: interview.stageName })}
      </p>
      {interview.state === 'OPEN' ? <p>{t('interview.due', { date: due })}</p> : null}
      <SlotPicker
        token={token}
        interview={interview}
        onBooked={(next) => {
          setJustBooked(true);
          setChanging(false);
          setCancelled(false);
          onChange(next);
        }}
        onCancel={changing ? () => setChanging(false) : undefined}
      />
    </>
  );
}

function ZoneNote({ interview }: { interview: PublicInterview }) {
  const { t } = useTranslation();
  const zone = browserTimeZone();
  return (
    <p>
      {t('interview.zoneNote', { zone })}{' '}
      {zone === interview.timeZone
        ? null
        : t('interview.orgZone', { organization: interview.organizationName, zone: interview.timeZone })}
    </p>
  );
}

function SlotPicker({
  token,
  interview,
  onBooked,
  onCancel,
}: {
  token: string;
  interview: PublicInterview;
  onBooked: (interview: PublicInterview) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const apiMessage = useApiMessage();
  const zone = browserTimeZone();
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const free = interview.slots.filter((s) => s.available);
  const label = (slot: Slot) => {
    const own = timeText(slot, zone, locale);
    return zone === interview.timeZone
      ? `${own} · ${slot.location}`
      : `${own} (${t('interview.orgTime', { time: timeText(slot, interview.timeZone, locale), zone: interview.timeZone })}) · ${slot.location}`;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const slot = free.find((s) => s.id === choice);
    setAttempt((n) => n + 1);
    if (!slot) {
      setError(t('interview.chooseError'));
      return;
    }
    setBusy(true);
    bookInterview(token, slot).then(
      (next) => {
        setBusy(false);
        setError(null);
        onBooked(next);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(apiMessage(failure));
        setChoice(null);
        // The times may have changed: show the ones still free.
        fetchPublicInterview(token).then(onBooked, () => undefined);
      },
    );
  };
  if (free.length === 0)
    return (
      <>
        {error ? <ErrorSummary items={[{ text: error }]} focusKey={attempt} /> : null}
        <p>{t('interview.noSlots', { organization: interview.organizationName })}</p>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t('interview.keepTime')}
          </Button>
        ) : null}
      </>
    );
  return (
    <form onSubmit={submit} noValidate>
      {error ? <ErrorSummary items={[{ text: error, targetId: 'interview-slots' }]} focusKey={attempt} /> : null}
      <ZoneNote interview={interview} />
      <div id="interview-slots" className={styles.days}>
        {byDay(free, zone).map(([day, slots]) => (
          <Radios
            key={day}
            legend={dayText(slots[0]!.startDateTime, zone, locale)}
            name="slot"
            value={choice}
            onChange={setChoice}
            options={slots.map((s) => ({ value: s.id, label: label(s) }))}
          />
        ))}
      </div>
      <ButtonGroup>
        <Button type="submit" disabled={busy}>
          {t('interview.book')}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t('interview.keepTime')}
          </Button>
        ) : null}
      </ButtonGroup>
    </form>
  );
}

function Booked({
  token,
  interview,
  slot,
  justBooked,
  onChangeTime,
  onCancelled,
}: {
  token: string;
  interview: PublicInterview;
  slot: Slot;
  justBooked: boolean;
  onChangeTime: () => void;
  onCancelled: (interview: PublicInterview) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const apiMessage = useApiMessage();
  const zone = browserTimeZone();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = useClickLock(() => {
    cancelInterview(token).then(onCancelled, (failure: unknown) => setError(apiMessage(failure)));
  });
  const when = slotText(slot, zone, locale);
  const rows = [
    { key: 'role', label: t('interview.role'), value: `${interview.roleName} (${interview.stageName})` },
    { key: 'when', label: t('interview.when'), value: `${when} (${zone})` },
    ...(zone === interview.timeZone
      ? []
      : [
          {
            key: 'orgWhen',
            label: t('interview.orgWhen', { zone: interview.timeZone }),
            value: slotText(slot, interview.timeZone, locale),
          },
        ]),
    { key: 'where', label: t('interview.where'), value: slot.location },
  ];
  return (
    <>
      {error ? <ErrorSummary items={[{ text: error }]} focusKey={error} /> : null}
      {justBooked ? (
        <ConfirmationPanel title={t('interview.bookedTitle')}>
          <p>{when}</p>
        </ConfirmationPanel>
      ) : (
        <h1>{t('interview.yourInterview')}</h1>
      )}
      <SummaryList rows={rows} />
      {interview.canChange ? (
        <>
          <p>{t('interview.emailed', { hours: interview.cutoffHours })}</p>
          {confirming ? (
            <div role="group" aria-labelledby="cancel-question">
              <p id="cancel-question">
                <strong>{t('interview.cancelQuestion')}</strong>
              </p>
              <ButtonGroup>
                <Button variant="warning" onClick={cancel}>
                  {t('interview.cancelConfirm')}
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(false)}>
                  {t('interview.keep')}
                </Button>
              </ButtonGroup>
            </div>
          ) : (
            <ButtonGroup>
              <Button onClick={onChangeTime}>{t('interview.change')}</Button>
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                {t('interview.cancel')}
              </Button>
            </ButtonGroup>
          )}
        </>
      ) : (
        <Notice>{t('interview.tooLate', { organization: interview.organizationName })}</Notice>
      )}
      <p>
        <Link to="/applications">{t('interview.applicationsLink')}</Link>
      </p>
    </>
  );
}
