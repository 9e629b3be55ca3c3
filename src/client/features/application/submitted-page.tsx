import { Link, useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { fetchApplication } from '../../api/applications';
import { userAtom } from '../../state/auth';
import { ConfirmationPanel } from '../../ui/notice/notice';
import { useLoad } from '../../ui/page/use-load';

/** The reference a candidate can quote: the start of the record's id, as people read codes. */
const referenceOf = (id: string) => id.slice(0, 8).toUpperCase();

/** /submitted and /finished: the GOV.UK confirmation page after submit. */
export function SubmittedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('application');
  const { user } = useAtomValue(userAtom);
  const { state } = useLoad(() => (id && user ? fetchApplication(id) : Promise.resolve(null)), `${id}:${user?.id}`);
  const record = state.status === 'ready' ? state.data : null;
  return (
    <>
      <ConfirmationPanel title={t('application.submitted.title')}>
        <p>
          {record ? t('application.submitted.role', { role: record.role.name }) : t('application.submitted.generic')}
        </p>
        {record ? <p>{t('application.submitted.reference', { reference: referenceOf(record.id) })}</p> : null}
      </ConfirmationPanel>
      {user?.email ? <p>{t('application.submitted.email', { email: user.email })}</p> : null}
      <h2>{t('application.submitted.nextTitle')}</h2>
      <p>{t('application.submitted.nextBody')}</p>
      <ul>
        <li>
          <Link to="/applications">{t('application.submitted.applications')}</Link>
        </li>
        <li>
          <Link to="/roles">{t('application.submitted.roles')}</Link>
        </li>
      </ul>
    </>
  );
}
