import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
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
import { lead } from '../../ui/typography.css';
import { LinkTokenPage } from './link-token-page';
import { useApiMessage, useFieldErrors } from './use-api-message';
import { useCompleteSignIn } from './use-complete-sign-in';
import * as styles from './auth.css';

/** /on-boarding/:token: an invited user checks their name, chooses a password and is signed in. */
export function OnBoardingPage() {
  const { t } = useTranslation();
  return (
    <LinkTokenPage
      lookUp={onboardingUser}
      texts={{
        title: t('auth.onboarding.title'),
        checking: t('auth.onboarding.checking'),
        failedTitle: t('auth.onboarding.failedTitle'),
        failedBody: t('auth.onboarding.failedBody'),
      }}
      failedLink={<Link to="/login">{t('auth.signIn')}</Link>}
    >
      {(user, token) => <OnBoardingForm user={user} token={token} />}
    </LinkTokenPage>
  );
}

/** The invited user's names (as the invitation gave them) and a password. */
function OnBoardingForm({ user, token }: { user: LinkUser; token: string }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const fieldErrors = useFieldErrors();
  const completeSignIn = useCompleteSignIn();
  const [values, setValues] = useState({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    password: '',
  });
  const { errors, attempt, fail, of: fieldError } = useFormErrors();

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

  return (
    <>
      {errors.length > 0 && <ErrorSummary items={summaryItems(errors)} focusKey={attempt} />}
      <h1>{t('auth.onboarding.title')}</h1>
      <p className={lead}>{t('auth.onboarding.lead', { name: user.organizationName, email: user.email })}</p>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <input type="hidden" name="username" autoComplete="username" value={user.email} />
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
