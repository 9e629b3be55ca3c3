import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '#schemas/contract';
import {
  downloadAuditCsv,
  fetchAuditTrail,
  fetchRetention,
  saveRetention,
  type AuditPage,
  type RetentionSettings,
} from '#client/api/audit';
import { useApiMessage } from '#client/api/use-api-message';
import { Button, ButtonGroup } from '#client/ui/button/button';
import { useClickLock } from '#client/ui/button/use-click-lock';
import { saveFile } from '#client/ui/download/save-file';
import { ErrorSummary, summaryItems, type SummaryError } from '#client/ui/form/error-summary';
import { SelectField } from '#client/ui/form/select-field';
import { TextInput } from '#client/ui/form/text-input';
import { useFormErrors } from '#client/ui/form/use-form-errors';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { usePageTitle } from '#client/ui/page/use-page-title';
import { Pagination } from '#client/ui/pagination/pagination';
import { lead } from '#client/ui/typography.css';
import { auditHref, filtersFrom, queryOf, type AuditFilters } from './audit-query';
import * as styles from './audit.css';

const PAGE_SIZE = 25;

function FilterForm({ initial }: { initial: AuditFilters }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(initial);
  const set = (key: keyof AuditFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = useClickLock((event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(auditHref(draft));
  });
  const any = { value: '', label: t('audit.any') };
  return (
    <form onSubmit={submit} aria-label={t('audit.filters')}>
      <div className={styles.filters}>
        <TextInput label={t('audit.actor')} value={draft.actor} onChange={(e) => set('actor')(e.target.value)} />
        <SelectField
          label={t('audit.action')}
          value={draft.action}
          options={[any, ...AUDIT_ACTIONS.map((value) => ({ value, label: t(`audit.actions.${value}`) }))]}
          onChange={set('action')}
        />
        <SelectField
          label={t('audit.targetType')}
          value={draft.targetType}
          options={[any, ...AUDIT_TARGETS.map((value) => ({ value, label: t(`audit.targets.${value}`) }))]}
          onChange={set('targetType')}
        />
        <TextInput
          label={t('audit.targetId')}
          value={draft.targetId}
          onChange={(e) => set('targetId')(e.target.value)}
        />
        <TextInput
          label={t('audit.from')}
          type="date"
          value={draft.from}
          onChange={(e) => set('from')(e.target.value)}
        />
        <TextInput label={t('audit.to')} type="date" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
      </div>
      <Button type="submit">{t('audit.apply')}</Button>
    </form>
  );
}

function Entries({ data, filters }: { data: AuditPage; filters: AuditFilters }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const download = useClickLock(() => {
    setFailure(null);
    downloadAuditCsv(queryOf(filters)).then(
      (csv) => saveFile(csv, 'audit-trail.csv'),
      (error: unknown) => setFailure(apiMessage(error)),
    );
  });
  if (data.total === 0) return <p>{t('audit.empty')}</p>;
  return (
    <>
      <p role="status">{t('audit.count', { count: data.total })}</p>
      <ButtonGroup>
        <Button variant="secondary" onClick={download}>
          {t('audit.downloadCsv')}
        </Button>
      </ButtonGroup>
      {failure ? <p role="alert">{failure}</p> : null}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className={lead}>{t('audit.tableCaption')}</caption>
          <thead>
            <tr>
              {(['at', 'actor', 'action', 'target', 'address'] as const).map((column) => (
                <th key={column} scope="col" className={styles.cell}>
                  {t(`audit.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.entries.map((entry) => (
              <tr key={entry.id}>
                <td className={styles.cell}>{new Date(entry.at).toLocaleString()}</td>
                <td className={styles.cell}>{entry.actorEmail === 'erased' ? t('audit.erased') : entry.actorEmail}</td>
                <td className={styles.cell}>{t(`audit.actions.${entry.action}`)}</td>
                <td className={styles.cell}>
                  {t(`audit.targets.${entry.targetType}`)}
                  {entry.targetId ? ` ${entry.targetId}` : ''}
                </td>
                <td className={styles.cell}>{entry.clientAddress ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={data.page}
        totalPages={Math.ceil(data.total / data.size)}
        hrefFor={(page) => auditHref(filters, page)}
      />
    </>
  );
}

function RetentionForm({ initial }: { initial: RetentionSettings }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const form = useFormErrors();
  const [audit, setAudit] = useState(String(initial.auditRetentionDays));
  const [applications, setApplications] = useState(
    initial.applicationRetentionDays === null ? '' : String(initial.applicationRetentionDays),
  );
  const [saved, setSaved] = useState(false);
  const days = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  const submit = useClickLock((event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const problems: SummaryError[] = [];
    const auditDays = days(audit);
    const applicationDays = applications.trim() === '' ? null : days(applications);
    if (!(auditDays >= 30 && auditDays <= 3650))
      problems.push({ fieldId: 'retention-audit', message: t('audit.retention.range') });
    if (applicationDays !== null && !(applicationDays >= 30 && applicationDays <= 3650))
      problems.push({ fieldId: 'retention-applications', message: t('audit.retention.range') });
    if (problems.length > 0) return form.fail(problems);
    saveRetention({ auditRetentionDays: auditDays, applicationRetentionDays: applicationDays }).then(
      () => {
        form.clear();
        setSaved(true);
      },
      (error: unknown) => form.fail([{ message: apiMessage(error) }]),
    );
  });
  return (
    <section className={styles.section} aria-labelledby="retention-title">
      <h2 id="retention-title">{t('audit.retention.title')}</h2>
      {form.errors.length > 0 && <ErrorSummary items={summaryItems(form.errors)} focusKey={form.attempt} />}
      {saved ? <p role="status">{t('audit.retention.saved')}</p> : null}
      <form noValidate onSubmit={submit}>
        <TextInput
          id="retention-audit"
          label={t('audit.retention.audit')}
          hint={t('audit.retention.auditHint')}
          inputMode="numeric"
          value={audit}
          onChange={(e) => setAudit(e.target.value)}
          error={form.of('retention-audit')}
        />
        <TextInput
          id="retention-applications"
          label={t('audit.retention.applications')}
          hint={t('audit.retention.applicationsHint')}
          inputMode="numeric"
          value={applications}
          onChange={(e) => setApplications(e.target.value)}
          error={form.of('retention-applications')}
        />
        <Button type="submit">{t('audit.retention.save')}</Button>
      </form>
    </section>
  );
}

/** /manager/audit (decision 0054): the organisation's audit trail for hiring-manager admins, and its retention. */
export function AuditScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const apiMessage = useApiMessage();
  const { filters, page } = filtersFrom(location.search);
  usePageTitle([t('audit.title')]);
  const { state, reload } = useLoad(
    () => Promise.all([fetchAuditTrail({ ...queryOf(filters), page, size: PAGE_SIZE }), fetchRetention()]),
    `audit${location.search}`,
  );
  return (
    <LoadState state={state} title={t('audit.title')} message={apiMessage} onRetry={reload}>
      {([trail, retention]) => (
        <>
          <h1>{t('audit.title')}</h1>
          <p className={lead}>{t('audit.lead')}</p>
          <FilterForm key={location.search} initial={filters} />
          <Entries data={trail} filters={filters} />
          <RetentionForm initial={retention} />
        </>
      )}
    </LoadState>
  );
}
