import { useTranslation } from 'react-i18next';
import type { RoleSummary } from '#schemas/role';
import { useLongDate } from '../../i18n/use-long-date';
import { SummaryList, type SummaryRow } from '../../ui/summary-list/summary-list';
import { Tag } from '../../ui/tag/tag';

/** The closing date, or a Closed tag once it has passed (spec §2: closed deadlines show as closed). */
export function Deadline({ role }: { role: RoleSummary }) {
  const { t } = useTranslation();
  const formatLongDate = useLongDate();
  if (role.closed) return <Tag colour="grey">{t('roles.closed')}</Tag>;
  return <>{role.deadline ? t('roles.closes', { date: formatLongDate(role.deadline) }) : t('roles.noDeadline')}</>;
}

/** The facts of a role as a summary list: type, level, department, place, work type, pay, dates. */
export function RoleFacts({ role }: { role: RoleSummary }) {
  const { t } = useTranslation();
  const formatLongDate = useLongDate();
  const rows: SummaryRow[] = [
    { key: 'roleType', label: t('roles.facts.roleType'), value: role.roleType },
    { key: 'roleLevel', label: t('roles.facts.roleLevel'), value: role.roleLevel },
    { key: 'department', label: t('roles.facts.department'), value: role.department },
    { key: 'location', label: t('roles.facts.location'), value: role.location },
    { key: 'workType', label: t('roles.facts.workType'), value: t(`roles.workTypes.${role.workType}`) },
    { key: 'employmentType', label: t('roles.facts.employmentType'), value: role.employmentType },
  ];
  if (role.salary) rows.push({ key: 'salary', label: t('roles.facts.salary'), value: role.salary });
  if (role.startDate)
    rows.push({ key: 'startDate', label: t('roles.facts.startDate'), value: formatLongDate(role.startDate) });
  const deadline = role.deadline ? formatLongDate(role.deadline) : t('roles.noDeadline');
  rows.push({
    key: 'deadline',
    label: t('roles.facts.deadline'),
    value: role.closed ? <Tag colour="grey">{t('roles.closedOn', { date: deadline })}</Tag> : deadline,
  });
  return <SummaryList rows={rows} />;
}
