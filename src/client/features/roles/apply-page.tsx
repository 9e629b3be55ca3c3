import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { REDIRECT_PARAM, signInRedirectPath, isCandidate } from '#engine';
import type { Role } from '#schemas/role';
import { startApplication } from '../../api/applications';
import { fetchRole } from '../../api/roles';
import { useApiMessage } from '../../api/use-api-message';
import { userAtom } from '../../state/auth';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { ButtonLink } from '../../ui/button/button-link';
import { useClickLock } from '../../ui/button/use-click-lock';
import { BackLink } from '../../ui/link/back-link';
import { Notice } from '../../ui/notice/notice';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { RoleDetails } from './role-details';
import * as styles from './roles.css';

/** The form pages of a role's application, at the step where the candidate left off. */
const resumePath = (roleId: string) => `/applyp/${roleId}?resume`;

/** What a visitor can do about a role: sign in or sign up and come back, start, or continue. */
function ApplyActions({ role, source }: { role: Role; source: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const apiMessage = useApiMessage();
  const organization = useOrganization();
  const [{ user }, setUser] = useAtom(userAtom);
  const [problem, setProblem] = useState<string>();
  const [starting, setStarting] = useState(false);
  const start = useClickLock(() => {
    setStarting(true);
    startApplication(role.id, source ?? undefined).then(
      () => {
        // The landing page after the next sign-in counts this application (spec §2).
        setUser((state) =>
          state.user
            ? {
                ...state,
                user: {
                  ...state.user,
                  applications: [
                    ...(state.user.applications ?? []),
                    {
                      role: { id: role.id, name: role.name },
                      roleType: role.roleType,
                      appliedAt: new Date().toISOString(),
                    },
                  ],
                },
              }
            : state,
        );
        navigate(resumePath(role.id));
      },
      (error: unknown) => {
        setStarting(false);
        setProblem(apiMessage(error));
      },
    );
  });

  if (role.closed) {
    return (
      <p>
        <Link to="/roles">{t('roles.apply.back')}</Link>
      </p>
    );
  }
  const here = `/apply/${role.id}${source ? `?source=${encodeURIComponent(source)}` : ''}`;
  if (!user) {
    return (
      <>
        <p>{t('roles.apply.signedOutBody')}</p>
        <div className={styles.applyBar}>
          <ButtonLink to={signInRedirectPath(here)}>{t('roles.apply.signIn')}</ButtonLink>
          {organization.settings.subdomainRestricted ? null : (
            <Link to={`/signup?${new URLSearchParams({ [REDIRECT_PARAM]: here }).toString()}`}>
              {t('roles.apply.signUp')}
            </Link>
          )}
        </div>
      </>
    );
  }
  if (!isCandidate(user.userType)) return <Notice>{t('roles.apply.hiringSide')}</Notice>;
  const applied = (user.applications ?? []).some((application) => application.role?.id === role.id);
  return (
    <div className={styles.applyBar}>
      {problem ? <p role="alert">{problem}</p> : null}
      {applied ? (
        <ButtonLink to={resumePath(role.id)}>{t('roles.apply.continue')}</ButtonLink>
      ) : (
        <Button onClick={start} disabled={starting}>
          {starting ? t('roles.apply.starting') : t('roles.apply.start')}
        </Button>
      )}
    </div>
  );
}

/** /apply/:roleId: a role as candidates see it, and the way into its application. */
export function ApplyPage() {
  const { t } = useTranslation();
  const { roleId = '' } = useParams();
  const [params] = useSearchParams();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const { state, reload } = useLoad(() => fetchRole(organization.subdomain, roleId), roleId);
  return (
    <>
      <BackLink to="/roles">{t('roles.apply.back')}</BackLink>
      <LoadState state={state} title={t('roles.notAvailableTitle')} message={apiMessage} onRetry={reload}>
        {(role) => <RoleDetails role={role} actions={<ApplyActions role={role} source={params.get('source')} />} />}
      </LoadState>
    </>
  );
}
