import { useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signInRedirectPath, safeRedirectTarget, SIGN_IN_PATH } from '#engine';
import { confirmAccount, fetchCurrentUser, signInWithUserToken, verifyEmail } from '../../api/auth';
import { authAtom, userAtom } from '../../state/auth';
import { finishProcessAtom } from '../../state/process';
import { useOrganization } from '../../state/site';
import { Spinner } from '../../ui/spinner/delayed-spinner';
import { useApiMessage, useSentMessage } from './use-api-message';
import { useCompleteSignIn } from './use-complete-sign-in';
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

/**
 * /verify/:token: the sign-up link. Confirming answers a one-time sign-in token, so the new
 * candidate is signed in and taken back where sign-up started (a role to apply for), else to
 * their landing page, without typing the password again (decision 0033).
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const organization = useOrganization();
  const finish = useSetAtom(finishProcessAtom);
  const sentMessage = useSentMessage();
  const completeSignIn = useCompleteSignIn();
  // Sign-up carried the page the visitor was going to: signing in by hand returns there too.
  const redirect = safeRedirectTarget(`?${params.toString()}`);
  const signInPath = redirect ? signInRedirectPath(redirect) : SIGN_IN_PATH;
  const state = useOneCall(async () => {
    const verified = await confirmAccount(organization.subdomain, token, params.get('candidateId') ?? undefined);
    const outcome = await signInWithUserToken(verified.token);
    if (outcome.kind === 'tokens') await completeSignIn(outcome.tokens, { usedOtp: false });
    finish({ type: 'accountCreated', status: 'success', message: sentMessage(verified) });
  });
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
  // Signing in leaves this page when it is done.
  return <Working title={t('pages.verify.title')} text={t('auth.verify.verifying')} />;
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
