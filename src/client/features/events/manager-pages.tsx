import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { CustomQuestion } from '#schemas/configuration';
import { EVENT_TYPES, type EventType } from '#schemas/events';
import { isAxiosError } from 'axios';
import {
  createEvent,
  fetchAttendees,
  fetchManagerEvent,
  fetchManagerEvents,
  markAttendance,
  setEventArchived,
  updateEvent,
  type Attendance,
  type Attendee,
  type AttendeeList,
  type EventBody,
  type ManagerEvent,
} from '../../api/events';
import { fetchManagerRoles } from '../../api/manager-roles';
import { useApiMessage } from '../../api/use-api-message';
import { showToastAtom } from '../../state/process';
import { Button } from '../../ui/button/button';
import { ButtonLink } from '../../ui/button/button-link';
import { useClickLock } from '../../ui/button/use-click-lock';
import { Checkboxes } from '../../ui/form/choices';
import { ErrorSummary, summaryItems, type SummaryError } from '../../ui/form/error-summary';
import { SelectField } from '../../ui/form/select-field';
import { TextArea, TextInput } from '../../ui/form/text-input';
import { useFormErrors } from '../../ui/form/use-form-errors';
import { BackLink } from '../../ui/link/back-link';
import { LoadState } from '../../ui/page/load-state';
import { useKeptLoad, useLoad } from '../../ui/page/use-load';
import { Tag } from '../../ui/tag/tag';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import { useDateTime, useEventTime } from './format';
import { EventQrCode } from './qr-code';
import * as styles from './events.css';

/* The hiring side's event pages (issue 14): the list, create and edit, the QR code, and the staff check-in list. */

/** How often the staff check-in list asks again, so two staff at two doors keep up with each other. */
const CHECK_IN_REFRESH_MS = 5000;

function Counts({ event }: { event: ManagerEvent }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.counts}>
      <li>{t('events.manage.registered', { count: event.registeredCount, capacity: event.capacity })}</li>
      <li>{t('events.manage.waiting', { count: event.waitingListCount })}</li>
      <li>{t('events.manage.attended', { count: event.attendedCount })}</li>
      <li>{t('events.manage.noShow', { count: event.noShowCount })}</li>
    </ul>
  );
}

