import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signInRedirectPath, REDIRECT_PARAM } from '#engine';

interface SignInPromptProps {
  title: string;
  body: string;
  /** Where to come back to after signing in or signing up. */
  returnTo: string;
  /** Sign-up is closed on subdomain-restricted sites. */
  allowSignUp: boolean;
}

/** For pages that need a candidate: sign in, or create an account, and come back here. */
export function SignInPrompt({ title, body, returnTo, allowSignUp }: SignInPromptProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{title}</h1>
      <p>{body}</p>
      <ul>
        <li>
          <Link to={signInRedirectPath(returnTo)}>{t('common.signInToContinue')}</Link>
        </li>
        {allowSignUp ? (
          <li>
            <Link to={`/signup?${new URLSearchParams({ [REDIRECT_PARAM]: returnTo }).toString()}`}>
              {t('common.createAccountToContinue')}
            </Link>
          </li>
        ) : null}
      </ul>
    </>
  );
}
