import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LinkUser } from '#schemas/auth';
import { normaliseEmail, isValidEmail, isValidPassword } from '#engine';
import { requestPasswordReset, requestSignInLink, resetLinkUser, resetPassword } from '../../api/auth';
import { finishProcessAtom } from '../../state/process';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { EmailField } from '../../ui/form/email-field';
import { ErrorSummary, summaryItems } from '../../ui/form/error-summary';
import { useFormErrors } from '../../ui/form/use-form-errors';
import { PasswordField } from '../../ui/form/password-field';
import { lead } from '../../ui/typography.css';
import { LinkTokenPage } from './link-token-page';
import { useApiMessage, useFieldErrors, useSentMessage } from './use-api-message';
import * as styles from './auth.css';

/** An email-only form that sends a link (forgotten password, sign-in link) and then says so. */
function EmailLinkForm({
  title,
  intro,
  submit,
  sentTitle,
  sentBody,
  send,
}: {
  title: string;
  intro: string;
  submit: string;
  sentTitle: string;
  sentBody?: string;
  send: (email: string) => Promise<{ message: string }>;
}) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const fieldErrors = useFieldErrors();
  const sentMessage = useSentMessage();
  const [email, setEmail] = useState('');
  const { errors, attempt, fail } = useFormErrors();
  const [sent, setSent] = useState<string | null>(null);
  const onSubmit = useClickLock((event: FormEvent) => {
    event.preventDefault();
    const typed = normaliseEmail(email);
    if (!typed) return fail([{ fieldId: 'email', message: t('auth.email.missing') }]);
    if (!isValidEmail(typed)) return fail([{ fieldId: 'email', message: t('auth.email.invalid') }]);
    send(typed)
      .then((response) => setSent(sentMessage(response)))
      .catch((error: unknown) => fail([{ fieldId: 'email', message: fieldErrors(error).email ?? apiMessage(error) }]));
  });
  if (sent) {
    return (
      <>
        <h1>{sentTitle}</h1>
        <p className={styles.inset} role="status">
          {sent}
        </p>
        {sentBody && <p>{sentBody}</p>}
        <p>
          <Link to="/login">{t('auth.backToSignIn')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      {errors.length > 0 && <ErrorSummary items={summaryItems(errors)} focusKey={attempt} />}
      <h1>{title}</h1>
      <p className={lead}>{intro}</p>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <EmailField
          id="email"
          label={t('auth.email.label')}
          hint={t('auth.email.hint')}
          value={email}
          onChange={setEmail}
          error={errors[0]?.message}
        />
        <Button type="submit">{submit}</Button>
      </form>
      <p>
        <Link to="/login">{t('auth.backToSignIn')}</Link>
      </p>
    </>
  );
}

/** /forgot-password */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  return (
    <EmailLinkForm
      title={t('auth.forgot.title')}
      intro={t('auth.forgot.lead')}
      submit={t('auth.forgot.submit')}
      sentTitle={t('auth.forgot.sentTitle')}
      sentBody={t('auth.forgot.sentBody')}
      send={(email) => requestPasswordReset(organization.subdomain, email)}
    />
  );
}

/** /magic-password: a sign-in link by email; the link opens /oauth?token=… */
export function MagicPasswordPage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  return (
    <EmailLinkForm
      title={t('auth.magic.title')}
      intro={t('auth.magic.lead')}
      submit={t('auth.magic.submit')}
      sentTitle={t('auth.magic.sentTitle')}
      send={(email) => requestSignInLink(organization.subdomain, email)}
    />
  );
}

/** /reset-password/:token: whose link it is, then a new password with the rules shown as it is typed. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <LinkTokenPage
      lookUp={resetLinkUser}
      texts={{
        title: t('auth.reset.title'),
        checking: t('auth.reset.checking'),
        failedTitle: t('auth.reset.failedTitle'),
        failedBody: t('auth.reset.failedBody'),
      }}
      failedLink={<Link to="/forgot-password">{t('auth.reset.again')}</Link>}
    >
      {(user, token) => <ResetPasswordForm user={user} token={token} />}
    </LinkTokenPage>
  );
}

/** The new password for the account the reset link is for. */
function ResetPasswordForm({ user, token }: { user: LinkUser; token: string }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const navigate = useNavigate();
  const apiMessage = useApiMessage();
  const fieldErrors = useFieldErrors();
  const finish = useSetAtom(finishProcessAtom);
  const [password, setPassword] = useState('');
  const { errors, attempt, fail } = useFormErrors();

  const onSubmit = useClickLock((event: FormEvent) => {
    event.preventDefault();
    if (!isValidPassword(password)) return fail([{ fieldId: 'newPassword', message: t('auth.password.invalid') }]);
    resetPassword(organization.subdomain, token, password)
      .then(() => {
        finish({ type: 'passwordUpdated', status: 'success', message: t('auth.notices.passwordUpdated') });
        navigate('/login', { replace: true });
      })
      .catch((error: unknown) =>
        fail([{ fieldId: 'newPassword', message: fieldErrors(error).newPassword ?? apiMessage(error) }]),
      );
  });

  return (
    <>
      {errors.length > 0 && <ErrorSummary items={summaryItems(errors)} focusKey={attempt} />}
      <h1>{t('auth.reset.title')}</h1>
      <p className={lead}>{t('auth.reset.lead', { email: user.email })}</p>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <input type="hidden" name="username" autoComplete="username" value={user.email} />
        <PasswordField
          id="newPassword"
          label={t('auth.password.newLabel')}
          value={password}
          onChange={setPassword}
          error={errors[0]?.message}
          autoComplete="new-password"
          showRules
        />
        <Button type="submit">{t('auth.reset.submit')}</Button>
      </form>
    </>
  );
}
