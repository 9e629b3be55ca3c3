import { useRef, useState, type FormEvent } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { INVALID_LOGIN_COOKIE, normaliseEmail, isValidEmail } from '#engine';
import { signInWithPassword } from '../../api/auth';
import { errorMessage } from '../../api/errors';
import { forgetOtpCookie, savedOtpCookie } from '../../state/otp-cookies';
import { processAtom } from '../../state/process';
import { signedOutReasonAtom } from '../../state/session';
import { siteAtom, useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { EmailField } from '../../ui/form/email-field';
import { ErrorSummary, summaryItems, type SummaryError } from '../../ui/form/error-summary';
import { useFormErrors } from '../../ui/form/use-form-errors';
import { PasswordField } from '../../ui/form/password-field';
import { TextInput } from '../../ui/form/text-input';
import { lead } from '../../ui/typography.css';
import { useApiMessage } from './use-api-message';
import { useCompleteSignIn } from './use-complete-sign-in';
import * as styles from './auth.css';

type Step = 'credentials' | 'otp';

/**
 * /login (spec §4 Login): email and password; a 206 answer shows the code step; 'Invalid login
 * cookie.' forgets the saved cookie for that email and shows the code step too. The saved
 * cookie (30 days per email) is sent so this browser can skip the code.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  const site = useAtomValue(siteAtom);
  const { search } = useLocation();
  const completeSignIn = useCompleteSignIn();
  const apiMessage = useApiMessage();
  const setProcess = useSetAtom(processAtom);
  const [signedOut, setSignedOut] = useAtom(signedOutReasonAtom);
  const [step, setStep] = useState<Step>('credentials');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const { errors, attempt, fail, clear: clearErrors, of: fieldError } = useFormErrors();
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const submitLogin = async (withOtp?: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setProcess({ type: 'login', status: 'loading' });
    const username = normaliseEmail(email);
    try {
      const outcome = await signInWithPassword({
        username,
        password,
        otp: withOtp,
        otpCookie: withOtp ? undefined : savedOtpCookie(username),
      });
      if (outcome.kind === 'otp_required') {
        setProcess(null);
        clearErrors();
        setOtp('');
        if (step === 'otp') setNotice(t('auth.login.otpResent'));
        setStep('otp');
        return;
      }
      await completeSignIn(outcome.tokens, { usedOtp: withOtp !== undefined });
    } catch (error) {
      const raw = errorMessage(error);
      if (raw === INVALID_LOGIN_COOKIE) {
        forgetOtpCookie(username);
        setProcess(null);
        clearErrors();
        setNotice(t('auth.login.cookieInvalid'));
        setStep('otp');
        return;
      }
      const message = apiMessage(error);
      setProcess({ type: 'login', status: 'failure', message });
      fail([{ fieldId: step === 'otp' ? 'otp' : undefined, message }]);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const onCredentials = useClickLock((event: FormEvent) => {
    event.preventDefault();
    setSignedOut(null);
    const problems: SummaryError[] = [];
    const typed = email.trim();
    if (!typed) problems.push({ fieldId: 'email', message: t('auth.email.missing') });
    else if (!isValidEmail(normaliseEmail(typed)))
      problems.push({ fieldId: 'email', message: t('auth.email.invalid') });
    if (!password) problems.push({ fieldId: 'password', message: t('auth.password.missing') });
    if (problems.length > 0) return fail(problems);
    void submitLogin();
  });

  const onOtp = useClickLock((event: FormEvent) => {
    event.preventDefault();
    const code = otp.replace(/\s+/g, '');
    if (!code) return fail([{ fieldId: 'otp', message: t('auth.login.otpMissing') }]);
    if (!/^\d{6}$/.test(code)) return fail([{ fieldId: 'otp', message: t('auth.login.otpInvalid') }]);
    setNotice(null);
    void submitLogin(code);
  });

  const resend = useClickLock(() => {
    setNotice(null);
    void submitLogin();
  });

  const restart = () => {
    setStep('credentials');
    setPassword('');
    setOtp('');
    clearErrors();
    setNotice(null);
  };

  if (step === 'otp') {
    return (
      <>
        {errors.length > 0 && <ErrorSummary items={summaryItems(errors)} focusKey={attempt} />}
        <h1>{t('auth.login.otpTitle')}</h1>
        <p className={lead}>{t('auth.login.otpLead', { email: normaliseEmail(email) })}</p>
        {notice && (
          <p className={styles.inset} role="status">
            {notice}
          </p>
        )}
        <form className={styles.form} noValidate onSubmit={onOtp}>
          <TextInput
            id="otp"
            label={t('auth.login.otpLabel')}
            hint={t('auth.login.otpHint')}
            error={fieldError('otp')}
            value={otp}
            onChange={(event) => setOtp(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={10}
            spellCheck={false}
            autoFocus
          />
          <Button type="submit" aria-disabled={busy}>
            {t('auth.login.otpSubmit')}
          </Button>
        </form>
        <ul className={styles.links}>
          <li>
            <Button variant="secondary" onClick={resend} aria-disabled={busy}>
              {t('auth.login.otpResend')}
            </Button>
          </li>
          <li>
            <a
              href="/login"
              onClick={(event) => {
                event.preventDefault();
                restart();
              }}
            >
              {t('auth.login.otpOther')}
            </a>
          </li>
        </ul>
      </>
    );
  }

  return (
    <>
      {errors.length > 0 && <ErrorSummary items={summaryItems(errors)} focusKey={attempt} />}
      <h1>{t('auth.login.title')}</h1>
      <p className={lead}>{t('auth.login.lead', { name: organization.name })}</p>
      {signedOut && (
        <p className={styles.inset} role="status">
          {t(`auth.login.signedOut.${signedOut}`)}
        </p>
      )}
      <form className={styles.form} noValidate onSubmit={onCredentials}>
        <EmailField
          id="email"
          label={t('auth.email.label')}
          hint={t('auth.email.hint')}
          value={email}
          onChange={setEmail}
          error={fieldError('email')}
          autoComplete="username"
        />
        <PasswordField
          id="password"
          label={t('auth.password.label')}
          value={password}
          onChange={setPassword}
          error={fieldError('password')}
          autoComplete="current-password"
        />
        <Button type="submit" aria-disabled={busy}>
          {t('auth.login.submit')}
        </Button>
      </form>
      <ul className={styles.links}>
        <li>
          <Link to={`/forgot-password${search}`}>{t('auth.login.forgot')}</Link>
        </li>
        {/* A link alone is one factor: where a code is required it is not offered (decision 0046). */}
        {organization.settings.otpRequired !== true && (
          <li>
            <Link to={`/magic-password${search}`}>{t('auth.login.magicLink')}</Link>
          </li>
        )}
        {/* Hiring users are invited (decision 0032): the HR host offers no sign-up. */}
        {site.side === 'apply' && !organization.settings.subdomainRestricted && (
          <li>
            {t('auth.login.noAccount')} <Link to="/signup">{t('auth.login.createAccount')}</Link>
          </li>
        )}
      </ul>
    </>
  );
}
