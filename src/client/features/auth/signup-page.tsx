import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  signInRedirectPath,
  safeRedirectTarget,
  SIGN_IN_PATH,
  normaliseEmail,
  isValidEmail,
  isValidPassword,
} from '#engine';
import { resendVerification, signUp } from '../../api/auth';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { Checkbox } from '../../ui/form/checkbox';
import { EmailField } from '../../ui/form/email-field';
import { ErrorSummary, summaryItems, type SummaryError } from '../../ui/form/error-summary';
import { useFormErrors } from '../../ui/form/use-form-errors';
import { PasswordField } from '../../ui/form/password-field';
import { TextInput } from '../../ui/form/text-input';
import { linkButton } from '../../ui/link/link-button.css';
import { lead } from '../../ui/typography.css';
import { useApiMessage, useFieldErrors, useSentMessage } from './use-api-message';
import * as styles from './auth.css';

const FIELD_IDS: Record<string, string> = {
  email: 'email',
  password: 'password',
  firstName: 'firstName',
  lastName: 'lastName',
  acceptTermAndConditions: 'terms',
};

/** /signup (spec §2): closed on subdomain-restricted sites; otherwise a candidate account, verified by email. */
export function SignupPage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const fieldErrors = useFieldErrors();
  const sentMessage = useSentMessage();
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', password: '', terms: false });
  const { errors, attempt, fail, of: fieldError } = useFormErrors();
  const [sent, setSent] = useState<string | null>(null);
  // Set by "Wrong address?": the form comes back with the email field focused to correct it.
  const [correcting, setCorrecting] = useState(false);
  // Where the visitor was going (e.g. a role to apply for): the verification link brings them back.
  const redirect = safeRedirectTarget(useLocation().search);
  const signInPath = redirect ? signInRedirectPath(redirect) : SIGN_IN_PATH;

  const set =
    <K extends keyof typeof values>(key: K) =>
    (value: (typeof values)[K]) =>
      setValues((v) => ({ ...v, [key]: value }));

  useEffect(() => {
    if (correcting && !sent) document.getElementById('email')?.focus();
  }, [correcting, sent]);

  const onSubmit = useClickLock((event: FormEvent) => {
    event.preventDefault();
    const problems: SummaryError[] = [];
    if (!values.firstName.trim()) problems.push({ fieldId: 'firstName', message: t('auth.signup.firstNameMissing') });
    if (!values.lastName.trim()) problems.push({ fieldId: 'lastName', message: t('auth.signup.lastNameMissing') });
    if (!values.email.trim()) problems.push({ fieldId: 'email', message: t('auth.email.missing') });
    else if (!isValidEmail(normaliseEmail(values.email)))
      problems.push({ fieldId: 'email', message: t('auth.email.invalid') });
    if (!isValidPassword(values.password)) problems.push({ fieldId: 'password', message: t('auth.password.invalid') });
    if (!values.terms) problems.push({ fieldId: 'terms', message: t('auth.signup.termsMissing') });
    if (problems.length > 0) return fail(problems);
    signUp(organization.subdomain, {
      email: normaliseEmail(values.email),
      password: values.password,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      acceptTermAndConditions: true,
      ...(redirect && { redirect }),
    })
      .then((response) => setSent(sentMessage(response)))
      .catch((error: unknown) => {
        const byField = Object.entries(fieldErrors(error));
        fail(
          byField.length > 0
            ? byField.map(([field, message]) => ({ fieldId: FIELD_IDS[field], message }))
            : [{ message: apiMessage(error) }],
        );
      });
  });

  if (organization.settings.subdomainRestricted) {
    return (
      <>
        <h1>{t('signup.restrictedTitle')}</h1>
        <p>{t('signup.restrictedBody', { name: organization.name })}</p>
        <p>
          <Link to={signInPath}>{t('auth.signIn')}</Link>
        </p>
      </>
    );
  }

  if (sent) {
    return (
      <CheckYourEmail
        sent={sent}
        email={normaliseEmail(values.email)}
        redirect={redirect}
        signInPath={signInPath}
        onWrongAddress={() => {
          setSent(null);
          setCorrecting(true);
        }}
      />
    );
  }

  return (
    <>
      {errors.length > 0 && <ErrorSummary items={summaryItems(errors)} focusKey={attempt} />}
      <h1>{t('auth.signup.title')}</h1>
      <p className={lead}>{t('auth.signup.lead', { name: organization.name })}</p>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <TextInput
          id="firstName"
          label={t('auth.signup.firstName')}
          autoComplete="given-name"
          value={values.firstName}
          onChange={(e) => set('firstName')(e.target.value)}
          error={fieldError('firstName')}
        />
        <TextInput
          id="lastName"
          label={t('auth.signup.lastName')}
          autoComplete="family-name"
          value={values.lastName}
          onChange={(e) => set('lastName')(e.target.value)}
          error={fieldError('lastName')}
        />
        <EmailField
          id="email"
          label={t('auth.email.label')}
          hint={t('auth.email.hint')}
          value={values.email}
          onChange={set('email')}
          error={fieldError('email')}
        />
        <PasswordField
          id="password"
          label={t('auth.password.label')}
          value={values.password}
          onChange={set('password')}
          error={fieldError('password')}
          autoComplete="new-password"
          showRules
        />
        <p>
          <Link to="/terms" target="_blank" rel="noopener">
            {t('auth.signup.termsLink')}
          </Link>
        </p>
        <Checkbox
          id="terms"
          label={t('auth.signup.terms')}
          checked={values.terms}
          onChange={set('terms')}
          error={fieldError('terms')}
        />
        <Button type="submit">{t('auth.signup.submit')}</Button>
      </form>
      <p>
        {t('auth.signup.haveAccount')} <Link to={signInPath}>{t('auth.signIn')}</Link>
      </p>
    </>
  );
}

type Resent = { status: 'idle' } | { status: 'sent' } | { status: 'failed'; message: string };

/** After sign-up: the link is on its way; it can be sent again, or the address corrected. */
function CheckYourEmail({
  sent,
  email,
  redirect,
  signInPath,
  onWrongAddress,
}: {
  sent: string;
  email: string;
  redirect: string | null;
  signInPath: string;
  onWrongAddress: () => void;
}) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const [resent, setResent] = useState<Resent>({ status: 'idle' });
  const onResend = useClickLock(() => {
    void resendVerification(organization.subdomain, { email, ...(redirect && { redirect }) }).then(
      () => setResent({ status: 'sent' }),
      (error: unknown) => setResent({ status: 'failed', message: apiMessage(error) }),
    );
  });
  return (
    <>
      <h1>{t('auth.signup.checkEmailTitle')}</h1>
      <p className={styles.inset} role="status">
        {sent}
      </p>
      <p>{t('auth.signup.checkEmailBody')}</p>
      <h2>{t('auth.signup.notArrivedTitle')}</h2>
      <p>{t('auth.signup.notArrivedBody')}</p>
      <Button variant="secondary" onClick={onResend}>
        {t('auth.signup.resend')}
      </Button>
      <p role="status">{resent.status === 'sent' ? t('auth.signup.resent') : null}</p>
      {resent.status === 'failed' ? <p role="alert">{resent.message}</p> : null}
      <p>
        {t('auth.signup.wrongAddress')}{' '}
        <button type="button" className={linkButton} onClick={onWrongAddress}>
          {t('auth.signup.changeAddress')}
        </button>
      </p>
      <p>
        <Link to={signInPath}>{t('auth.backToSignIn')}</Link>
      </p>
    </>
  );
}
