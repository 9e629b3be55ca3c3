import { useState, type FormEvent, type ReactNode } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { User } from '#schemas/user';
import { anonymousLandingPath, isCandidate, normaliseEmail, isValidEmail, isValidPassword } from '#engine';
import { changePassword, deleteMe, updateCurrentUser, updateSecurity } from '../../api/auth';
import { downloadMyData } from '../../api/audit';
import { useApiMessage, useFieldErrors } from '../../api/use-api-message';
import { userAtom, type CurrentUser } from '../../state/auth';
import { finishProcessAtom } from '../../state/process';
import { logoutAtom } from '../../state/session';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { Dialog } from '../../ui/dialog/dialog';
import { saveFile } from '../../ui/download/save-file';
import { Checkbox } from '../../ui/form/checkbox';
import { EmailField } from '../../ui/form/email-field';
import { ErrorSummary, summaryItems, type SummaryError } from '../../ui/form/error-summary';
import { PasswordField } from '../../ui/form/password-field';
import { useFormErrors } from '../../ui/form/use-form-errors';
import { TextInput } from '../../ui/form/text-input';
import { lead } from '../../ui/typography.css';
import * as styles from './account.css';

/** Failed call → field errors from the server, else one message (spec §8). */
function useServerErrors(prefix: string) {
  const fieldErrorsOf = useFieldErrors();
  const apiMessage = useApiMessage();
  return (error: unknown): SummaryError[] => {
    const byField = Object.entries(fieldErrorsOf(error));
    if (byField.length > 0) return byField.map(([field, message]) => ({ fieldId: `${prefix}-${field}`, message }));
    return [{ message: apiMessage(error) }];
  };
}

function Section({
  id,
  title,
  lead: intro,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro && <p>{intro}</p>}
      {children}
    </section>
  );
}

