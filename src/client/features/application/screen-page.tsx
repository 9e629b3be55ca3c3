import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { ApplicationRecord } from '#schemas/application';
import type { Role } from '#schemas/role';
import { fetchApplication } from '../../api/applications';
import { fetchRole } from '../../api/roles';
import { useApiMessage } from '../../api/use-api-message';
import { AnswerSections, useAnswerSections } from '../../engine-ui/answer-sections';
import { DownloadContext } from '../../engine-ui/download';
import { useApplicationForm } from '../../engine-ui/use-application-form';
import { useLongDate } from '../../i18n/use-long-date';
import { userAtom } from '../../state/auth';
import { useOrganization } from '../../state/site';
import { BackLink } from '../../ui/link/back-link';
import { LoadState } from '../../ui/page/load-state';
import { SignInPrompt } from '../../ui/page/sign-in-prompt';
import { useLoad } from '../../ui/page/use-load';
import { SummaryList } from '../../ui/summary-list/summary-list';
import { caption } from '../../ui/typography.css';
import { ProgressTag } from './progress-tag';
import { useDocumentDownload } from './use-document-download';

/** A role may have closed or been archived since: then the organisation's own form names the answers. */
async function loadScreen(organization: string, id: string): Promise<{ record: ApplicationRecord; role: Role | null }> {
  const record = await fetchApplication(id);
  const role = await fetchRole(organization, record.role.id).catch(() => null);
  return { record, role };
}

function Answers({ record, role }: { record: ApplicationRecord; role: Role | null }) {
  const { t, i18n } = useTranslation();
  const download = useDocumentDownload(record.id);
  const formatLongDate = useLongDate();
  const form = useApplicationForm(
    role?.formConfiguration,
    role?.jsonConfigurations[i18n.resolvedLanguage ?? ''],
    record.organizationConfiguration,
  );
  const sections = useAnswerSections(form, record.answers);
  return (
    <>
      <span className={caption}>{t('application.screen.caption', { role: record.role.name })}</span>
      <h1>{t('pages.screen.title')}</h1>
      <SummaryList
        rows={[
          { key: 'status', label: t('application.screen.status'), value: <ProgressTag progress={record.progress} /> },
          {
            key: 'applied',
            label: t('application.screen.applied'),
            value: record.appliedAt ? formatLongDate(record.appliedAt) : t('applications.notSubmitted'),
          },
        ]}
      />
      <DownloadContext.Provider value={download}>
        <AnswerSections sections={sections} />
      </DownloadContext.Provider>
    </>
  );
}

/** /screen?application=<id>: a candidate reads an application as it was sent (decision 0009). */
export function ScreenPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const { user } = useAtomValue(userAtom);
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const id = params.get('application') ?? '';
  const { state, reload } = useLoad(
    () => (user && id ? loadScreen(organization.subdomain, id) : Promise.resolve(null)),
    `${id}:${user?.id}`,
  );
  if (!user)
    return (
      <SignInPrompt
        title={t('pages.screen.title')}
        body={t('application.screen.signIn')}
        returnTo={`${pathname}${search}`}
        allowSignUp={false}
      />
    );
  return (
    <>
      <BackLink to="/applications">{t('application.allApplications')}</BackLink>
      <LoadState state={state} title={t('pages.screen.title')} message={apiMessage} onRetry={reload}>
        {(screen) =>
          screen ? (
            <Answers record={screen.record} role={screen.role} />
          ) : (
            <>
              <h1>{t('pages.screen.title')}</h1>
              <p>
                {t('application.screen.noApplication')}{' '}
                <Link to="/applications">{t('application.allApplications')}</Link>
              </p>
            </>
          )
        }
      </LoadState>
    </>
  );
}
