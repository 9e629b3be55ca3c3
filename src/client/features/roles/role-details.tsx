import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '#schemas/role';
import { useLongDate } from '../../i18n/use-long-date';
import { Notice } from '../../ui/notice/notice';
import { caption, lead } from '../../ui/typography.css';
import { RoleFacts } from './role-facts';

interface RoleDetailsProps {
  role: Role;
  /** What the visitor can do (apply, sign in…): right under the summary, so it is in view without scrolling. */
  actions?: ReactNode;
  /** Shown after the description. */
  children?: ReactNode;
}

/** A role as candidates see it: heading, summary, the actions, facts and description. */
export function RoleDetails({ role, actions, children }: RoleDetailsProps) {
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
      {actions}
      <RoleFacts role={role} />
      <h2>{t('roles.aboutRole')}</h2>
      {role.description.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
      {children}
    </>
  );
}
