import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signInWithLinkToken, signInWithUserToken } from '../../api/auth';
import { Spinner } from '../../ui/spinner/delayed-spinner';
import { useApiMessage } from './use-api-message';
import { useCompleteSignIn } from './use-complete-sign-in';
import * as styles from './auth.css';

/**
 * /oauth: signs in with a token from the address. `token` is an emailed (magic-password) or
 * external sign-in token (the OAuth variant: username 'token'); `userToken` a one-time user
 * token handed over from another host of the organisation (type USER_TOKEN).
 */
export function OauthPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const apiMessage = useApiMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const token = params.get('token');
  const userToken = params.get('userToken');

  useEffect(() => {
    if (started.current || (!token && !userToken)) return;
    started.current = true;
    const signIn = userToken ? signInWithUserToken(userToken) : signInWithLinkToken(token!);
    signIn
      .then(async (outcome) => {
        if (outcome.kind !== 'tokens') throw new Error(outcome.message);
        await completeSignIn(outcome.tokens, { usedOtp: false });
      })
      .catch((error: unknown) => setFailure(apiMessage(error)));
  }, [token, userToken, completeSignIn, apiMessage]);

  const problem = failure ?? (!token && !userToken ? t('auth.oauth.noToken') : null);
  if (problem) {
    return (
      <>
        <h1>{t('auth.oauth.failedTitle')}</h1>
        <p className={styles.inset}>{problem}</p>
        <p>{t('auth.oauth.failedBody')}</p>
        <ul className={styles.links}>
          <li>
            <Link to="/login">{t('auth.signIn')}</Link>
          </li>
          <li>
            <Link to="/magic-password">{t('auth.login.magicLink')}</Link>
          </li>
        </ul>
      </>
    );
  }
  return (
    <>
      <h1>{t('auth.oauth.title')}</h1>
      <p>{t('auth.oauth.signingIn')}</p>
      <Spinner />
    </>
  );
}
