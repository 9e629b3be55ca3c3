import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { INTERVIEW_STAGES, type StageId } from '#engine';
import { fetchStages } from '../../api/pipeline';
import { fetchReferenceList } from '../../api/reference-data';
import {
  cancelInvitation,
  closeBooking,
  fetchSchedules,
  moveBooking,
  remindInvitation,
  type InvitationView,
  type ScheduleView,
} from '../../api/scheduling';
import { useApiMessage } from '../../api/use-api-message';
import { showToastAtom } from '../../state/process';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { ButtonLink } from '../../ui/button/button-link';
import { SelectField } from '../../ui/form/select-field';
import { LoadState } from '../../ui/page/load-state';
import { useKeptLoad, useLoad } from '../../ui/page/use-load';
import { Tag, type TagColour } from '../../ui/tag/tag';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import { dateTimeText, slotText, useLocale } from './zones';
import * as styles from './scheduling.css';

/*
 * Issue 13: per role and stage, who is invited, who booked what and who has not answered by the
 * due date; remind, move or cancel an interview (the candidate is told by email).
 */

const STATE_COLOURS: Record<InvitationView['state'], TagColour> = {
  OPEN: 'blue',
  BOOKED: 'green',
  EXPIRED: 'yellow',
  CANCELLED: 'grey',
};

export function SchedulingOverviewPage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const navigate = useNavigate();
  const params = new URLSearchParams(useLocation().search);
  const roleId = params.get('roleId') ?? '';
  const stageId = Number(params.get('stageId')) || undefined;
  const roles = useLoad(() => fetchReferenceList('ROLE'), organization.id);
  const stages = useLoad(() => fetchStages(organization.id), organization.id);
  // Kept on screen while it reloads after a reminder, a move or a cancellation: the rows stay put.
  const schedules = useKeptLoad(
    () => fetchSchedules(organization.id, { ...(roleId && { roleId }), ...(stageId && { stageId }) }),
    `${roleId}:${stageId ?? ''}`,
  );
  const filter = (change: { roleId?: string; stageId?: string }) => {
    const next = new URLSearchParams({ roleId, stageId: stageId ? String(stageId) : '', ...change });
    for (const [key, value] of [...next.entries()]) if (!value) next.delete(key);
    navigate(`/manager/scheduling?${next.toString()}`);
  };
  const interviewStages =
    stages.state.status === 'ready' ? stages.state.data.filter((s) => INTERVIEW_STAGES.includes(s.id as StageId)) : [];
  const newLink = `/manager/scheduling/new?step=1${roleId ? `&roleId=${roleId}` : ''}${stageId ? `&stageId=${stageId}` : ''}`;
  return (
    <>
      <h1>{t('scheduling.overview.title')}</h1>
      <p>
        <ButtonLink to={newLink}>{t('scheduling.overview.new')}</ButtonLink>
      </p>
      <div className={styles.inline}>
        <SelectField
          label={t('scheduling.wizard.role')}
          value={roleId}
          options={[
            { value: '', label: t('scheduling.overview.allRoles') },
            ...(roles.state.status === 'ready' ? roles.state.data.map((r) => ({ value: r.id, label: r.value })) : []),
          ]}
          onChange={(value) => filter({ roleId: value })}
        />
        <SelectField
          label={t('scheduling.wizard.stage')}
          value={stageId ?? ''}
          options={[
            { value: '', label: t('scheduling.overview.allStages') },
            ...interviewStages.map((s) => ({ value: s.id, label: s.name })),
          ]}
          onChange={(value) => filter({ stageId: value })}
        />
      </div>
      {schedules.data === null ? (
        <LoadState
          state={schedules.error ? { status: 'failed', error: schedules.error } : { status: 'loading' }}
          title={t('scheduling.overview.loadFailed')}
          message={apiMessage}
          onRetry={schedules.reload}
          heading={2}
        >
          {() => null}
        </LoadState>
      ) : schedules.data.length === 0 ? (
        <p>{t('scheduling.overview.empty')}</p>
      ) : (
        <div aria-busy={schedules.loading}>
          {schedules.data.map((schedule) => (
            <Schedule key={schedule.id} schedule={schedule} onChanged={schedules.reload} />
          ))}
        </div>
      )}
    </>
  );
}