/**
 * /settings (spec §2): details, password, sign-in code and deleting the account; a candidate also chooses their
 * contact preferences (hiring users are not asked: decision 0032).
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useAtomValue(userAtom);
  if (!user) return null;
  const candidate = isCandidate(user.userType);
  return (
    <>
      <h1>{t('account.settingsTitle')}</h1>
      <p className={lead}>{candidate ? t('account.settingsLead') : t('account.hiringSettingsLead')}</p>
      <ProfileSection user={user} />
      <PasswordSection />
      <SecuritySection user={user} />
      {candidate && <ContactSection user={user} />}
      <ExportSection />
      <DeleteSection candidate={candidate} />
    </>
  );
}

function useSaveUser() {
  const setUser = useSetAtom(userAtom);
  return (updated: User) => {
    const { otpCookie: _ignored, ...user } = updated;
    setUser({ status: 'ready', user });
  };
}

function ProfileSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const finish = useSetAtom(finishProcessAtom);
  const saveUser = useSaveUser();
  const form = useFormErrors();
  const serverErrors = useServerErrors('profile');
  const [values, setValues] = useState({
    firstName: user.firstName ?? '',
    preferredName: user.preferredName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
  });
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const onSubmit = useClickLock((event: FormEvent) => {
    event.preventDefault();
    const problems: SummaryError[] = [];
    if (!values.firstName.trim())
      problems.push({ fieldId: 'profile-firstName', message: t('auth.signup.firstNameMissing') });
    if (!values.lastName.trim())
      problems.push({ fieldId: 'profile-lastName', message: t('auth.signup.lastNameMissing') });
    if (!isValidEmail(normaliseEmail(values.email)))
      problems.push({ fieldId: 'profile-email', message: t('auth.email.invalid') });
    if (problems.length > 0) return form.fail(problems);
    updateCurrentUser({
      firstName: values.firstName.trim(),
      preferredName: values.preferredName.trim() || null,
      lastName: values.lastName.trim(),
      email: normaliseEmail(values.email),
    })
      .then((updated) => {
        form.clear();
        saveUser(updated);
        setValues((v) => ({ ...v, email: updated.email }));
        finish({ type: 'userUpdated', status: 'success', message: t('auth.notices.userUpdated') });
      })
      .catch((error: unknown) => form.fail(serverErrors(error)));
  });
  return (
    <Section id="profile" title={t('account.profile.title')}>
      {form.errors.length > 0 && <ErrorSummary items={summaryItems(form.errors)} focusKey={form.attempt} />}
      {user.pendingEmail && (
        <p className={styles.inset} role="status">
          {t('account.profile.pendingEmail', { email: user.pendingEmail })}
        </p>
      )}
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="profile-firstName"
          label={t('auth.signup.firstName')}
          autoComplete="given-name"
          value={values.firstName}
          onChange={(e) => set('firstName')(e.target.value)}
          error={form.of('profile-firstName')}
        />
        <TextInput
          id="profile-preferredName"
          label={t('account.profile.preferredName')}
          autoComplete="nickname"
          value={values.preferredName}
          onChange={(e) => set('preferredName')(e.target.value)}
          error={form.of('profile-preferredName')}
        />
        <TextInput
          id="profile-lastName"
          label={t('auth.signup.lastName')}
          autoComplete="family-name"
          value={values.lastName}
          onChange={(e) => set('lastName')(e.target.value)}
          error={form.of('profile-lastName')}
        />
        <EmailField
          id="profile-email"
          label={t('auth.email.label')}
          hint={t('account.profile.emailHint')}
          value={values.email}
          onChange={set('email')}
          error={form.of('profile-email')}
        />
        <Button type="submit">{t('account.profile.save')}</Button>
      </form>
    </Section>
  );
}

function PasswordSection() {
  const { t } = useTranslation();
  const finish = useSetAtom(finishProcessAtom);
  const form = useFormErrors();
  const serverErrors = useServerErrors('password');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const onSubmit = useClickLock((event: FormEvent) => {
    event.preventDefault();
    const problems: SummaryError[] = [];
    if (!current) problems.push({ fieldId: 'password-currentPassword', message: t('auth.password.missingCurrent') });
    if (!isValidPassword(next)) problems.push({ fieldId: 'password-newPassword', message: t('auth.password.invalid') });
    if (problems.length > 0) return form.fail(problems);
    changePassword({ currentPassword: current, newPassword: next })
      .then(() => {
        form.clear();
        setCurrent('');
        setNext('');
        finish({ type: 'passwordUpdated', status: 'success', message: t('auth.notices.passwordUpdated') });
      })
      .catch((error: unknown) => form.fail(serverErrors(error)));
  });
  return (
    <Section id="password" title={t('account.password.title')} lead={t('account.password.lead')}>
      {form.errors.length > 0 && <ErrorSummary items={summaryItems(form.errors)} focusKey={form.attempt} />}
      <form noValidate onSubmit={onSubmit}>
        <PasswordField
          id="password-currentPassword"
          label={t('auth.password.currentLabel')}
          value={current}
          onChange={setCurrent}
          error={form.of('password-currentPassword')}
          autoComplete="current-password"
        />
        <PasswordField
          id="password-newPassword"
          label={t('auth.password.newLabel')}
          value={next}
          onChange={setNext}
          error={form.of('password-newPassword')}
          autoComplete="new-password"
          showRules
        />
        <Button type="submit">{t('account.password.save')}</Button>
      </form>
    </Section>
  );
}

function SecuritySection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const finish = useSetAtom(finishProcessAtom);
  const saveUser = useSaveUser();
  const form = useFormErrors();
  const serverErrors = useServerErrors('security');
  const required = user.organizationRequiresOtp === true;
  const [wanted, setWanted] = useState(required || user.otpRequired === true);
  const [password, setPassword] = useState('');
  const onSubmit = useClickLock((event: FormEvent) => {
    event.preventDefault();
    if (!password)
      return form.fail([{ fieldId: 'security-currentPassword', message: t('auth.password.missingCurrent') }]);
    updateSecurity({ otpRequired: wanted, currentPassword: password })
      .then((updated) => {
        form.clear();
        setPassword('');
        saveUser(updated);
        finish({ type: 'securityUpdated', status: 'success', message: t('account.security.updated') });
      })
      .catch((error: unknown) => form.fail(serverErrors(error)));
  });
  return (
    <Section id="security" title={t('account.security.title')} lead={t('account.security.lead')}>
      {form.errors.length > 0 && <ErrorSummary items={summaryItems(form.errors)} focusKey={form.attempt} />}
      {required ? (
        <p className={styles.inset}>{t('account.security.required')}</p>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Checkbox
            id="security-otpRequired"
            label={t('account.security.label')}
            checked={wanted}
            onChange={setWanted}
            error={form.of('security-otpRequired')}
          />
          <PasswordField
            id="security-currentPassword"
            label={t('auth.password.currentLabel')}
            hint={t('account.security.passwordHint')}
            value={password}
            onChange={setPassword}
            error={form.of('security-currentPassword')}
            autoComplete="current-password"
          />
          <Button type="submit">{t('account.security.save')}</Button>
        </form>
      )}
    </Section>
  );
}

function ContactSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const finish = useSetAtom(finishProcessAtom);
  const saveUser = useSaveUser();
  const form = useFormErrors();
  const serverErrors = useServerErrors('contact');
  const [rare, setRare] = useState(user.acceptRare === true);
  const [research, setResearch] = useState(user.acceptResearch === true);
  const [email, setEmail] = useState(user.acceptEmailMessages !== false);
  const [sms, setSms] = useState(user.acceptSmsMessages !== false);
  const onSubmit = useClickLock((event: FormEvent) => {
    event.preventDefault();
    updateCurrentUser({
      acceptRare: rare,
      acceptResearch: research,
      acceptEmailMessages: email,
      acceptSmsMessages: sms,
    })
      .then((updated) => {
        form.clear();
        saveUser(updated);
        finish({
          type: 'contactPreferencesUpdated',
          status: 'success',
          message: t('auth.notices.contactPreferencesUpdated'),
        });
      })
      .catch((error: unknown) => form.fail(serverErrors(error)));
  });
  return (
    <Section id="contact" title={t('account.contact.title')}>
      {form.errors.length > 0 && <ErrorSummary items={summaryItems(form.errors)} focusKey={form.attempt} />}
      <form noValidate onSubmit={onSubmit}>
        <fieldset className={styles.section} aria-describedby="contact-hint">
          <legend>{t('account.contact.legend')}</legend>
          <p id="contact-hint">{t('account.contact.hint')}</p>
          <Checkbox id="contact-acceptRare" label={t('account.contact.rare')} checked={rare} onChange={setRare} />
          <Checkbox
            id="contact-acceptResearch"
            label={t('account.contact.research')}
            checked={research}
            onChange={setResearch}
          />
          <Checkbox
            id="contact-acceptEmailMessages"
            label={t('account.contact.email')}
            checked={email}
            onChange={setEmail}
          />
          <Checkbox id="contact-acceptSmsMessages" label={t('account.contact.sms')} checked={sms} onChange={setSms} />
        </fieldset>
        <Button type="submit">{t('account.contact.save')}</Button>
      </form>
    </Section>
  );
}

/** The right of access (decision 0055): everything held about the person, as one zip file. */
function ExportSection() {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const download = useClickLock(() => {
    setFailure(null);
    downloadMyData().then(
      (zip) => saveFile(zip, 'my-data.zip'),
      (error: unknown) => setFailure(apiMessage(error)),
    );
  });
  return (
    <Section id="export" title={t('account.export.title')} lead={t('account.export.lead')}>
      {failure && <p role="alert">{failure}</p>}
      <Button variant="secondary" onClick={download}>
        {t('account.export.button')}
      </Button>
    </Section>
  );
}

