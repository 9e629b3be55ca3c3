import { useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isHiringManager } from '#engine';
import type { Role } from '#schemas/role';
import { fetchRolePreview } from '../../api/roles';
import { useApiMessage } from '../../api/use-api-message';
import { useApplicationForm } from '../../engine-ui/use-application-form';
import { userAtom } from '../../state/auth';
import { useOrganization } from '../../state/site';
import { Banner } from '../../ui/notice/notice';
import { LoadState } from '../../ui/page/load-state';
import { SignInPrompt } from '../../ui/page/sign-in-prompt';
import { useLoad } from '../../ui/page/use-load';
import { Tag } from '../../ui/tag/tag';
import { RoleDetails } from './role-details';

function FormSections({ role }: { role: Role }) {
  const { t, i18n } = useTranslation();
  const form = useApplicationForm(role.formConfiguration, role.jsonConfigurations[i18n.resolvedLanguage ?? '']);
  return (
    <>
      <h2>{t('roles.preview.formTitle')}</h2>
      <ol>
        {form.steps.map((step) => (
          <li key={step.id}>{step.title}</li>
        ))}
      </ol>
    </>
  );
}

function Preview({ roleId }: { roleId: string }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const { state, reload } = useLoad(() => fetchRolePreview(roleId), roleId);
  return (
    <LoadState state={state} title={t('pages.preview.title')} message={apiMessage} onRetry={reload}>
      {(role) => (
        <>
          <Banner title={t('roles.preview.banner')}>
            <p>{t('roles.preview.body')}</p>
            <p>
              {t('roles.preview.status')}:{' '}
              <Tag colour={role.status === 'ACTIVE' ? 'green' : 'grey'}>
                {t(`roles.preview.statuses.${role.status}`)}
              </Tag>
            </p>
          </Banner>
          <RoleDetails role={role}>
            <FormSections role={role} />
          </RoleDetails>
        </>
      )}
    </LoadState>
  );
}

/** /preview/:roleId: the hiring team sees a role (in any status) as candidates will. */
export function PreviewPage() {
  const { t } = useTranslation();
  const { roleId = '' } = useParams();
  const { user } = useAtomValue(userAtom);
  const organization = useOrganization();
  if (!user)
    return (
      <SignInPrompt
        title={t('pages.preview.title')}
        body={t('roles.preview.signIn')}
        returnTo={`/preview/${roleId}`}
        allowSignUp={false}
      />
    );
  if (!isHiringManager(user.userType)) {
    return (
      <>
        <h1>{t('pages.preview.title')}</h1>
        <p>{t('roles.preview.hiringOnly')}</p>
      </>
    );
  }
  return <Preview key={`${organization.subdomain}:${roleId}`} roleId={roleId} />;
}
