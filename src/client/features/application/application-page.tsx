import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isCandidate } from '#engine';
import { fetchMyApplications } from '../../api/applications';
import { userAtom } from '../../state/auth';
import { useOrganization } from '../../state/site';
import { DelayedSpinner } from '../../ui/spinner/delayed-spinner';
import { SignInPrompt } from '../../ui/page/sign-in-prompt';

/** Goes to the candidate's most recently changed draft, or to their applications when there is none. */
function LatestDraft() {
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    fetchMyApplications().then(
      (applications) => {
        const draft = applications.find((application) => application.state === 'DRAFT' && !application.role.closed);
        if (current) navigate(draft ? `/applyp/${draft.role.id}?resume` : '/applications', { replace: true });
      },
      () => current && navigate('/applications', { replace: true }),
    );
    return () => {
      current = false;
    };
  }, [navigate]);
  return <DelayedSpinner />;
}

/** /application: the application in progress. */
export function ApplicationPage() {
  const { t } = useTranslation();
  const { user } = useAtomValue(userAtom);
  const organization = useOrganization();
  if (!user)
    return (
      <SignInPrompt
        title={t('pages.application.title')}
        body={t('application.signInBody')}
        returnTo="/application"
        allowSignUp={!organization.settings.subdomainRestricted}
      />
    );
  if (!isCandidate(user.userType)) {
    return (
      <>
        <h1>{t('pages.application.title')}</h1>
        <p>
          {t('application.noneToContinue')} <Link to="/roles">{t('applications.findRoles')}</Link>
        </p>
      </>
    );
  }
  return <LatestDraft />;
}
