import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LinkUser } from '#schemas/auth';
import { isValidPassword } from '#engine';
import { completeOnboarding, onboardingUser, signInWithUserToken } from '../../api/auth';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { ErrorSummary, summaryItems, type SummaryError } from '../../ui/form/error-summary';
import { useFormErrors } from '../../ui/form/use-form-errors';
import { PasswordField } from '../../ui/form/password-field';
import { TextInput } from '../../ui/form/text-input';
import { Spinner } from '../../ui/spinner/delayed-spinner';
import { lead } from '../../ui/typography.css';
import { useApiMessage, useFieldErrors } from './use-api-message';
import { useCompleteSignIn } from './use-complete-sign-in';
import * as styles from './auth.css';

/** /on-boarding/:token: an invited user checks their name, chooses a password and is signed in. */
export function OnBoardingPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const fieldErrors = useFieldErrors();
  const completeSignIn = useCompleteSignIn();
  const [link, setLink] = useState<
    { status: 'checking' } | { status: 'ok'; user: LinkUser } | { status: 'failed'; message: string }
  >({ status: 'checking' });
  const [values, setValues] = useState({ firstName: '', lastName: '', password: '' });
  const { errors, attempt, fail, of: fieldError } = useFormErrors();

  useEffect(() => {
    let current = true;
    onboardingUser(organization.subdomain, token).then(
      (user) => {
        if (!current) return;
        setLink({ status: 'ok', user });
        setValues((v) => ({ ...v, firstName: user.firstName ?? '', lastName: user.lastName ?? '' }));
      },
      (error: unknown) => current && setLink({ status: 'failed', message: apiMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [organization.subdomain, token, apiMessage]);

  const onSubmit = useClickLock((event: FormEvent) => {
    event.preventDefault();
    const problems: SummaryError[] = [];
    if (!values.firstName.trim()) problems.push({ fieldId: 'firstName', message: t('auth.signup.firstNameMissing') });
    if (!values.lastName.trim()) problems.push({ fieldId: 'lastName', message: t('auth.signup.lastNameMissing') });
    if (!isValidPassword(values.password)) problems.push({ fieldId: 'password', message: t('auth.password.invalid') });
    if (problems.length > 0) return fail(problems);
    completeOnboarding(organization.subdomain, {
      token,
      password: values.password,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    })
      .then((result) => signInWithUserToken(result.token))
      .then((outcome) => (outcome.kind === 'tokens' ? completeSignIn(outcome.tokens, { usedOtp: false }) : undefined))
      .catch((error: unknown) => {
        const byField = Object.entries(fieldErrors(error));
        fail(
          byField.length > 0
            ? byField.map(([fieldId, message]) => ({ fieldId, message }))
            : [{ message: apiMessage(error) }],
        );
      });
  });

  if (link.status === 'checking') {
    return (
      <>
        <h1>{t('auth.onboarding.title')}</h1>
        <p>{t('auth.onboarding.checking')}</p>
        <Spinner />
      </>
    );
  }
  if (link.status === 'failed') {
    return (
      <>
        <h1>{t('auth.onboarding.failedTitle')}</h1>
        <p className={styles.inset}>{link.message}</p>
        <p>{t('auth.onboarding.failedBody')}</p>
        <p>
          <Link to="/login">{t('auth.signIn')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      {errors.length > 0 && <ErrorSummary items={summaryItems(errors)} focusKey={attempt} />}
      <h1>{t('auth.onboarding.title')}</h1>
      <p className={lead}>{t('auth.onboarding.lead', { name: link.user.organizationName, email: link.user.email })}</p>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <input type="hidden" name="username" autoComplete="username" value={link.user.email} />
        <TextInput
          id="firstName"
          label={t('auth.signup.firstName')}
          autoComplete="given-name"
          value={values.firstName}
          onChange={(e) => setValues((v) => ({ ...v, firstName: e.target.value }))}
          error={fieldError('firstName')}
        />
        <TextInput
          id="lastName"
          label={t('auth.signup.lastName')}
          autoComplete="family-name"
          value={values.lastName}
          onChange={(e) => setValues((v) => ({ ...v, lastName: e.target.value }))}
          error={fieldError('lastName')}
        />
        <PasswordField
          id="password"
          label={t('auth.password.label')}
          value={values.password}
          onChange={(password) => setValues((v) => ({ ...v, password }))}
          error={fieldError('password')}
          autoComplete="new-password"
          showRules
        />
        <Button type="submit">{t('auth.onboarding.submit')}</Button>
      </form>
    </>
  );
}
