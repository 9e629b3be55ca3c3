import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '#engine';
import { addContact, fetchContacts } from '#client/api/organization-admin';
import { useApiMessage, useFieldErrors } from '#client/api/use-api-message';
import { showToastAtom } from '#client/state/process';
import { Button } from '#client/ui/button/button';
import { useClickLock } from '#client/ui/button/use-click-lock';
import { ErrorSummary, summaryItems, type SummaryError } from '#client/ui/form/error-summary';
import { TextInput } from '#client/ui/form/text-input';
import { useFormErrors } from '#client/ui/form/use-form-errors';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { visuallyHidden } from '#client/ui/visually-hidden.css';
import * as styles from './clients.css';

function ContactForm({ orgId, onDone }: { orgId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldErrors = useFieldErrors();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const errors = useFormErrors();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [jobTitle, setJobTitle] = useState('');
  const submit = useClickLock((event: FormEvent) => {
    event.preventDefault();
    const problems: SummaryError[] = [];
    if (!name.trim()) problems.push({ fieldId: 'contact-name', message: t('admin.contacts.nameMissing') });
    if (email.trim() && !isValidEmail(email.trim()))
      problems.push({ fieldId: 'contact-email', message: t('admin.contacts.emailInvalid') });
    if (problems.length > 0) return errors.fail(problems);
    errors.clear();
    addContact(orgId, {
      name: name.trim(),
      email: email.trim() || null,
      phone: phone.trim() || null,
      jobTitle: jobTitle.trim() || null,
    }).then(
      () => {
        showToast({ kind: 'success', message: t('admin.contacts.added', { name: name.trim() }) });
        setName('');
        setEmail('');
        setPhone('');
        setJobTitle('');
        onDone();
      },
      (error: unknown) => {
        const byField = fieldErrors(error);
        const list = Object.entries(byField).map(([field, message]) => ({ fieldId: `contact-${field}`, message }));
        errors.fail(list.length > 0 ? list : [{ message: apiMessage(error) }]);
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="contact-heading">
      <h3 id="contact-heading">{t('admin.contacts.addTitle')}</h3>
      <ErrorSummary items={summaryItems(errors.errors)} focusKey={errors.attempt} />
      <div className={styles.columns}>
        <TextInput
          id="contact-name"
          label={t('admin.contacts.name')}
          value={name}
          maxLength={255}
          error={errors.of('contact-name')}
          onChange={(event) => setName(event.target.value)}
        />
        <TextInput
          id="contact-jobTitle"
          label={t('admin.contacts.jobTitle')}
          value={jobTitle}
          maxLength={255}
          onChange={(event) => setJobTitle(event.target.value)}
        />
        <TextInput
          id="contact-email"
          label={t('admin.contacts.email')}
          type="email"
          spellCheck={false}
          value={email}
          error={errors.of('contact-email')}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextInput
          id="contact-phone"
          label={t('admin.contacts.phone')}
          type="tel"
          value={phone}
          maxLength={40}
          onChange={(event) => setPhone(event.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary">
        {t('admin.contacts.add')}
      </Button>
    </form>
  );
}

/** The organisation's contacts (spec §7 /organization/:id/contacts), and a form to add one. */
export function ContactsPanel({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const { state, reload } = useLoad(() => fetchContacts(orgId), orgId);
  return (
    <section className={styles.section} aria-labelledby="contacts-heading">
      <h2 id="contacts-heading">{t('admin.contacts.title')}</h2>
      <LoadState state={state} title={t('admin.contacts.loadFailed')} message={apiMessage} onRetry={reload} heading={2}>
        {(contacts) =>
          contacts.length === 0 ? (
            <p>{t('admin.contacts.none')}</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption className={visuallyHidden}>{t('admin.contacts.title')}</caption>
                <thead>
                  <tr>
                    <th className={styles.cell} scope="col">
                      {t('admin.contacts.name')}
                    </th>
                    <th className={styles.cell} scope="col">
                      {t('admin.contacts.jobTitle')}
                    </th>
                    <th className={styles.cell} scope="col">
                      {t('admin.contacts.email')}
                    </th>
                    <th className={styles.cell} scope="col">
                      {t('admin.contacts.phone')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {contacts.map((contact) => (
                    <tr key={contact.id}>
                      <td className={styles.cell}>{contact.name}</td>
                      <td className={styles.cell}>{contact.jobTitle ?? ''}</td>
                      <td className={styles.cell}>
                        {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : ''}
                      </td>
                      <td className={styles.cell}>{contact.phone ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadState>
      <ContactForm orgId={orgId} onDone={reload} />
    </section>
  );
}
