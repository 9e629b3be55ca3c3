import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  fetchOrganization,
  fetchOrganizationList,
  updateOrganization,
  uploadLogo,
  type OrganizationDetails,
} from '#client/api/organization-admin';
import { useApiMessage, useFieldErrors } from '#client/api/use-api-message';
import { showToastAtom } from '#client/state/process';
import { Button, ButtonGroup } from '#client/ui/button/button';
import { useClickLock } from '#client/ui/button/use-click-lock';
import { Dialog } from '#client/ui/dialog/dialog';
import { ErrorSummary, summaryItems } from '#client/ui/form/error-summary';
import { useFormErrors } from '#client/ui/form/use-form-errors';
import { BackLink } from '#client/ui/link/back-link';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { SummaryList } from '#client/ui/summary-list/summary-list';
import { Tag } from '#client/ui/tag/tag';
import { ContactsPanel } from './contacts-panel';
import { OrganizationForm } from './organization-form';
import { siteAddress } from './site-address';
import { UsersPanel } from './users-panel';
import * as styles from './clients.css';

function Details({ org }: { org: OrganizationDetails }) {
  const { t } = useTranslation();
  const none = t('admin.details.none');
  return (
    <SummaryList
      rows={[
        {
          key: 'site',
          label: t('admin.details.site'),
          value: (
            <>
              <a href={siteAddress(org.subdomain)}>{siteAddress(org.subdomain)}</a>
              <br />
              <a href={siteAddress(org.subdomain, 'hr')}>{siteAddress(org.subdomain, 'hr')}</a>
            </>
          ),
        },
        { key: 'edition', label: t('admin.form.edition'), value: t(`admin.edition.${org.edition}`) },
        { key: 'productType', label: t('admin.form.productType'), value: org.productType },
        { key: 'tier', label: t('admin.form.tier'), value: org.tier },
        { key: 'region', label: t('admin.form.region'), value: t(`admin.region.${org.countryBase}`) },
        { key: 'sector', label: t('admin.form.sector'), value: org.sector.name },
        {
          key: 'languages',
          label: t('admin.form.languages'),
          value: ['English', ...org.additionalLanguageSupport.map((l) => l.name)].join(', '),
        },
        {
          key: 'timeout',
          label: t('admin.form.sessionTimeout'),
          value: org.settings.sessionTimeout
            ? t('admin.details.minutes', { count: org.settings.sessionTimeout })
            : none,
        },
        { key: 'gtm', label: t('admin.form.gtmId'), value: org.settings.gtmId ?? none },
      ]}
    />
  );
}

function LogoForm({ org, onDone }: { org: OrganizationDetails; onDone: (org: OrganizationDetails) => void }) {
  const { t } = useTranslation();
  const fieldErrors = useFieldErrors();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const errors = useFormErrors();
  const [file, setFile] = useState<File | null>(null);
  // A new query each upload so the browser shows the new image, not its cached copy.
  const [version, setVersion] = useState(() => org.updatedAt);
  const submit = useClickLock((event: FormEvent) => {
    event.preventDefault();
    if (!file) return errors.fail([{ fieldId: 'logo-file', message: t('admin.logo.choose') }]);
    errors.clear();
    uploadLogo(org.id, file).then(
      (updated) => {
        setVersion(updated.updatedAt);
        showToast({ kind: 'success', message: t('admin.logo.done') });
        onDone(updated);
      },
      (error: unknown) =>
        errors.fail([{ fieldId: 'logo-file', message: fieldErrors(error).file ?? apiMessage(error) }]),
    );
  });
  const error = errors.of('logo-file');
  return (
    <section className={styles.section} aria-labelledby="logo-heading">
      <h2 id="logo-heading">{t('admin.logo.title')}</h2>
      {org.hasLogo ? (
        <img
          className={styles.logoPreview}
          src={`${org.logoUrl}?v=${encodeURIComponent(version)}`}
          alt={t('admin.logo.alt', { name: org.name })}
        />
      ) : null}
      <form onSubmit={submit} noValidate>
        <ErrorSummary items={summaryItems(errors.errors)} focusKey={errors.attempt} />
        <div className={styles.formGroup}>
          <label className={styles.label} htmlFor="logo-file">
            {t('admin.logo.label')}
          </label>
          <span className={styles.hint} id="logo-file-hint">
            {t('admin.logo.hint')}
          </span>
          {error ? (
            <span className={styles.errorMessage} id="logo-file-error">
              {error}
            </span>
          ) : null}
          <input
            id="logo-file"
            type="file"
            accept="image/png,image/jpeg,image/svg+xml"
            aria-describedby={error ? 'logo-file-hint logo-file-error' : 'logo-file-hint'}
            onChange={(event: ChangeEvent<HTMLInputElement>) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('admin.logo.submit')}
        </Button>
      </form>
    </section>
  );
}

