import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  canAddInterviewDay,
  INTERVIEW_STAGES,
  INVITE_DUE_DAY_OPTIONS,
  isGridTime,
  MAX_INTERVIEWERS_PER_SLOT,
  overlaps,
  slotDurations,
  slotsOfDay,
  timeOptions,
  zonedInstant,
  type StageId,
} from '#engine';
import { fetchStages, searchCandidates } from '../../api/pipeline';
import { fetchReferenceList } from '../../api/reference-data';
import { createSchedule, fetchBusy, fetchInterviewers, type Interviewer } from '../../api/scheduling';
import { fieldErrors } from '../../api/translated-messages';
import { useApiMessage } from '../../api/use-api-message';
import { useOrganization } from '../../state/site';
import { Button, ButtonGroup } from '../../ui/button/button';
import { ButtonLink } from '../../ui/button/button-link';
import { Checkboxes } from '../../ui/form/choices';
import { ErrorSummary } from '../../ui/form/error-summary';
import { SelectField } from '../../ui/form/select-field';
import { TextInput } from '../../ui/form/text-input';
import { BackLink } from '../../ui/link/back-link';
import { ConfirmationPanel, Notice } from '../../ui/notice/notice';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { SummaryList } from '../../ui/summary-list/summary-list';
import { caption } from '../../ui/typography.css';
import { newDay, useWizardState, type WizardDay, type WizardState } from './wizard-state';
import { dayText, timeText, useLocale } from './zones';
import * as styles from './scheduling.css';

/*
 * Issue 13, spec §2 Scheduling wizard: five steps with the step in the address (?step=1…5) and a
 * way back at each. What the steps gather stays in the tab's session storage.
 */

const STEPS = ['select', 'slots', 'availability', 'review', 'invite'] as const;
type Problem = { field: string; text: string };

const TIME_ZONES = ['Europe/London', 'Europe/Paris', 'Asia/Dubai', 'Asia/Hong_Kong', 'Australia/Sydney', 'UTC'];

/** The slots of a day as the wizard defines them (none while its date or time is not set). */
function daySlots(day: WizardDay, timeZone: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day.date) || !isGridTime(day.start) || day.slots < 1) return [];
  return slotsOfDay(day, timeZone);
}

function stepProblems(step: number, state: WizardState): Problem[] {
  const problems: Problem[] = [];
  if (step >= 1) {
    if (!state.roleId) problems.push({ field: 'wizard-role', text: 'Choose a role' });
    if (!state.stageId) problems.push({ field: 'wizard-stage', text: 'Choose an interview stage' });
    if (state.applicationIds.length === 0)
      problems.push({ field: 'wizard-candidates', text: 'Choose at least one candidate to invite' });
  }
  if (step >= 2) {
    if (!state.title.trim()) problems.push({ field: 'wizard-title', text: 'Enter a title for the interviews' });
    state.days.forEach((day, i) => {
      const n = i + 1;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day.date))
        problems.push({ field: `day-${i}-date`, text: `Enter the date of day ${n}` });
      else if (zonedInstant(day.date, day.start, state.timeZone).getTime() <= Date.now())
        problems.push({ field: `day-${i}-date`, text: `Day ${n} must be in the future` });
      if (!day.location.trim())
        problems.push({ field: `day-${i}-location`, text: `Enter a room or a video link for day ${n}` });
      if (!(day.slots >= 1 && day.slots <= 96))
        problems.push({ field: `day-${i}-slots`, text: `Day ${n} needs 1 to 96 slots` });
      if (!(day.capacity >= 1 && day.capacity <= 100))
        problems.push({ field: `day-${i}-capacity`, text: `Each slot of day ${n} takes 1 to 100 candidates` });
      if (day.interviewerIds.length > MAX_INTERVIEWERS_PER_SLOT)
        problems.push({
          field: `day-${i}-interviewers`,
          text: `Choose at most ${MAX_INTERVIEWERS_PER_SLOT} interviewers for day ${n}`,
        });
    });
  }
  return problems;
}

export function SchedulingWizardPage() {
  const organization = useOrganization();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const step = Math.min(5, Math.max(1, Number(params.get('step')) || 1));
  const wizard = useWizardState(organization.countryBase, params);
  return <Wizard key={step} step={step} {...wizard} />;
}

