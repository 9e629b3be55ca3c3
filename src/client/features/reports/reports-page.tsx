import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ReportTable } from '#schemas/reports';
import { fetchManagerRoles, type ManagerRole } from '#client/api/manager-roles';
import { downloadReportCsv, fetchReport, fetchReportTypes, type Report, type ReportType } from '#client/api/reports';
import { useApiMessage } from '#client/api/use-api-message';
import { Button, ButtonGroup } from '#client/ui/button/button';
import { useClickLock } from '#client/ui/button/use-click-lock';
import { saveFile } from '#client/ui/download/save-file';
import { SelectField } from '#client/ui/form/select-field';
import { TextInput } from '#client/ui/form/text-input';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { usePageTitle } from '#client/ui/page/use-page-title';
import { useHrFeatures } from '#client/state/hiring-features';
import { lead } from '#client/ui/typography.css';
import { ReportChart } from './report-chart';
import { ReportDataTable } from './report-table';
import { reportAddressFrom, reportHref, reportQueryOf, type ReportAddress } from './report-query';
import * as styles from './reports.css';

/** The most roles the picker lists (the organisation's active roles, most recent first). */
const ROLES_LISTED = 100;

function SelectionForm({
  address,
  types,
  roles,
}: {
  address: ReportAddress & { report: ReportType };
  types: readonly ReportType[];
  roles: readonly ManagerRole[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(address);
  const submit = useClickLock((event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(reportHref({ ...draft, print: false }));
  });
  const toggleRole = (id: string, checked: boolean) =>
    setDraft((d) => ({ ...d, roleIds: checked ? [...d.roleIds, id] : d.roleIds.filter((r) => r !== id) }));
  return (
    <form onSubmit={submit} className={styles.screenOnly} aria-label={t('reports.selection')}>
      <div className={styles.selection}>
        <SelectField
          label={t('reports.type')}
          value={draft.report}
          options={types.map((type) => ({ value: type, label: t(`reports.types.${type}`) }))}
          onChange={(value) => setDraft((d) => ({ ...d, report: value as ReportType }))}
        />
        <fieldset className={styles.fieldset}>
          <legend className={styles.roleLegend}>{t('reports.roles')}</legend>
          <div className={styles.roleList}>
            {roles.length === 0 ? <p className={styles.note}>{t('reports.noRoles')}</p> : null}
            {roles.map((role) => (
              <div key={role.id} className={styles.choice}>
                <input
                  id={`report-role-${role.id}`}
                  type="checkbox"
                  checked={draft.roleIds.includes(role.id)}
                  onChange={(event) => toggleRole(role.id, event.target.checked)}
                />
                <label htmlFor={`report-role-${role.id}`}>{role.name}</label>
              </div>
            ))}
          </div>
          <p className={styles.note}>{t('reports.allRolesHint')}</p>
        </fieldset>
        <div>
          <TextInput
            label={t('reports.from')}
            type="date"
            className={styles.dateInput}
            value={draft.from}
            onChange={(event) => setDraft((d) => ({ ...d, from: event.target.value }))}
          />
          <TextInput
            label={t('reports.to')}
            type="date"
            className={styles.dateInput}
            value={draft.to}
            onChange={(event) => setDraft((d) => ({ ...d, to: event.target.value }))}
          />
        </div>
      </div>
      <Button type="submit">{t('reports.show')}</Button>
    </form>
  );
}

function useTableCaption(): (table: ReportTable) => string {
  const { t } = useTranslation();
  return (table) => {
    const dimension: string = t(`reports.dimension.${table.dimension}`);
    return t(`reports.table.${table.id}`, { dimension });
  };
}

function ReportFigures({ report, type, address }: { report: Report; type: ReportType; address: ReportAddress }) {
  const { t } = useTranslation();
  const tableCaption = useTableCaption();
  const apiMessage = useApiMessage();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = useClickLock(() => {
    setDownloadError(null);
    downloadReportCsv(type, reportQueryOf(address)).then(
      (blob) => saveFile(blob, `${type}-report.csv`),
      (error: unknown) => setDownloadError(apiMessage(error)),
    );
  });
  const empty = report.applications === '<5';
  return (
    <>
      <p className={lead} data-testid="report-applications">
        {empty ? t('reports.empty') : t('reports.applications', { count: report.applications as number })}
      </p>
      <div className={styles.screenOnly}>
        <ButtonGroup>
          <Button variant="secondary" onClick={download}>
            {t('reports.downloadCsv')}
          </Button>
          {address.print ? (
            <Button variant="secondary" onClick={() => window.print()}>
              {t('reports.print')}
            </Button>
          ) : (
            <Link to={reportHref({ ...address, report: type, print: true })}>{t('reports.printView')}</Link>
          )}
        </ButtonGroup>
        {downloadError ? <p role="alert">{downloadError}</p> : null}
      </div>
      <p className={styles.note}>{t('reports.suppressionNote')}</p>
      {empty
        ? null
        : report.tables.map((table) => {
            const caption = tableCaption(table);
            return (
              <section key={`${table.id}-${table.dimension}`} aria-label={caption}>
                <h2>{caption}</h2>
                <div className={styles.figure}>
                  {table.rows.length ? <ReportChart table={table} label={caption} /> : null}
                  <ReportDataTable table={table} caption={caption} />
                </div>
              </section>
            );
          })}
    </>
  );
}

function ReportView({ type, address }: { type: ReportType; address: ReportAddress }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const query = reportQueryOf(address);
  const { state, reload } = useLoad(() => fetchReport(type, query), `${type}?${JSON.stringify(query)}`);
  return (
    <LoadState state={state} title={t('reports.loadFailed')} message={apiMessage} onRetry={reload} heading={2}>
      {(report) => <ReportFigures report={report} type={type} address={address} />}
    </LoadState>
  );
}

/** /manager/reports: pick a report, roles and days (all in the address), then read its charts and tables. */
export function ReportsScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const apiMessage = useApiMessage();
  const address = reportAddressFrom(location.search);
  const shows = useHrFeatures();
  const { state, reload } = useLoad(
    () =>
      Promise.all([
        fetchReportTypes(),
        fetchManagerRoles({ status: 'ACTIVE', page: 0, resultsPerPage: ROLES_LISTED }).then((page) => page.content),
      ]),
    'reports',
  );
  const chosen = address.report ? t(`reports.types.${address.report}`) : undefined;
  usePageTitle([chosen, t('reports.title')]);
  return (
    <LoadState state={state} title={t('reports.title')} message={apiMessage} onRetry={reload}>
      {([types, roles]) => {
        const type = address.report && types.includes(address.report) ? address.report : types[0];
        if (!type)
          return (
            <>
              <h1>{t('reports.title')}</h1>
              <p>{shows('reports') ? t('reports.noReports') : t('reports.turnedOff')}</p>
            </>
          );
        const chosenRoles = roles.filter((role) => address.roleIds.includes(role.id)).map((role) => role.name);
        return (
          <>
            {address.print ? (
              <p className={styles.screenOnly}>
                <Link to={reportHref({ ...address, report: type, print: false })}>{t('reports.backToReport')}</Link>
              </p>
            ) : null}
            <h1>{t('reports.heading', { report: t(`reports.types.${type}`) })}</h1>
            <p>
              {t('reports.selectionSummary', {
                roles: chosenRoles.length ? chosenRoles.join(', ') : t('reports.allRoles'),
                from: address.from || t('reports.start'),
                to: address.to || t('reports.today'),
              })}
            </p>
            {address.print ? null : (
              <SelectionForm key={location.search} address={{ ...address, report: type }} types={types} roles={roles} />
            )}
            <ReportView key={`${type}${location.search}`} type={type} address={address} />
          </>
        );
      }}
    </LoadState>
  );
}
