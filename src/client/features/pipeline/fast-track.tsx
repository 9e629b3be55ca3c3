import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetAtom } from 'jotai';
import type { OrganizationStage } from '#schemas/pipeline';
import type { ReferenceItem } from '#schemas/reference-data';
import { fastTrack, fetchJob } from '../../api/pipeline';
import { useApiMessage } from '../../api/use-api-message';
import { showToastAtom } from '../../state/process';
import { Button } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { SelectField } from '../../ui/form/select-field';
import * as styles from './pipeline.css';

/** How often the job's progress is asked for while it runs. */
const FAST_TRACK_POLL_MS = 500;

interface FastTrackProps {
  stages: readonly OrganizationStage[];
  /** The organisation's roles (empty until loaded); all but `roleId` are offered. */
  roles: readonly ReferenceItem[];
  /** The selected applications (fast-track takes a list of ids, not "all matching"). */
  applicationIds: readonly string[];
  /** The role they are in now: not offered as a target. */
  roleId: string;
  onDone: () => void;
}

/**
 * Fast-track the selected candidates to another role's stage (spec §7, decision 0014): the server
 * queues a job and this polls its progress until it is done, announcing it as it goes.
 */
export function FastTrack({ stages, roles, applicationIds, roleId, onDone }: FastTrackProps) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const others = roles.filter((role) => role.id !== roleId);
  const [targetRoleId, setTargetRoleId] = useState('');
  const [stageId, setStageId] = useState<number>(stages[0]?.id ?? 0);
  const [progress, setProgress] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Gone (the selection changed): a reply still on its way must not poll again or end a newer selection.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
      clearTimeout(timer.current);
    };
  }, []);
  const target = others.find((role) => role.id === targetRoleId) ?? others[0];
  const stage = stages.find((s) => s.id === stageId);

  const poll = (jobId: string, roleName: string) => {
    fetchJob(jobId).then(
      (job) => {
        if (!shown.current) return;
        if (job.status === 'done') {
          setProgress(null);
          showToast({
            kind: 'success',
            message: t('pipeline.fastTrack.done', {
              count: job.done - job.skipped,
              role: roleName,
              skipped: job.skipped,
            }),
          });
          onDone();
        } else if (job.status === 'failed') {
          setProgress(null);
          showToast({ kind: 'error', message: job.error ?? t('pipeline.fastTrack.failed') });
        } else {
          setProgress(t('pipeline.fastTrack.progress', { done: job.done, total: job.total }));
          timer.current = setTimeout(() => poll(jobId, roleName), FAST_TRACK_POLL_MS);
        }
      },
      (error: unknown) => {
        if (!shown.current) return;
        setProgress(null);
        showToast({ kind: 'error', message: apiMessage(error) });
      },
    );
  };

  const start = useClickLock(() => {
    if (!target || !stage || applicationIds.length === 0) return;
    setProgress(t('pipeline.fastTrack.queued'));
    fastTrack(applicationIds, target.id, stage.id).then(
      ({ jobId }) => shown.current && poll(jobId, target.value),
      (error: unknown) => {
        setProgress(null);
        showToast({ kind: 'error', message: apiMessage(error) });
      },
    );
  });

  if (others.length === 0) return null;
  return (
    <fieldset className={styles.fastTrack}>
      <legend className={styles.label}>{t('pipeline.fastTrack.title')}</legend>
      <SelectField
        label={t('pipeline.fastTrack.role')}
        selectClassName={styles.select}
        value={target?.id ?? ''}
        options={others.map((role) => ({ value: role.id, label: role.value }))}
        onChange={setTargetRoleId}
      />
      <SelectField
        label={t('pipeline.fastTrack.stage')}
        selectClassName={styles.select}
        value={stageId}
        options={stages.map((s) => ({ value: s.id, label: s.name }))}
        onChange={(value) => setStageId(Number(value))}
      />
      <Button variant="secondary" onClick={start} disabled={progress !== null}>
        {t('pipeline.fastTrack.start', { count: applicationIds.length })}
      </Button>
      <p className={styles.muted} aria-live="polite">
        {progress}
      </p>
    </fieldset>
  );
}