function Wizard({
  step,
  state,
  update,
  reset,
}: {
  step: number;
  state: WizardState;
  update: (change: Partial<WizardState>) => void;
  reset: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [problems, setProblems] = useState<Problem[]>([]);
  const [attempt, setAttempt] = useState(0);
  const earlier = stepProblems(step - 1, state);
  const go = (to: number) => navigate(`/manager/scheduling/new?step=${to}`);
  const next = (event: FormEvent) => {
    event.preventDefault();
    const found = stepProblems(step, state);
    setAttempt((n) => n + 1);
    setProblems(found);
    if (found.length === 0) go(step + 1);
  };
  const [sent, setSent] = useState<Sent | null>(null);
  const title = t(`scheduling.wizard.steps.${STEPS[step - 1]!}`);
  if (sent)
    return (
      <ConfirmationPanel title={t('scheduling.wizard.sent', { count: sent.invited })}>
        <p>
          <Link to={`/manager/scheduling?roleId=${sent.roleId}&stageId=${sent.stageId}`}>
            {t('scheduling.wizard.seeOverview')}
          </Link>
        </p>
      </ConfirmationPanel>
    );
  return (
    <>
      {step > 1 ? (
        <BackLink to={`/manager/scheduling/new?step=${step - 1}`}>{t('scheduling.wizard.back')}</BackLink>
      ) : (
        <BackLink to="/manager/scheduling">{t('scheduling.wizard.backToOverview')}</BackLink>
      )}
      <span className={caption}>{t('scheduling.wizard.stepOf', { step, total: STEPS.length })}</span>
      <h1>{title}</h1>
      <nav aria-label={t('scheduling.wizard.stepsLabel')}>
        <ol>
          {STEPS.map((key, i) => (
            <li key={key}>
              {i + 1 < step ? (
                <Link to={`/manager/scheduling/new?step=${i + 1}`}>{t(`scheduling.wizard.steps.${key}`)}</Link>
              ) : (
                <span aria-current={i + 1 === step ? 'step' : undefined}>{t(`scheduling.wizard.steps.${key}`)}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {earlier.length > 0 ? (
        <>
          <Notice kind="warning">{t('scheduling.wizard.earlierFirst')}</Notice>
          <ButtonLink to="/manager/scheduling/new?step=1">{t('scheduling.wizard.toStart')}</ButtonLink>
        </>
      ) : step === 5 ? (
        <InviteStep
          state={state}
          update={update}
          onSent={(done) => {
            setSent(done);
            reset();
          }}
        />
      ) : (
        <form onSubmit={next} noValidate>
          <ErrorSummary items={problems.map((p) => ({ text: p.text, targetId: p.field }))} focusKey={attempt} />
          {step === 1 ? <SelectStep state={state} update={update} /> : null}
          {step === 2 ? <SlotsStep state={state} update={update} problems={problems} /> : null}
          {step === 3 ? <AvailabilityStep state={state} /> : null}
          {step === 4 ? <ReviewStep state={state} /> : null}
          <ButtonGroup>
            <Button type="submit">{t('scheduling.wizard.continue')}</Button>
          </ButtonGroup>
        </form>
      )}
    </>
  );
}

const errorOf = (problems: readonly Problem[], field: string) => problems.find((p) => p.field === field)?.text;

function SelectStep({ state, update }: { state: WizardState; update: (change: Partial<WizardState>) => void }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const roles = useLoad(() => fetchReferenceList('ROLE'), organization.id);
  const stages = useLoad(() => fetchStages(organization.id), organization.id);
  const candidates = useLoad(
    () =>
      state.roleId && state.stageId
        ? searchCandidates(
            organization.id,
            'candidate',
            { roleId: state.roleId, stageId: state.stageId },
            { page: 0, sortBy: 'lastChangeAt', orderBy: 'DESC', resultsPerPage: 100 },
          ).then((page) => page.content)
        : Promise.resolve([]),
    `${state.roleId}:${state.stageId ?? ''}`,
  );
  const interviewStages =
    stages.state.status === 'ready'
      ? stages.state.data.filter(
          (s) => INTERVIEW_STAGES.includes(s.id as StageId) && s.subStages.some((x) => x.codeStage === 'INVITED'),
        )
      : [];
  return (
    <>
      <div id="wizard-role">
        <SelectField
          label={t('scheduling.wizard.role')}
          value={state.roleId}
          options={[
            { value: '', label: t('scheduling.wizard.chooseRole') },
            ...(roles.state.status === 'ready' ? roles.state.data.map((r) => ({ value: r.id, label: r.value })) : []),
          ]}
          onChange={(roleId) => update({ roleId, applicationIds: [] })}
        />
      </div>
      <div id="wizard-stage">
        <SelectField
          label={t('scheduling.wizard.stage')}
          value={state.stageId ?? ''}
          options={[
            { value: '', label: t('scheduling.wizard.chooseStage') },
            ...interviewStages.map((s) => ({ value: s.id, label: s.name })),
          ]}
          onChange={(value) => update({ stageId: value ? Number(value) : null, applicationIds: [] })}
        />
      </div>
      <div id="wizard-candidates">
        {state.roleId && state.stageId ? (
          <LoadState
            state={candidates.state}
            title={t('scheduling.wizard.candidatesFailed')}
            message={apiMessage}
            onRetry={candidates.reload}
            heading={2}
          >
            {(list) =>
              list.length === 0 ? (
                <p>{t('scheduling.wizard.noCandidates')}</p>
              ) : (
                <Checkboxes
                  legend={t('scheduling.wizard.candidates')}
                  hint={t('scheduling.wizard.candidatesHint')}
                  name="candidates"
                  values={state.applicationIds}
                  onChange={(applicationIds) => update({ applicationIds })}
                  options={list.map((c) => ({
                    value: c.id,
                    label: `${c.name} (${c.substageName ?? c.stageName ?? ''})`,
                  }))}
                />
              )
            }
          </LoadState>
        ) : (
          <p>{t('scheduling.wizard.chooseRoleFirst')}</p>
        )}
      </div>
    </>
  );
}

function NumberField({
  id,
  label,
  value,
  onChange,
  error,
  min,
  max,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
  min: number;
  max: number;
}) {
  return (
    <TextInput
      id={id}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={Number.isFinite(value) ? String(value) : ''}
      onChange={(event) => onChange(Number(event.target.value))}
      error={error}
    />
  );
}

function SlotsStep({
  state,
  update,
  problems,
}: {
  state: WizardState;
  update: (change: Partial<WizardState>) => void;
  problems: Problem[];
}) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const interviewers = useLoad(() => fetchInterviewers(organization.id), organization.id);
  const setDay = (index: number, change: Partial<WizardDay>) =>
    update({ days: state.days.map((d, i) => (i === index ? { ...d, ...change } : d)) });
  const people: Interviewer[] = interviewers.state.status === 'ready' ? interviewers.state.data : [];
  return (
    <>
      <TextInput
        id="wizard-title"
        label={t('scheduling.wizard.title')}
        value={state.title}
        maxLength={255}
        onChange={(event) => update({ title: event.target.value })}
        error={errorOf(problems, 'wizard-title')}
      />
      <SelectField
        label={t('scheduling.wizard.timeZone')}
        value={state.timeZone}
        options={[...new Set([state.timeZone, ...TIME_ZONES])].map((zone) => ({ value: zone, label: zone }))}
        onChange={(timeZone) => update({ timeZone })}
      />
      {state.days.map((day, i) => (
        <fieldset key={i} className={styles.dayCard}>
          <legend>
            <h2>{t('scheduling.wizard.day', { n: i + 1 })}</h2>
          </legend>
          <TextInput
            id={`day-${i}-date`}
            label={t('scheduling.wizard.date')}
            type="date"
            value={day.date}
            onChange={(event) => setDay(i, { date: event.target.value })}
            error={errorOf(problems, `day-${i}-date`)}
          />
          <div className={styles.inline}>
            <SelectField
              label={t('scheduling.wizard.start')}
              value={day.start}
              options={timeOptions().map((time) => ({ value: time, label: time }))}
              onChange={(start) => setDay(i, { start })}
            />
            <SelectField
              label={t('scheduling.wizard.duration')}
              value={day.duration}
              options={slotDurations().map((m) => ({ value: m, label: t('scheduling.wizard.minutes', { count: m }) }))}
              onChange={(value) => setDay(i, { duration: Number(value) })}
            />
            <NumberField
              id={`day-${i}-slots`}
              label={t('scheduling.wizard.slots')}
              value={day.slots}
              min={1}
              max={96}
              onChange={(slots) => setDay(i, { slots })}
              error={errorOf(problems, `day-${i}-slots`)}
            />
            <NumberField
              id={`day-${i}-capacity`}
              label={t('scheduling.wizard.capacity')}
              value={day.capacity}
              min={1}
              max={100}
              onChange={(capacity) => setDay(i, { capacity })}
              error={errorOf(problems, `day-${i}-capacity`)}
            />
          </div>
          <TextInput
            id={`day-${i}-location`}
            label={t('scheduling.wizard.location')}
            hint={t('scheduling.wizard.locationHint')}
            value={day.location}
            maxLength={255}
            onChange={(event) => setDay(i, { location: event.target.value })}
            error={errorOf(problems, `day-${i}-location`)}
          />
          <div id={`day-${i}-interviewers`}>
            {people.length > 0 ? (
              <Checkboxes
                legend={t('scheduling.wizard.interviewers')}
                hint={
                  errorOf(problems, `day-${i}-interviewers`) ??
                  t('scheduling.wizard.interviewersHint', { max: MAX_INTERVIEWERS_PER_SLOT })
                }
                name={`day-${i}-interviewers`}
                values={day.interviewerIds}
                onChange={(interviewerIds) => setDay(i, { interviewerIds })}
                options={people.map((p) => ({ value: p.id, label: p.name }))}
              />
            ) : null}
          </div>
          {state.days.length > 1 ? (
            <Button variant="secondary" onClick={() => update({ days: state.days.filter((_, j) => j !== i) })}>
              {t('scheduling.wizard.removeDay', { n: i + 1 })}
            </Button>
          ) : null}
        </fieldset>
      ))}
      {canAddInterviewDay(state.days.length) ? (
        <p>
          <Button
            variant="secondary"
            onClick={() => update({ days: [...state.days, { ...(state.days.at(-1) ?? newDay()), date: '' }] })}
          >
            {t('scheduling.wizard.addDay')}
          </Button>
        </p>
      ) : (
        <p>{t('scheduling.wizard.maxDays')}</p>
      )}
    </>
  );
}

function AvailabilityStep({ state }: { state: WizardState }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const locale = useLocale();
  const apiMessage = useApiMessage();
  const load = useLoad(async () => {
    const people = await fetchInterviewers(organization.id);
    return Promise.all(
      state.days.map(async (day) => {
        const chosen = people.filter((p) => day.interviewerIds.includes(p.id));
        const busy =
          chosen.length === 0
            ? []
            : await fetchBusy(organization.id, {
                usernames: chosen.map((p) => p.email).join(','),
                dateTime: zonedInstant(day.date, '12:00', state.timeZone).toISOString(),
                timeZone: state.timeZone,
              });
        return { day, chosen, busy };
      }),
    );
  }, JSON.stringify(state.days));
  return (
    <LoadState
      state={load.state}
      title={t('scheduling.wizard.availabilityFailed')}
      message={apiMessage}
      onRetry={load.reload}
      heading={2}
    >
      {(days) => (
        <>
          <p>{t('scheduling.wizard.availabilityLead')}</p>
          {days.map(({ day, chosen, busy }, i) => {
            const slots = daySlots(day, state.timeZone);
            return (
              <section key={i} aria-labelledby={`availability-${i}`}>
                <h2 id={`availability-${i}`}>
                  {slots[0] ? dayText(slots[0].start.toISOString(), state.timeZone, locale) : day.date}
                </h2>
                <p>
                  {chosen.length === 0
                    ? t('scheduling.wizard.noInterviewers')
                    : t('scheduling.wizard.interviewersAre', { names: chosen.map((p) => p.name).join(', ') })}
                </p>
                <ul>
                  {slots.map((slot) => {
                    const clashes = busy.flatMap((user) =>
                      user.busy
                        .filter((b) =>
                          overlaps(slot, { start: new Date(b.startDateTime), end: new Date(b.endDateTime) }),
                        )
                        .map(
                          (b) =>
                            `${chosen.find((p) => p.id === user.userId)?.name ?? user.username}: ${b.scheduleTitle}`,
                        ),
                    );
                    const time = timeText(
                      { startDateTime: slot.start.toISOString(), endDateTime: slot.end.toISOString() },
                      state.timeZone,
                      locale,
                    );
                    return (
                      <li key={slot.start.toISOString()} className={clashes.length ? styles.clash : undefined}>
                        {time}{' '}
                        {clashes.length
                          ? t('scheduling.wizard.clash', { with: clashes.join('; ') })
                          : t('scheduling.wizard.free')}
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })}
        </>
      )}
    </LoadState>
  );
}

function WeekView({ state }: { state: WizardState }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className={styles.week} role="list" aria-label={t('scheduling.wizard.calendar')}>
      {state.days.map((day, i) => {
        const slots = daySlots(day, state.timeZone);
        return (
          <div key={i} className={styles.weekDay} role="listitem">
            <h3 className={styles.weekDayTitle}>
              {slots[0] ? dayText(slots[0].start.toISOString(), state.timeZone, locale) : day.date}
            </h3>
            {slots.map((slot) => (
              <p key={slot.start.toISOString()} className={styles.weekSlot}>
                {timeText(
                  { startDateTime: slot.start.toISOString(), endDateTime: slot.end.toISOString() },
                  state.timeZone,
                  locale,
                )}
              </p>
            ))}
          </div>
        );
      })}
    </div>
  );
}

function ReviewStep({ state }: { state: WizardState }) {
  const { t } = useTranslation();
  const slots = state.days.reduce((n, d) => n + daySlots(d, state.timeZone).length, 0);
  const places = state.days.reduce((n, d) => n + daySlots(d, state.timeZone).length * d.capacity, 0);
  return (
    <>
      <SummaryList
        rows={[
          { key: 'title', label: t('scheduling.wizard.title'), value: state.title },
          { key: 'candidates', label: t('scheduling.wizard.candidates'), value: String(state.applicationIds.length) },
          { key: 'days', label: t('scheduling.wizard.days'), value: String(state.days.length) },
          { key: 'slots', label: t('scheduling.wizard.slots'), value: String(slots) },
          { key: 'places', label: t('scheduling.wizard.places'), value: String(places) },
          { key: 'zone', label: t('scheduling.wizard.timeZone'), value: state.timeZone },
        ]}
      />
      {places < state.applicationIds.length ? (
        <Notice kind="warning">{t('scheduling.wizard.tooFewPlaces')}</Notice>
      ) : null}
      <h2>{t('scheduling.wizard.calendar')}</h2>
      <WeekView state={state} />
    </>
  );
}

interface Sent {
  invited: number;
  roleId: string;
  stageId: number;
}

function InviteStep({
  state,
  update,
  onSent,
}: {
  state: WizardState;
  update: (change: Partial<WizardState>) => void;
  onSent: (sent: Sent) => void;
}) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const [error, setError] = useState<{ items: { text: string }[]; key: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const send = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    createSchedule(organization.id, {
      roleId: state.roleId,
      stageId: state.stageId!,
      title: state.title.trim(),
      timeZone: state.timeZone,
      dueDays: state.dueDays,
      days: state.days,
      applicationIds: state.applicationIds,
    }).then(
      (answer) => {
        setBusy(false);
        onSent({ invited: answer.invited, roleId: state.roleId, stageId: state.stageId! });
      },
      (failure: unknown) => {
        setBusy(false);
        const fields = Object.values(fieldErrors(failure));
        setError({
          items: (fields.length ? fields : [apiMessage(failure)]).map((text) => ({ text })),
          key: Date.now(),
        });
      },
    );
  };
  return (
    <form onSubmit={send} noValidate>
      {error ? <ErrorSummary items={error.items} focusKey={error.key} /> : null}
      <SelectField
        label={t('scheduling.wizard.due')}
        value={state.dueDays}
        options={INVITE_DUE_DAY_OPTIONS.map((d) => ({ value: d, label: t('scheduling.wizard.dueDays', { count: d }) }))}
        onChange={(value) => update({ dueDays: Number(value) })}
      />
      <p>{t('scheduling.wizard.inviteLead', { count: state.applicationIds.length })}</p>
      <ButtonGroup>
        <Button type="submit" disabled={busy}>
          {t('scheduling.wizard.send', { count: state.applicationIds.length })}
        </Button>
      </ButtonGroup>
    </form>
  );
}
