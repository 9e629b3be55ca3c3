import { useTranslation } from 'react-i18next';
import type { PanelRow } from '#engine';
import { SummaryList } from '../ui/summary-list/summary-list';

/**
 * The answers part of the hiring side's candidate panel: the rows a role's listFields give (engine candidatePanel),
 * with the same labels and formats as the form, or a line saying there are none. The candidate page and the
 * configuration studio's preview render this one component, so the preview is the panel.
 */
export function CandidateAnswers({ rows, emptyClassName }: { rows: readonly PanelRow[]; emptyClassName?: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className={emptyClassName}>{t('pipeline.candidate.noAnswers')}</p>;
  return <SummaryList rows={rows.map((row) => ({ key: row.id, label: row.label, value: row.value }))} />;
}
