import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { ApplicationListItem } from '#schemas/application';
import { deleteDraftApplication, fetchMyApplications, withdrawApplication } from '../../api/applications';
import { useApiMessage } from '../../api/use-api-message';
import { useLongDate } from '../../i18n/use-long-date';
import { showToastAtom } from '../../state/process';
import { useOrganization } from '../../state/site';
import { Button, ButtonGroup } from '../../ui/button/button';
import { ButtonLink } from '../../ui/button/button-link';
import { useClickLock } from '../../ui/button/use-click-lock';
import { Dialog } from '../../ui/dialog/dialog';
import { Notice } from '../../ui/notice/notice';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { SummaryList } from '../../ui/summary-list/summary-list';
import { lead } from '../../ui/typography.css';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import { ApplicationInterview } from './application-interview';
import { ProgressTag } from './progress-tag';
import * as styles from './application.css';

type Confirm = { kind: 'withdraw' | 'delete'; application: ApplicationListItem };

function ApplicationCard({
  application,
  onConfirm,
}: {
  application: ApplicationListItem;
  onConfirm: (confirm: Confirm) => void;
}) {
  const { t } = useTranslation();
  const formatLongDate = useLongDate();
  const { role } = application;
  const draft = application.state === 'DRAFT';
  const forRole = <span className={visuallyHidden}> {t('applications.actionsFor', { role: role.name })}</span>;
  return (
    <li className={styles.card}>
      <h2 className={styles.cardTitle}>
        <Link to={`/apply/${role.id}`}>{role.name}</Link>
      </h2>
      <div className={styles.cardBody}>
        <SummaryList
          rows={[
            {
              key: 'applied',
              label: t('applications.dateApplied'),
              value: application.appliedAt ? formatLongDate(application.appliedAt) : t('applications.notSubmitted'),
            },
            { key: 'status', label: t('applications.status'), value: <ProgressTag progress={application.progress} /> },
            ...(draft && application.sections
              ? [
                  {
                    key: 'progress',
                    label: t('applications.progress'),
                    value: t('applications.progressValue', application.sections),
                  },
                ]
              : []),
          ]}
        />
        {application.state === 'SUBMITTED' ? <ApplicationInterview applicationId={application.id} /> : null}
        {draft && role.closed ? <Notice>{t('applications.roleClosed')}</Notice> : null}
        <div className={styles.cardActions}>
          {draft && !role.closed ? (
            <ButtonLink to={`/applyp/${role.id}?resume`}>
              {t('applications.continue')}
              {forRole}
            </ButtonLink>
          ) : null}
          {!draft ? (
            <p>
              <Link to={`/screen?${new URLSearchParams({ application: application.id }).toString()}`}>
                {t('applications.view')}
                {forRole}
              </Link>
            </p>
          ) : null}
          {application.state === 'SUBMITTED' && !['UNSUCCESSFUL', 'HIRED'].includes(application.progress) ? (
            <Button variant="secondary" onClick={() => onConfirm({ kind: 'withdraw', application })}>
              {t('applications.withdraw')}
              {forRole}
            </Button>
          ) : null}
          {draft ? (
            <Button variant="secondary" onClick={() => onConfirm({ kind: 'delete', application })}>
              {t('applications.deleteDraft')}
              {forRole}
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** The withdraw or delete confirmation: says what will happen to which application, and does it. */
function ConfirmDialog({
  confirm,
  onClose,
  onDone,
}: {
  confirm: Confirm | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const role = confirm?.application.role.name ?? '';
  // Whole keys, so the translation check finds each one (tests/client/i18n).
  const texts =
    confirm?.kind === 'delete'
      ? {
          title: t('applications.confirmDelete.title'),
          body: t('applications.confirmDelete.body', { role }),
          confirm: t('applications.confirmDelete.confirm'),
          cancel: t('applications.confirmDelete.cancel'),
          done: t('applications.confirmDelete.done', { role }),
        }
      : {
          title: t('applications.confirmWithdraw.title'),
          body: t('applications.confirmWithdraw.body', { role }),
          confirm: t('applications.confirmWithdraw.confirm'),
          cancel: t('applications.confirmWithdraw.cancel'),
          done: t('applications.confirmWithdraw.done', { role }),
        };
  const act = useClickLock(() => {
    if (!confirm) return;
    const call =
      confirm.kind === 'delete'
        ? deleteDraftApplication(confirm.application.id)
        : withdrawApplication(confirm.application.id);
    call.then(
      () => {
        showToast({ kind: 'success', message: texts.done });
        onDone();
      },
      (error: unknown) => showToast({ kind: 'error', message: apiMessage(error) }),
    );
    onClose();
  });
  return (
    <Dialog
      open={confirm !== null}
      onOpenChange={(open) => !open && onClose()}
      title={texts.title}
      description={texts.body}
    >
      <ButtonGroup>
        <Button variant="warning" onClick={act}>
          {texts.confirm}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {texts.cancel}
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}

/** /applications: each application with its role, date applied and status; continue drafts, withdraw. */
export function ApplicationsPage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const { state, reload } = useLoad(fetchMyApplications, organization.subdomain);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  return (
    <>
      <h1>{t('pages.applications.title')}</h1>
      <p className={lead}>{t('applications.lead', { name: organization.name })}</p>
      <LoadState state={state} title={t('common.loadFailedTitle')} message={apiMessage} onRetry={reload} heading={2}>
        {(applications) =>
          applications.length ? (
            <ul className={styles.cards}>
              {applications.map((application) => (
                <ApplicationCard key={application.id} application={application} onConfirm={setConfirm} />
              ))}
            </ul>
          ) : (
            <>
              <p>{t('applications.empty')}</p>
              <ButtonLink to="/roles">{t('applications.findRoles')}</ButtonLink>
            </>
          )
        }
      </LoadState>
      <ConfirmDialog confirm={confirm} onClose={() => setConfirm(null)} onDone={reload} />
    </>
  );
}