/** /manager/events: the organisation's events (active or archived) with their counts. */
export function ManagerEventsPage() {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const when = useEventTime();
  const [status, setStatus] = useState<'ACTIVE' | 'ARCHIVED'>('ACTIVE');
  const { state, reload } = useLoad(() => fetchManagerEvents(status), status);
  return (
    <>
      <h1>{t('events.manage.title')}</h1>
      <div className={styles.toolbar}>
        <ButtonLink to="/manager/events/new">{t('events.manage.create')}</ButtonLink>
        <SelectField
          label={t('events.manage.show')}
          value={status}
          options={[
            { value: 'ACTIVE', label: t('events.manage.active') },
            { value: 'ARCHIVED', label: t('events.manage.archived') },
          ]}
          onChange={(value) => setStatus(value === 'ARCHIVED' ? 'ARCHIVED' : 'ACTIVE')}
        />
      </div>
      <LoadState state={state} title={t('events.manage.loadFailed')} message={apiMessage} onRetry={reload} heading={2}>
        {(events) =>
          events.length === 0 ? (
            <p>{t('events.manage.none')}</p>
          ) : (
            <table className={styles.table}>
              <caption className={visuallyHidden}>{t('events.manage.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('events.manage.event')}</th>
                  <th scope="col">{t('events.manage.when')}</th>
                  <th scope="col">{t('events.manage.places')}</th>
                  <th scope="col">{t('events.manage.checkIn')}</th>
                </tr>
              </thead>
              <tbody>
                {events.map((event) => (
                  <tr key={event.id}>
                    <td>
                      <Link to={`/manager/events/${event.id}`}>{event.title}</Link>
                      <br />
                      {t(`events.types.${event.type}`)}
                    </td>
                    <td>{when(event.startDate, event.eventEndDate)}</td>
                    <td>
                      {t('events.manage.registered', { count: event.registeredCount, capacity: event.capacity })}
                      {event.waitingListCount > 0 ? (
                        <>
                          <br />
                          {t('events.manage.waiting', { count: event.waitingListCount })}
                        </>
                      ) : null}
                    </td>
                    <td>
                      <Link to={`/event/${event.id}/check-in`}>
                        {t('events.manage.checkInLink', { title: event.title })}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </LoadState>
    </>
  );
}

/** A date-time input's value (local time, minutes) for an ISO instant, and back. */
const localValue = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = new Date(iso);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
};
const isoOf = (local: string): string | null => (local ? new Date(local).toISOString() : null);

interface Draft {
  title: string;
  type: EventType;
  description: string;
  start: string;
  end: string;
  place: string;
  onlineLink: string;
  capacity: string;
  deadline: string;
  roleIds: string[];
  questions: QuestionDraft[];
}

function draftOf(event: ManagerEvent | null): Draft {
  return {
    title: event?.title ?? '',
    type: event?.type ?? 'INSIGHT_DAY',
    description: event?.description ?? '',
    start: localValue(event?.startDate),
    end: localValue(event?.eventEndDate),
    place: event?.place ?? '',
    onlineLink: event?.onlineLink ?? '',
    capacity: event ? String(event.capacity) : '',
    deadline: localValue(event?.registrationDeadline),
    roleIds: event?.roleIds ?? [],
    questions: (event?.questions ?? []).map(questionDraftOf),
  };
}

const FIELD_IDS: Record<string, string> = {
  title: 'event-title',
  startDate: 'event-start',
  eventEndDate: 'event-end',
  capacity: 'event-capacity',
  registrationDeadline: 'event-deadline',
  onlineLink: 'event-link',
  place: 'event-place',
};

/** A registrant question as the editor holds it: the options one per line. */
interface QuestionDraft {
  id: string;
  type: QuestionType;
  label: string;
  options: string;
  /** The question as saved: its hint and limits are kept while its type stays. */
  original?: CustomQuestion;
}

const QUESTION_TYPES = ['text', 'textarea', 'select', 'radio', 'yesno'] as const;
type QuestionType = (typeof QUESTION_TYPES)[number];
const WITH_OPTIONS: ReadonlySet<string> = new Set(['select', 'radio']);

function questionDraftOf(question: CustomQuestion): QuestionDraft {
  return {
    id: question.id,
    type: (QUESTION_TYPES as readonly string[]).includes(question.type) ? (question.type as QuestionType) : 'text',
    label: question.label,
    options: (question.options ?? []).join('\n'),
    original: question,
  };
}

function questionOf(draft: QuestionDraft): CustomQuestion {
  const options = draft.options
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);
  const { options: _options, ...kept } = draft.original ?? {};
  const same = draft.original?.type === draft.type;
  return {
    ...(same ? kept : {}),
    ...(draft.original?.hint ? { hint: draft.original.hint } : {}),
    id: draft.id,
    type: draft.type,
    label: draft.label.trim(),
    ...(WITH_OPTIONS.has(draft.type) ? { options } : {}),
  };
}

/**
 * The registrant questions: custom questions of the configuration format, which the engine compiles into the form
 * candidates answer when they register (the server checks them like any configuration).
 */
function QuestionsEditor({
  questions,
  onChange,
}: {
  questions: QuestionDraft[];
  onChange: (q: QuestionDraft[]) => void;
}) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<QuestionDraft>) =>
    onChange(questions.map((q, i) => (i === index ? { ...q, ...patch } : q)));
  return (
    <fieldset className={styles.questions}>
      <legend>{t('events.manage.questions.title')}</legend>
      <p>{questions.length ? t('events.manage.questions.hint') : t('events.manage.questions.defaults')}</p>
      {questions.map((question, index) => (
        <div key={question.id} className={styles.question}>
          <TextInput
            id={`question-${question.id}-label`}
            label={t('events.manage.questions.label', { number: index + 1 })}
            value={question.label}
            maxLength={500}
            onChange={(e) => change(index, { label: e.target.value })}
          />
          <SelectField
            label={t('events.manage.questions.type', { number: index + 1 })}
            value={question.type}
            options={QUESTION_TYPES.map((type) => ({ value: type, label: t(`events.manage.questions.types.${type}`) }))}
            onChange={(value) => change(index, { type: value as QuestionType })}
          />
          {WITH_OPTIONS.has(question.type) ? (
            <TextArea
              id={`question-${question.id}-options`}
              label={t('events.manage.questions.options', { number: index + 1 })}
              hint={t('events.manage.questions.optionsHint')}
              rows={4}
              value={question.options}
              onChange={(e) => change(index, { options: e.target.value })}
            />
          ) : null}
          <Button variant="secondary" onClick={() => onChange(questions.filter((_, i) => i !== index))}>
            {t('events.manage.questions.remove', { number: index + 1 })}
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        onClick={() =>
          onChange([
            ...questions,
            { id: `eventQuestion${Date.now().toString(36)}`, type: 'text', label: '', options: '' },
          ])
        }
      >
        {t('events.manage.questions.add')}
      </Button>
    </fieldset>
  );
}

/** The event form: create (event null) or edit. */
function EventForm({ event, onSaved }: { event: ManagerEvent | null; onSaved: (event: ManagerEvent) => void }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const [draft, setDraft] = useState(() => draftOf(event));
  const errors = useFormErrors();
  const roles = useLoad(() => fetchManagerRoles({ status: 'ACTIVE', resultsPerPage: 100 }), 'roles').state;
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const save = useClickLock((e: FormEvent) => {
    e.preventDefault();
    const problems: SummaryError[] = [];
    if (!draft.title.trim()) problems.push({ fieldId: FIELD_IDS.title, message: t('events.manage.errors.title') });
    if (!draft.start) problems.push({ fieldId: FIELD_IDS.startDate, message: t('events.manage.errors.start') });
    if (!draft.end) problems.push({ fieldId: FIELD_IDS.eventEndDate, message: t('events.manage.errors.end') });
    const capacity = Number(draft.capacity);
    if (!Number.isInteger(capacity) || capacity < 1)
      problems.push({ fieldId: FIELD_IDS.capacity, message: t('events.manage.errors.capacity') });
    if (problems.length) {
      errors.fail(problems);
      return;
    }
    const body: EventBody = {
      title: draft.title.trim(),
      type: draft.type,
      description: draft.description,
      startDate: isoOf(draft.start)!,
      eventEndDate: isoOf(draft.end)!,
      place: draft.place.trim() || null,
      onlineLink: draft.onlineLink.trim() || null,
      capacity,
      registrationDeadline: isoOf(draft.deadline),
      roleIds: draft.roleIds,
      ...(event || draft.questions.length > 0 ? { questions: draft.questions.map(questionOf) } : {}),
    };
    (event ? updateEvent(event.id, body) : createEvent(body)).then(
      (saved) => {
        errors.clear();
        onSaved(saved);
      },
      (failure: unknown) => {
        const sent = isAxiosError(failure)
          ? (failure.response?.data as { errors?: Array<{ field: string; message: string }> } | undefined)?.errors
          : undefined;
        errors.fail(
          sent?.length
            ? sent.map((f) => ({ fieldId: FIELD_IDS[f.field.split(/[./]/)[0]!], message: f.message }))
            : [{ message: apiMessage(failure) }],
        );
      },
    );
  });
  return (
    <form onSubmit={save} noValidate>
      <ErrorSummary items={summaryItems(errors.errors)} focusKey={errors.attempt} />
      <TextInput
        id={FIELD_IDS.title}
        label={t('events.manage.fields.title')}
        value={draft.title}
        maxLength={200}
        error={errors.of(FIELD_IDS.title!)}
        onChange={(e) => set({ title: e.target.value })}
      />
      <SelectField
        label={t('events.manage.fields.type')}
        value={draft.type}
        options={EVENT_TYPES.map((type) => ({ value: type, label: t(`events.types.${type}`) }))}
        onChange={(value) => set({ type: value as EventType })}
      />
      <TextArea
        id="event-description"
        label={t('events.manage.fields.description')}
        value={draft.description}
        maxLength={5000}
        rows={5}
        onChange={(e) => set({ description: e.target.value })}
      />
      <div className={styles.formGrid}>
        <TextInput
          id={FIELD_IDS.startDate}
          type="datetime-local"
          label={t('events.manage.fields.start')}
          value={draft.start}
          error={errors.of(FIELD_IDS.startDate!)}
          onChange={(e) => set({ start: e.target.value })}
        />
        <TextInput
          id={FIELD_IDS.eventEndDate}
          type="datetime-local"
          label={t('events.manage.fields.end')}
          value={draft.end}
          error={errors.of(FIELD_IDS.eventEndDate!)}
          onChange={(e) => set({ end: e.target.value })}
        />
        <TextInput
          id={FIELD_IDS.place}
          label={t('events.manage.fields.place')}
          hint={t('events.manage.fields.placeHint')}
          value={draft.place}
          error={errors.of(FIELD_IDS.place!)}
          onChange={(e) => set({ place: e.target.value })}
        />
        <TextInput
          id={FIELD_IDS.onlineLink}
          type="url"
          label={t('events.manage.fields.onlineLink')}
          hint={t('events.manage.fields.onlineLinkHint')}
          value={draft.onlineLink}
          error={errors.of(FIELD_IDS.onlineLink!)}
          onChange={(e) => set({ onlineLink: e.target.value })}
        />
        <TextInput
          id={FIELD_IDS.capacity}
          inputMode="numeric"
          label={t('events.manage.fields.capacity')}
          value={draft.capacity}
          error={errors.of(FIELD_IDS.capacity!)}
          onChange={(e) => set({ capacity: e.target.value })}
        />
        <TextInput
          id={FIELD_IDS.registrationDeadline}
          type="datetime-local"
          label={t('events.manage.fields.deadline')}
          hint={t('events.manage.fields.deadlineHint')}
          value={draft.deadline}
          error={errors.of(FIELD_IDS.registrationDeadline!)}
          onChange={(e) => set({ deadline: e.target.value })}
        />
      </div>
      {roles.status === 'ready' && roles.data.content.length > 0 ? (
        <Checkboxes
          legend={t('events.manage.fields.roles')}
          name="event-roles"
          options={roles.data.content.map((role) => ({ value: role.id, label: role.name }))}
          values={draft.roleIds}
          onChange={(roleIds) => set({ roleIds })}
        />
      ) : null}
      <QuestionsEditor questions={draft.questions} onChange={(questions) => set({ questions })} />
      <Button type="submit">{event ? t('events.manage.save') : t('events.manage.createSubmit')}</Button>
    </form>
  );
}

/** /manager/events/new and /manager/events/:eventId: create or edit, archive or restore, the QR code. */
export function ManagerEventPage() {
  const { t } = useTranslation();
  const { eventId = 'new' } = useParams();
  const navigate = useNavigate();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const creating = eventId === 'new';
  const { state, set, reload } = useLoad(
    () => (creating ? Promise.resolve(null) : fetchManagerEvent(eventId)),
    eventId,
  );
  const [archiving, setArchiving] = useState(false);
  const archive = (event: ManagerEvent) => {
    setArchiving(true);
    setEventArchived(event.id, !event.archived).then(
      (saved) => {
        setArchiving(false);
        set(saved);
        showToast({
          kind: 'success',
          message: saved.archived ? t('events.manage.archivedDone') : t('events.manage.restoredDone'),
        });
      },
      (failure: unknown) => {
        setArchiving(false);
        showToast({ kind: 'error', message: apiMessage(failure) });
      },
    );
  };
  return (
    <>
      <BackLink to="/manager/events">{t('events.manage.back')}</BackLink>
      <LoadState state={state} title={t('events.manage.eventLoadFailed')} message={apiMessage} onRetry={reload}>
        {(event) => (
          <>
            <h1>{event ? event.title : t('events.manage.createTitle')}</h1>
            {event ? (
              <>
                {event.archived ? <Tag colour="grey">{t('events.manage.archivedTag')}</Tag> : null}
                <Counts event={event} />
                <div className={`${styles.actions} ${styles.noPrint}`}>
                  <ButtonLink to={`/event/${event.id}/check-in`}>{t('events.manage.openCheckIn')}</ButtonLink>
                  <Button variant="secondary" disabled={archiving} onClick={() => archive(event)}>
                    {event.archived ? t('events.manage.restore') : t('events.manage.archive')}
                  </Button>
                </div>
                <EventQrCode event={event} />
              </>
            ) : null}
            <section className={styles.noPrint} aria-labelledby="event-details-heading">
              <h2 id="event-details-heading">{t('events.manage.details')}</h2>
              <EventForm
                key={event?.updatedAt ?? 'new'}
                event={event}
                onSaved={(saved) => {
                  showToast({ kind: 'success', message: t('events.manage.saved') });
                  if (creating) navigate(`/manager/events/${saved.id}`);
                  else set(saved);
                }}
              />
            </section>
          </>
        )}
      </LoadState>
    </>
  );
}

const fullName = (a: Attendee) => [a.firstName, a.lastName].filter(Boolean).join(' ') || a.email;

function AttendeeRow({
  attendee,
  onMark,
}: {
  attendee: Attendee;
  onMark: (attendee: Attendee, attendance: Attendance | null) => void;
}) {
  const { t } = useTranslation();
  const name = fullName(attendee);
  const mark = (attendance: Attendance) => onMark(attendee, attendee.attendance === attendance ? null : attendance);
  return (
    <tr>
      <td>
        {attendee.applicationId ? <Link to={`/manager/candidate/${attendee.applicationId}`}>{name}</Link> : name}
        <br />
        {attendee.email}
      </td>
      <td>
        {attendee.status === 'REGISTERED' ? (
          attendee.attendance ? (
            <Tag colour={attendee.attendance === 'Attended' ? 'green' : 'red'}>
              {attendee.attendance === 'Attended' ? t('events.staff.attended') : t('events.staff.noShow')}
            </Tag>
          ) : (
            <Tag colour="blue">{t('events.staff.notMarked')}</Tag>
          )
        ) : attendee.status === 'WAITING' ? (
          <Tag colour="yellow">{t('events.staff.waiting', { position: attendee.waitingPosition ?? 0 })}</Tag>
        ) : (
          <Tag colour="grey">{t('events.staff.cancelled')}</Tag>
        )}
      </td>
      <td>
        {attendee.status === 'REGISTERED' ? (
          <div className={styles.markButtons}>
            <Button
              variant={attendee.attendance === 'Attended' ? 'primary' : 'secondary'}
              aria-pressed={attendee.attendance === 'Attended'}
              aria-label={t('events.staff.markAttended', { name })}
              onClick={() => mark('Attended')}
            >
              {t('events.staff.attended')}
            </Button>
            <Button
              variant={attendee.attendance === 'No show' ? 'primary' : 'secondary'}
              aria-pressed={attendee.attendance === 'No show'}
              aria-label={t('events.staff.markNoShow', { name })}
              onClick={() => mark('No show')}
            >
              {t('events.staff.noShow')}
            </Button>
          </div>
        ) : null}
      </td>
    </tr>
  );
}

/**
 * /event/:eventId/check-in: the staff's attendee list at the door (tablet-sized controls), searchable;
 * asks again every few seconds so marks made by another member of staff appear.
 */
export function EventCheckInPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const dateTime = useDateTime();
  const [search, setSearch] = useState('');
  const [tick, setTick] = useState(0);
  // Marks made here since the list last arrived; a fresh list (which has them) replaces them.
  const [marks, setMarks] = useState<{ of: AttendeeList | null; byId: Record<string, Attendee> }>({
    of: null,
    byId: {},
  });
  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), CHECK_IN_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  const list = useKeptLoad(() => fetchAttendees(eventId, search.trim() || undefined), `${eventId}|${search}|${tick}`);
  const onMark = (attendee: Attendee, attendance: Attendance | null) => {
    markAttendance(eventId, attendee.id, attendance).then(
      (saved) =>
        setMarks((current) => ({
          of: list.data,
          byId: { ...(current.of === list.data ? current.byId : {}), [saved.id]: saved },
        })),
      (failure: unknown) => showToast({ kind: 'error', message: apiMessage(failure) }),
    );
  };
  if (!list.data) {
    if (list.error)
      return (
        <LoadState
          state={{ status: 'failed', error: list.error }}
          title={t('events.staff.loadFailed')}
          message={apiMessage}
          onRetry={list.reload}
        >
          {() => null}
        </LoadState>
      );
    return (
      <LoadState state={{ status: 'loading' }} title="" message={apiMessage}>
        {() => null}
      </LoadState>
    );
  }
  const { event, attendees } = list.data;
  const marked = marks.of === list.data ? marks.byId : {};
  const rows = attendees.map((a) => marked[a.id] ?? a);
  return (
    <>
      <h1>{t('events.staff.title', { title: event.title })}</h1>
      <p>{dateTime(event.startDate)}</p>
      <Counts event={event} />
      <form className={styles.toolbar} role="search" onSubmit={(e) => e.preventDefault()}>
        <TextInput
          id="attendee-search"
          type="search"
          label={t('events.staff.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </form>
      {list.error ? <p role="alert">{apiMessage(list.error)}</p> : null}
      {rows.length === 0 ? (
        <p role="status">{search ? t('events.staff.noMatch') : t('events.staff.none')}</p>
      ) : (
        <table className={styles.table} aria-busy={list.loading}>
          <caption className={visuallyHidden}>{t('events.staff.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('events.staff.name')}</th>
              <th scope="col">{t('events.staff.status')}</th>
              <th scope="col">{t('events.staff.mark')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((attendee) => (
              <AttendeeRow key={attendee.id} attendee={attendee} onMark={onMark} />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
