import { Link, useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { fetchReport } from '#client/api/organization-admin';
import { useApiMessage } from '#client/api/use-api-message';
import { useLongDate } from '#client/i18n/use-long-date';
import { userAtom } from '#client/state/auth';
import { BackLink } from '#client/ui/link/back-link';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { SummaryList } from '#client/ui/summary-list/summary-list';
import * as styles from './clients.css';

function CountTable({
  caption,
  rows,
}: {
  caption: string;
  rows: ReadonlyArray<{ key: string; label: string; total: number }>;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.label}>{caption}</caption>
        <thead>
          <tr>
            <th className={styles.cell} scope="col">
              {t('admin.report.item')}
            </th>
            <th className={styles.numeric} scope="col">
              {t('admin.report.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th className={styles.cell} scope="row">
                {row.label}
              </th>
              <td className={styles.numeric}>{row.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/report/:id: an organisation's users, roles, applications by stage and last activity. */
export function ReportScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const apiMessage = useApiMessage();
  const formatLongDate = useLongDate();
  const platform = useAtomValue(userAtom).user?.userType === 'ADMIN';
  const { state, reload } = useLoad(() => fetchReport(id), id);
  return (
    <>
      <BackLink to={platform ? `/clients/${id}` : '/admin'}>{t('admin.backToOrganization')}</BackLink>
      <LoadState state={state} title={t('admin.report.loadFailed')} message={apiMessage} onRetry={reload}>
        {(report) => (
          <>
            <h1>{t('admin.report.title', { name: report.organization.name })}</h1>
            <SummaryList
              rows={[
                { key: 'users', label: t('admin.report.users'), value: report.users.total },
                { key: 'deactivated', label: t('admin.report.deactivated'), value: report.users.deactivated },
                { key: 'roles', label: t('admin.report.roles'), value: report.roles.total },
                {
                  key: 'applications',
                  label: t('admin.report.applications'),
                  value: t('admin.report.applicationStates', {
                    submitted: report.applications.submitted,
                    drafts: report.applications.drafts,
                    withdrawn: report.applications.withdrawn,
                  }),
                },
                {
                  key: 'last',
                  label: t('admin.report.lastActivity'),
                  value: report.lastActivity ? formatLongDate(report.lastActivity) : t('admin.report.never'),
                },
              ]}
            />
            <div className={styles.columns}>
              <CountTable
                caption={t('admin.report.usersByType')}
                rows={report.users.byType.map((u) => ({ key: u.userType, label: u.userType, total: u.total }))}
              />
              <CountTable
                caption={t('admin.report.rolesByStatus')}
                rows={report.roles.byStatus.map((r) => ({ key: r.status, label: r.status, total: r.total }))}
              />
            </div>
            <CountTable
              caption={t('admin.report.byStage')}
              rows={report.applications.byStage.map((s) => ({ key: String(s.stageId), label: s.name, total: s.total }))}
            />
            {platform ? <Link to="/clients">{t('admin.backToList')}</Link> : null}
          </>
        )}
      </LoadState>
    </>
  );
}
