import { useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signInRedirectPath, safeRedirectTarget, SIGN_IN_PATH } from '#engine';
import { confirmAccount, fetchCurrentUser, verifyEmail } from '../../api/auth';
import { authAtom, userAtom } from '../../state/auth';
import { finishProcessAtom } from '../../state/process';
import { useOrganization } from '../../state/site';
import { Spinner } from '../../ui/spinner/delayed-spinner';
import { useApiMessage } from './use-api-message';
import * as styles from './auth.css';

type State = { status: 'working' } | { status: 'done' } | { status: 'failed'; message: string };

/**
 * Runs a link's one call once when the page opens. A ref keeps it to one call even when React
 * mounts the page twice (StrictMode): the token works only once.
 */
function useOneCall(call: () => Promise<unknown>, onDone?: () => void): State {
  const [state, setState] = useState<State>({ status: 'working' });
  const apiMessage = useApiMessage();
  const started = useRef<Promise<unknown> | null>(null);
  useEffect(() => {
    started.current ??= call();
    let current = true;
    started.current.then(
      () => {
        if (!current) return;
        setState({ status: 'done' });
        onDone?.();
      },
      (error: unknown) => current && setState({ status: 'failed', message: apiMessage(error) }),
    );
    return () => {
      current = false;
    };
    // Once per page: the link's token does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}

/** /verify/:token: the sign-up link; confirms the account, then offers sign-in. */
export function VerifyPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const organization = useOrganization();
  const finish = useSetAtom(finishProcessAtom);
  // Sign-up carried the page the visitor was going to (a role to apply for): sign-in returns there.
  const redirect = safeRedirectTarget(`?${params.toString()}`);
  const signInPath = redirect ? signInRedirectPath(redirect) : SIGN_IN_PATH;
  const state = useOneCall(
    () => confirmAccount(organization.subdomain, token, params.get('candidateId') ?? undefined),
    () => finish({ type: 'accountCreated', status: 'success', message: t('auth.notices.accountCreated') }),
  );
  if (state.status === 'working') return <Working title={t('pages.verify.title')} text={t('auth.verify.verifying')} />;
  if (state.status === 'failed') {
    return (
      <>
        <h1>{t('auth.verify.failedTitle')}</h1>
        <p className={styles.inset}>{state.message}</p>
        <p>{t('auth.verify.failedBody')}</p>
        <p>
          <Link to={signInPath}>{t('auth.signIn')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>{t('auth.verify.doneTitle')}</h1>
      <p>{t('auth.verify.doneBody', { name: organization.name })}</p>
      <p>
        <Link to={signInPath}>{t('auth.signIn')}</Link>
      </p>
    </>
  );
}

/** /verify-email/:token: the link sent to a new address; the account's address changes now. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const organization = useOrganization();
  const signedIn = useAtomValue(authAtom) !== null;
  const setUser = useSetAtom(userAtom);
  const state = useOneCall(
    () => verifyEmail(organization.subdomain, token),
    () => {
      if (signedIn)
        void fetchCurrentUser().then(
          (user) => setUser({ status: 'ready', user }),
          () => undefined,
        );
    },
  );
  if (state.status === 'working')
    return <Working title={t('pages.verifyEmail.title')} text={t('auth.verify.verifying')} />;
  const next = signedIn ? (
    <Link to="/settings">{t('auth.verify.toSettings')}</Link>
  ) : (
    <Link to="/login">{t('auth.signIn')}</Link>
  );
  if (state.status === 'failed') {
    return (
      <>
        <h1>{t('auth.verify.emailFailedTitle')}</h1>
        <p className={styles.inset}>{state.message}</p>
        <p>{t('auth.verify.emailFailedBody')}</p>
        <p>{next}</p>
      </>
    );
  }
  return (
    <>
      <h1>{t('auth.verify.emailDoneTitle')}</h1>
      <p>{t('auth.verify.emailDoneBody')}</p>
      <p>{next}</p>
    </>
  );
}

function Working({ title, text }: { title: string; text: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p>{text}</p>
      <Spinner />
    </>
  );
}
