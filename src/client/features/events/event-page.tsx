import { Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { REDIRECT_PARAM, isCandidate, signInRedirectPath, type Answers } from '#engine';
import {
  cancelEventRegistration,
  fetchMyRegistration,
  fetchPublicEvent,
  registerForEvent,
  type MyRegistration,
  type PublicEvent,
} from '../../api/events';
import { useApiMessage } from '../../api/use-api-message';
import { LazyStepForm } from '../../engine-ui/lazy';
import { useApplicationForm } from '../../engine-ui/use-application-form';
import { userAtom } from '../../state/auth';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { ButtonLink } from '../../ui/button/button-link';
import { useClickLock } from '../../ui/button/use-click-lock';
import { BackLink } from '../../ui/link/back-link';
import { Notice } from '../../ui/notice/notice';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { DelayedSpinner } from '../../ui/spinner/delayed-spinner';
import { SummaryList } from '../../ui/summary-list/summary-list';
import { Availability } from './events-page';
import { useDateTime, useEventTime } from './format';
import * as styles from './events.css';

function EventFacts({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const when = useEventTime();
  const dateTime = useDateTime();
  const rows = [
    { key: 'type', label: t('events.details.type'), value: t(`events.types.${event.type}`) },
    { key: 'when', label: t('events.details.when'), value: when(event.startDate, event.eventEndDate) },
    ...(event.place ? [{ key: 'where', label: t('events.details.where'), value: event.place }] : []),
    ...(event.onlineLink
      ? [
          {
            key: 'online',
            label: t('events.details.online'),
            value: (
              <a href={event.onlineLink} rel="noreferrer" target="_blank">
                {t('events.details.onlineLink')}
              </a>
            ),
          },
        ]
      : []),
    { key: 'places', label: t('events.details.places'), value: <Availability event={event} /> },
    ...(event.registrationDeadline
      ? [{ key: 'deadline', label: t('events.details.deadline'), value: dateTime(event.registrationDeadline) }]
      : []),
    ...(event.roles.length
      ? [
          {
            key: 'roles',
            label: t('events.details.roles'),
            value: (
              <ul>
                {event.roles.map((role) => (
                  <li key={role.id}>
                    <Link to={`/apply/${role.id}`}>{role.name}</Link>
                  </li>
                ))}
              </ul>
            ),
          },
        ]
      : []),
  ];
  return <SummaryList rows={rows} />;
}

/** The registrant questions, compiled by the engine from the event's form layer, then Register. */
function RegisterForm({ event, onRegistered }: { event: PublicEvent; onRegistered: (r: MyRegistration) => void }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const form = useApplicationForm(event.formConfiguration);
  const [problem, setProblem] = useState<string>();
  const step = form.steps[0];

  const submit = async (answers: Answers) => {
    setProblem(undefined);
    try {
      onRegistered(await registerForEvent(event.id, answers));
    } catch (error) {
      setProblem(apiMessage(error));
    }
  };
  const label = event.placesLeft > 0 ? t('events.register.submit') : t('events.register.joinWaitingList');
  return (
    <>
      {event.placesLeft === 0 ? <p>{t('events.register.fullBody')}</p> : null}
      {problem ? (
        <p role="alert" className="error-message">
          {problem}
        </p>
      ) : null}
      {step ? (
        <Suspense fallback={<DelayedSpinner />}>
          <LazyStepForm form={form} step={step} heading={false} submitLabel={label} onContinue={submit} />
        </Suspense>
      ) : (
        <Button onClick={() => void submit({})}>{label}</Button>
      )}
    </>
  );
}

function Registration({ event, onChange }: { event: PublicEvent; onChange: () => void }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const dateTime = useDateTime();
  const { state, set, reload } = useLoad(() => fetchMyRegistration(event.id), event.id);
  const [problem, setProblem] = useState<string>();
  const [cancelling, setCancelling] = useState(false);
  const cancel = useClickLock(() => {
    setCancelling(true);
    cancelEventRegistration(event.id).then(
      (registration) => {
        setCancelling(false);
        set(registration);
        onChange();
      },
      (error: unknown) => {
        setCancelling(false);
        setProblem(apiMessage(error));
      },
    );
  });
  return (
    <LoadState state={state} title={t('common.loadFailedTitle')} message={apiMessage} onRetry={reload} heading={2}>
      {(registration) => {
        const cancelButton = (
          <div className={styles.actions}>
            {problem ? <p role="alert">{problem}</p> : null}
            <Button variant="secondary" onClick={cancel} disabled={cancelling}>
              {cancelling
                ? t('events.register.cancelling')
                : registration.status === 'WAITING'
                  ? t('events.register.leaveWaitingList')
                  : t('events.register.cancel')}
            </Button>
          </div>
        );
        if (registration.status === 'REGISTERED')
          return (
            <>
              <div className={styles.placePanel}>
                <h3>{t('events.register.registeredTitle')}</h3>
                <p>
                  {registration.checkedInAt
                    ? t('events.register.checkedIn', { time: dateTime(registration.checkedInAt) })
                    : t('events.register.registeredBody')}
                </p>
              </div>
              {registration.checkedInAt ? null : cancelButton}
            </>
          );
        if (registration.status === 'WAITING')
          return (
            <>
              <h3>{t('events.register.waitingTitle')}</h3>
              <p>{t('events.register.waitingBody', { position: registration.waitingPosition ?? 1 })}</p>
              {cancelButton}
            </>
          );
        if (!event.registrationOpen) return <p>{t('events.register.closed')}</p>;
        return (
          <>
            {registration.status === 'CANCELLED' ? <p>{t('events.register.cancelledBody')}</p> : null}
            <RegisterForm
              event={event}
              onRegistered={(r) => {
                set(r);
                onChange();
              }}
            />
          </>
        );
      }}
    </LoadState>
  );
}

/** What a visitor can do: sign in or sign up and come back, register, or see and cancel their place. */
function RegistrationSection({ event, onChange }: { event: PublicEvent; onChange: () => void }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const { user } = useAtomValue(userAtom);
  const here = `/event/${event.id}`;
  let body;
  if (!user) {
    body = event.registrationOpen ? (
      <>
        <p>{t('events.register.signedOutBody')}</p>
        <div className={styles.actions}>
          <ButtonLink to={signInRedirectPath(here)}>{t('events.register.signIn')}</ButtonLink>
          {organization.settings.subdomainRestricted ? null : (
            <Link to={`/signup?${new URLSearchParams({ [REDIRECT_PARAM]: here }).toString()}`}>
              {t('events.register.signUp')}
            </Link>
          )}
        </div>
      </>
    ) : (
      <p>{t('events.register.closed')}</p>
    );
  } else if (!isCandidate(user.userType)) {
    body = <Notice>{t('events.register.hiringSide')}</Notice>;
  } else {
    body = <Registration event={event} onChange={onChange} />;
  }
  return (
    <section aria-labelledby="register-heading">
      <h2 id="register-heading">{t('events.register.title')}</h2>
      {body}
    </section>
  );
}

/** /event/:eventId: an event's date, place and places left, and registration. */
export function EventPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const { state, reload } = useLoad(() => fetchPublicEvent(organization.subdomain, eventId), eventId);
  return (
    <>
      <BackLink to="/events">{t('events.register.back')}</BackLink>
      <LoadState state={state} title={t('events.notAvailableTitle')} message={apiMessage} onRetry={reload}>
        {(event) => (
          <>
            <h1>{event.title}</h1>
            {event.description ? <p className={styles.description}>{event.description}</p> : null}
            <EventFacts event={event} />
            <RegistrationSection event={event} onChange={reload} />
          </>
        )}
      </LoadState>
    </>
  );
}