function Schedule({ schedule, onChanged }: { schedule: ScheduleView; onChanged: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const zone = schedule.timeZone;
  const headingId = `schedule-${schedule.id}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{schedule.title}</h2>
      <p>
        {schedule.role.name} · {schedule.stage.name} · {zone}
      </p>
      <h3>{t('scheduling.overview.slots')}</h3>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th className={styles.cell}>{t('scheduling.overview.time')}</th>
              <th className={styles.cell}>{t('scheduling.overview.places')}</th>
              <th className={styles.cell}>{t('scheduling.wizard.interviewers')}</th>
            </tr>
          </thead>
          <tbody>
            {schedule.slots.map((slot) => (
              <tr key={slot.id}>
                <td className={styles.cell}>
                  {slotText(slot, zone, locale)}
                  <span className={styles.slotHint}>{slot.location}</span>
                </td>
                <td className={styles.cell}>
                  {t('scheduling.overview.booked', { booked: slot.booked, capacity: slot.capacity })}
                </td>
                <td className={styles.cell}>{slot.interviewers.map((p) => p.name).join(', ') || '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('scheduling.overview.candidates')}</h3>
      <CloseBooking schedule={schedule} onChanged={onChanged} />
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th className={styles.cell}>{t('scheduling.overview.candidate')}</th>
              <th className={styles.cell}>{t('scheduling.overview.status')}</th>
              <th className={styles.cell}>{t('scheduling.overview.interview')}</th>
              <th className={styles.cell}>{t('scheduling.overview.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {schedule.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} schedule={schedule} invitation={invitation} onChanged={onChanged} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Closing booking ends the time to book for everyone not booked yet (decision 0072), after a confirmation. */
function CloseBooking({ schedule, onChanged }: { schedule: ScheduleView; onChanged: () => void }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const [confirming, setConfirming] = useState(false);
  const keepOpen = useRef<HTMLButtonElement>(null);
  // The button pressed is replaced by the question: the safe answer takes the focus.
  useEffect(() => {
    if (confirming) keepOpen.current?.focus();
  }, [confirming]);
  const open = schedule.invitations.filter((i) => i.state === 'OPEN').length;
  if (open === 0) return null;
  const forSchedule = <span className={visuallyHidden}> {t('scheduling.overview.for', { name: schedule.title })}</span>;
  if (!confirming)
    return (
      <p>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t('scheduling.overview.closeBooking')}
          {forSchedule}
        </Button>
      </p>
    );
  const close = () =>
    closeBooking(organization.id, schedule.id).then(
      ({ closed }) => {
        setConfirming(false);
        showToast({ kind: 'success', message: t('scheduling.overview.closed', { count: closed }) });
        onChanged();
      },
      (error: unknown) => showToast({ kind: 'error', message: apiMessage(error) }),
    );
  return (
    <div role="group" aria-label={t('scheduling.overview.closeBooking')}>
      <p>{t('scheduling.overview.closeExplain', { count: open })}</p>
      <div className={styles.actions}>
        <Button variant="warning" onClick={close}>
          {t('scheduling.overview.confirmClose')}
          {forSchedule}
        </Button>
        <Button ref={keepOpen} variant="secondary" onClick={() => setConfirming(false)}>
          {t('scheduling.overview.keepOpen')}
        </Button>
      </div>
    </div>
  );
}

function InvitationRow({
  schedule,
  invitation,
  onChanged,
}: {
  schedule: ScheduleView;
  invitation: InvitationView;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const [target, setTarget] = useState('');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const name = invitation.candidate.name;
  const forName = <span className={visuallyHidden}> {t('scheduling.overview.for', { name })}</span>;
  const act = (work: Promise<unknown>, done: string) =>
    work.then(
      () => {
        showToast({ kind: 'success', message: done });
        onChanged();
      },
      (error: unknown) => showToast({ kind: 'error', message: apiMessage(error) }),
    );
  const booked = schedule.slots.find((s) => s.id === invitation.booking?.slotId);
  const movable = schedule.slots.filter(
    (s) => s.id !== invitation.booking?.slotId && s.booked < s.capacity && new Date(s.startDateTime) > new Date(),
  );
  const live = invitation.state === 'OPEN' || invitation.state === 'BOOKED';
  return (
    <tr>
      <td className={styles.cell}>
        <Link to={`/manager/candidate/${invitation.applicationId}`}>{name}</Link>
      </td>
      <td className={styles.cell}>
        <Tag colour={STATE_COLOURS[invitation.state]}>{t(`scheduling.overview.states.${invitation.state}`)}</Tag>
      </td>
      <td className={styles.cell}>
        {booked
          ? slotText(booked, schedule.timeZone, locale)
          : t('scheduling.overview.due', { date: dateTimeText(invitation.dueAt, schedule.timeZone, locale) })}
      </td>
      <td className={styles.cell}>
        {invitation.state === 'OPEN' || invitation.state === 'EXPIRED' ? (
          <Button
            variant="secondary"
            onClick={() =>
              act(remindInvitation(organization.id, invitation.id), t('scheduling.overview.reminded', { name }))
            }
          >
            {t('scheduling.overview.remind')}
            {forName}
          </Button>
        ) : null}
        {live && movable.length > 0 ? (
          <div className={styles.actions}>
            <SelectField
              label={t('scheduling.overview.moveTo', { name })}
              value={target}
              options={[
                { value: '', label: t('scheduling.overview.chooseSlot') },
                ...movable.map((s) => ({ value: s.id, label: slotText(s, schedule.timeZone, locale) })),
              ]}
              onChange={setTarget}
            />
            <Button
              variant="secondary"
              disabled={!target}
              onClick={() =>
                act(moveBooking(organization.id, invitation.id, target), t('scheduling.overview.moved', { name }))
              }
            >
              {booked ? t('scheduling.overview.move') : t('scheduling.overview.bookFor')}
              {forName}
            </Button>
          </div>
        ) : null}
        {live ? (
          confirmCancel ? (
            <div className={styles.actions}>
              <Button
                variant="warning"
                onClick={() =>
                  act(cancelInvitation(organization.id, invitation.id), t('scheduling.overview.cancelled', { name }))
                }
              >
                {t('scheduling.overview.confirmCancel')}
                {forName}
              </Button>
              <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
                {t('scheduling.overview.keep')}
              </Button>
            </div>
          ) : (
            <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
              {t('scheduling.overview.cancel')}
              {forName}
            </Button>
          )
        ) : null}
      </td>
    </tr>
  );
}
