import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '#schemas/role';
import { useLongDate } from '../../i18n/use-long-date';
import { Notice } from '../../ui/notice/notice';
import { caption, lead } from '../../ui/typography.css';
import { RoleFacts } from './role-facts';

/** A role as candidates see it: heading, summary, facts and description; `children` are the actions. */
export function RoleDetails({ role, children }: { role: Role; children?: ReactNode }) {
  const { t } = useTranslation();
  const formatLongDate = useLongDate();
  return (
    <>
      <span className={caption}>{role.department}</span>
      <h1>{role.name}</h1>
      <p className={lead}>{role.summary}</p>
      {role.closed && role.deadline ? (
        <Notice kind="warning">{t('roles.closedNotice', { date: formatLongDate(role.deadline) })}</Notice>
      ) : null}
      <RoleFacts role={role} />
      <h2>{t('roles.aboutRole')}</h2>
      {role.description.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
      {children}
    </>
  );
}