function DeleteSection({ candidate }: { candidate: boolean }) {
  const { t } = useTranslation();
  const store = useStore();
  const organization = useOrganization();
  const form = useFormErrors();
  const serverErrors = useServerErrors('delete');
  const [open, setOpen] = useState(false);
  const confirm = useClickLock(() => {
    deleteMe()
      .then(() => {
        setOpen(false);
        store.set(logoutAtom, {
          redirectTo: anonymousLandingPath(organization.edition),
          reason: 'deleted',
          revoke: false,
        });
        store.set(finishProcessAtom, {
          type: 'accountDeleted',
          status: 'success',
          message: t('auth.login.signedOut.deleted'),
        });
      })
      .catch((error: unknown) => {
        setOpen(false);
        form.fail(serverErrors(error));
      });
  });
  return (
    <Section id="delete" title={t('account.delete.title')}>
      {form.errors.length > 0 && <ErrorSummary items={summaryItems(form.errors)} focusKey={form.attempt} />}
      <p className={styles.warningText}>{candidate ? t('account.delete.lead') : t('account.delete.hiringLead')}</p>
      <Button variant="warning" onClick={() => setOpen(true)}>
        {t('account.delete.button')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('account.delete.confirmTitle')}
        description={t('account.delete.confirmBody')}
      >
        <Button variant="warning" onClick={confirm}>
          {t('account.delete.confirm')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('account.delete.cancel')}
        </Button>
      </Dialog>
    </Section>
  );
}
