import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '#engine';
import {
  fetchOrganizationUsers,
  inviteManager,
  updateOrganizationUser,
  type OrganizationUser,
} from '#client/api/organization-admin';
import { useApiMessage, useFieldErrors } from '#client/api/use-api-message';
import { userAtom } from '#client/state/auth';
import { showToastAtom } from '#client/state/process';
import { Button } from '#client/ui/button/button';
import { useClickLock } from '#client/ui/button/use-click-lock';
import { Radios } from '#client/ui/form/choices';
import { ErrorSummary, summaryItems } from '#client/ui/form/error-summary';
import { TextInput } from '#client/ui/form/text-input';
import { useFormErrors } from '#client/ui/form/use-form-errors';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { Tag } from '#client/ui/tag/tag';
import { visuallyHidden } from '#client/ui/visually-hidden.css';
import * as styles from './clients.css';

type ManagerType = OrganizationUser['userType'];

function InviteForm({ orgId, onDone }: { orgId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldErrors = useFieldErrors();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const errors = useFormErrors();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [userType, setUserType] = useState<ManagerType>('HIRING_MANAGER');
  const submit = useClickLock((event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email.trim()))
      return errors.fail([{ fieldId: 'invite-email', message: t('admin.users.emailInvalid') }]);
    errors.clear();
    inviteManager(orgId, {
      email: email.trim(),
      userType,
      ...(firstName.trim() ? { firstName: firstName.trim() } : {}),
      ...(lastName.trim() ? { lastName: lastName.trim() } : {}),
    }).then(
      () => {
        showToast({ kind: 'success', message: t('admin.users.invited', { email: email.trim() }) });
        setEmail('');
        setFirstName('');
        setLastName('');
        onDone();
      },
      (error: unknown) =>
        errors.fail([{ fieldId: 'invite-email', message: fieldErrors(error).email ?? apiMessage(error) }]),
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-heading">
      <h3 id="invite-heading">{t('admin.users.inviteTitle')}</h3>
      <ErrorSummary items={summaryItems(errors.errors)} focusKey={errors.attempt} />
      <TextInput
        id="invite-email"
        label={t('admin.users.email')}
        type="email"
        autoComplete="off"
        spellCheck={false}
        value={email}
        error={errors.of('invite-email')}
        onChange={(event) => setEmail(event.target.value)}
      />
      <div className={styles.columns}>
        <TextInput
          id="invite-first"
          label={t('admin.users.firstName')}
          value={firstName}
          maxLength={255}
          onChange={(event) => setFirstName(event.target.value)}
        />
        <TextInput
          id="invite-last"
          label={t('admin.users.lastName')}
          value={lastName}
          maxLength={255}
          onChange={(event) => setLastName(event.target.value)}
        />
      </div>
      <Radios
        legend={t('admin.users.type')}
        name="invite-type"
        options={[
          { value: 'HIRING_MANAGER', label: t('admin.users.types.HIRING_MANAGER') },
          { value: 'HIRING_MANAGER_ADMIN', label: t('admin.users.types.HIRING_MANAGER_ADMIN') },
        ]}
        value={userType}
        onChange={(value) => setUserType(value as ManagerType)}
      />
      <Button type="submit">{t('admin.users.invite')}</Button>
    </form>
  );
}

function UserRow({ orgId, user, onChange }: { orgId: string; user: OrganizationUser; onChange: () => void }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const me = useAtomValue(userAtom).user?.id === user.id;
  const change = (body: Parameters<typeof updateOrganizationUser>[2], done: string) =>
    updateOrganizationUser(orgId, user.id, body).then(
      () => {
        showToast({ kind: 'success', message: done });
        onChange();
      },
      (error: unknown) => showToast({ kind: 'error', message: apiMessage(error) }),
    );
  const toggleType = useClickLock(() => {
    const userType = user.userType === 'HIRING_MANAGER' ? 'HIRING_MANAGER_ADMIN' : 'HIRING_MANAGER';
    void change({ userType }, t('admin.users.typeChanged', { email: user.email }));
  });
  const toggleActive = useClickLock(() => {
    void change(
      { active: !user.active },
      t(user.active ? 'admin.users.deactivated' : 'admin.users.reactivated', { email: user.email }),
    );
  });
  const forUser = <span className={visuallyHidden}> {user.email}</span>;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <tr>
      <td className={styles.cell}>
        {user.email}
        {name ? (
          <>
            <br />
            {name}
          </>
        ) : null}
      </td>
      <td className={styles.cell}>{t(`admin.users.types.${user.userType}`)}</td>
      <td className={styles.cell}>
        <Tag colour={user.active ? (user.invitationAccepted ? 'green' : 'yellow') : 'grey'}>
          {user.active
            ? user.invitationAccepted
              ? t('admin.users.active')
              : t('admin.users.invitedTag')
            : t('admin.users.inactive')}
        </Tag>
      </td>
      <td className={styles.cell}>
        {me ? (
          t('admin.users.you')
        ) : (
          <div className={styles.actions}>
            <Button variant="secondary" className={styles.inlineButton} onClick={toggleType}>
              {user.userType === 'HIRING_MANAGER' ? t('admin.users.makeAdmin') : t('admin.users.makeStandard')}
              {forUser}
            </Button>
            <Button
              variant={user.active ? 'warning' : 'secondary'}
              className={styles.inlineButton}
              onClick={toggleActive}
            >
              {user.active ? t('admin.users.deactivate') : t('admin.users.reactivate')}
              {forUser}
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}

/** An organisation's hiring managers: invite (Standard or Admin), change their type, deactivate or reactivate them. */
export function UsersPanel({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const { state, reload } = useLoad(() => fetchOrganizationUsers(orgId), orgId);
  return (
    <section className={styles.section} aria-labelledby="users-heading">
      <h2 id="users-heading">{t('admin.users.title')}</h2>
      <LoadState state={state} title={t('admin.users.loadFailed')} message={apiMessage} onRetry={reload} heading={2}>
        {(users) =>
          users.length === 0 ? (
            <p>{t('admin.users.none')}</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption className={visuallyHidden}>{t('admin.users.title')}</caption>
                <thead>
                  <tr>
                    <th className={styles.cell} scope="col">
                      {t('admin.users.email')}
                    </th>
                    <th className={styles.cell} scope="col">
                      {t('admin.users.type')}
                    </th>
                    <th className={styles.cell} scope="col">
                      {t('admin.users.status')}
                    </th>
                    <th className={styles.cell} scope="col">
                      {t('admin.users.actions')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {users.map((user) => (
                    <UserRow key={user.id} orgId={orgId} user={user} onChange={reload} />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadState>
      <InviteForm orgId={orgId} onDone={reload} />
    </section>
  );
}
