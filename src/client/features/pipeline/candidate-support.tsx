import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetAtom } from 'jotai';
import { TEXT_LIMIT_LONG, isValidPercent } from '#engine';
import { SKIP_REASONS, type SkipReason } from '#schemas/communications';
import { fetchContacts, saveAdjustment, type Adjustment, type ContactPage } from '../../api/candidate-items';
import { useApiMessage } from '../../api/use-api-message';
import { showToastAtom } from '../../state/process';
import { Button } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { TextInput } from '../../ui/form/text-input';
import * as formStyles from '../../ui/form/form.css';
import { formatDateTime } from './format';
import * as styles from './pipeline.css';

/** Spec §7 PUT …/adjustment: reasonable adjustments, with the §9 extra-assessment-time percent. */
export function AdjustmentForm({
  organizationId,
  applicationId,
  initial,
}: {
  organizationId: string;
  applicationId: string;
  initial: Adjustment | null;
}) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const notesId = useId();
  const [percent, setPercent] = useState(
    initial?.extraTimePercent === undefined ? '' : String(initial.extraTimePercent),
  );
  const [notes, setNotes] = useState(initial?.notes ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useClickLock((event: FormEvent) => {
    event.preventDefault();
    if (!isValidPercent(percent)) {
      setError(t('pipeline.adjustment.percentError'));
      return;
    }
    setError(undefined);
    const body: Adjustment = {
      ...(percent.trim() === '' ? {} : { extraTimePercent: Number(percent) }),
      ...(notes.trim() === '' ? {} : { notes: notes.trim() }),
    };
    saveAdjustment(organizationId, applicationId, body).then(
      () => showToast({ kind: 'success', message: t('pipeline.adjustment.saved') }),
      (failure: unknown) => showToast({ kind: 'error', message: apiMessage(failure) }),
    );
  });
  return (
    <form onSubmit={save} noValidate>
      <TextInput
        label={t('pipeline.adjustment.percent')}
        hint={t('pipeline.adjustment.percentHint')}
        inputMode="decimal"
        value={percent}
        error={error}
        onChange={(event) => setPercent(event.target.value)}
        className={styles.narrowInput}
      />
      <div className={formStyles.formGroup}>
        <label className={formStyles.label} htmlFor={notesId}>
          {t('pipeline.adjustment.notes')}
        </label>
        <textarea
          id={notesId}
          className={formStyles.textarea}
          maxLength={TEXT_LIMIT_LONG}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>
      <Button type="submit">{t('pipeline.adjustment.save')}</Button>
    </form>
  );
}

/** Spec §7 GET …/contact/:n: the messages sent to the candidate, newest first, a page at a time. */
export function Contacts({ organizationId, applicationId }: { organizationId: string; applicationId: string }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const [pages, setPages] = useState<ContactPage[]>([]);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const [message, setMessage] = useState('');
  const load = (page: number) => {
    setState('loading');
    fetchContacts(organizationId, applicationId, page).then(
      (result) => {
        setPages((current) => [...current, result]);
        setState('idle');
      },
      (failure: unknown) => {
        setMessage(apiMessage(failure));
        setState('error');
      },
    );
  };
  const last = pages.at(-1);
  const contacts = pages.flatMap((p) => p.content);
  const contactDetail = (detail: string) =>
    SKIP_REASONS.includes(detail as SkipReason) ? t(`pipeline.contacts.detail.${detail as SkipReason}`) : detail;
  if (!last) {
    return (
      <>
        {state === 'error' ? <p role="alert">{message}</p> : null}
        <Button variant="secondary" onClick={() => load(0)} disabled={state === 'loading'}>
          {t('pipeline.contacts.show')}
        </Button>
      </>
    );
  }
  return (
    <>
      {contacts.length === 0 ? (
        <p className={styles.muted}>{t('pipeline.contacts.none')}</p>
      ) : (
        <ul className={styles.plainList}>
          {contacts.map((contact) => (
            <li key={contact.id}>
              <strong>
                {t(`pipeline.contacts.channel.${contact.channel}`)}
                {contact.subject ? `: ${contact.subject}` : ''}
              </strong>
              <br />
              <span className={styles.muted}>
                {t(`pipeline.contacts.status.${contact.status}`, {
                  date: formatDateTime(contact.sentAt ?? contact.createdAt),
                })}
                {contact.sender ? ` ${t('pipeline.contacts.by', { name: contact.sender })}` : ''}
                {contact.detail ? ` — ${contactDetail(contact.detail)}` : ''}
              </span>
              {contact.text ? (
                <details>
                  <summary>{t('pipeline.contacts.showText')}</summary>
                  <p className={styles.preserveLines}>{contact.text}</p>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {state === 'error' ? <p role="alert">{message}</p> : null}
      {last.hasNext ? (
        <Button variant="secondary" onClick={() => load(last.number + 1)} disabled={state === 'loading'}>
          {t('pipeline.contacts.more')}
        </Button>
      ) : null}
    </>
  );
}