function ArchiveButton({ org, onDone }: { org: OrganizationDetails; onDone: (org: OrganizationDetails) => void }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const [open, setOpen] = useState(false);
  const archive = org.status === 'ACTIVE';
  const act = useClickLock(() => {
    setOpen(false);
    updateOrganization(org.id, { status: archive ? 'ARCHIVED' : 'ACTIVE' }).then(
      (updated) => {
        showToast({
          kind: 'success',
          message: t(archive ? 'admin.archive.archived' : 'admin.archive.restored', { name: org.name }),
        });
        onDone(updated);
      },
      (error: unknown) => showToast({ kind: 'error', message: apiMessage(error) }),
    );
  });
  return (
    <>
      <Button variant={archive ? 'warning' : 'secondary'} onClick={() => setOpen(true)}>
        {archive ? t('admin.archive.archive') : t('admin.archive.restore')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t(archive ? 'admin.archive.archiveTitle' : 'admin.archive.restoreTitle', { name: org.name })}
        description={archive ? t('admin.archive.archiveBody') : t('admin.archive.restoreBody')}
      >
        <ButtonGroup>
          <Button variant={archive ? 'warning' : 'primary'} onClick={act}>
            {archive ? t('admin.archive.archiveConfirm') : t('admin.archive.restoreConfirm')}
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('admin.cancel')}
          </Button>
        </ButtonGroup>
      </Dialog>
    </>
  );
}

/**
 * One organisation: a platform admin sees its details (edit, archive, logo) and everyone with access its managers,
 * contacts and report. `platform` is false on a hiring-manager admin's own /admin page.
 */
export function OrganizationView({ orgId, platform }: { orgId: string; platform: boolean }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const { state, set, reload } = useLoad(() => fetchOrganization(orgId), orgId);
  return (
    <>
      {platform ? <BackLink to="/clients">{t('admin.backToList')}</BackLink> : null}
      <LoadState state={state} title={t('admin.details.loadFailed')} message={apiMessage} onRetry={reload}>
        {(org) => (
          <>
            <h1>
              {org.name}{' '}
              <Tag colour={org.status === 'ACTIVE' ? 'green' : 'grey'}>{t(`admin.status.${org.status}`)}</Tag>
            </h1>
            <Details org={org} />
            <div className={styles.actions}>
              {platform ? (
                <>
                  <Link to={`/clients/${org.id}/edit`}>{t('admin.details.edit')}</Link>
                  <ArchiveButton org={org} onDone={set} />
                </>
              ) : null}
              <Link to={`/admin/report/${org.id}`}>{t('admin.details.report')}</Link>
            </div>
            {platform ? <LogoForm org={org} onDone={set} /> : null}
            <UsersPanel orgId={org.id} />
            <ContactsPanel orgId={org.id} />
          </>
        )}
      </LoadState>
    </>
  );
}

export function OrganizationScreen() {
  const { id = '' } = useParams();
  return <OrganizationView orgId={id} platform />;
}

/** /clients/:id/edit: the organisation's metadata (the configuration studio edits its configuration). */
export function EditOrganizationScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const apiMessage = useApiMessage();
  const navigate = useNavigate();
  const showToast = useSetAtom(showToastAtom);
  const { state, reload } = useLoad(
    () => Promise.all([fetchOrganization(id), fetchOrganizationList(id, 'SECTOR')]),
    id,
  );
  return (
    <>
      <BackLink to={`/clients/${id}`}>{t('admin.backToOrganization')}</BackLink>
      <LoadState state={state} title={t('admin.details.loadFailed')} message={apiMessage} onRetry={reload}>
        {([org, sectors]) => (
          <>
            <h1>{t('admin.edit.title', { name: org.name })}</h1>
            <OrganizationForm
              initial={org}
              sectors={sectors}
              submitLabel={t('admin.edit.submit')}
              onSubmit={async (body) => {
                const { subdomain: _subdomain, ...changes } = body;
                await updateOrganization(org.id, changes);
                showToast({ kind: 'success', message: t('admin.edit.done') });
                navigate(`/clients/${org.id}`);
              }}
            />
          </>
        )}
      </LoadState>
    </>
  );
}
