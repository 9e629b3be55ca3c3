import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { answersView, type AnswerRow, type AnswerSection, type Answers, type CompiledForm } from '#engine';
import { SummaryList } from '../ui/summary-list/summary-list';
import { AnswerValue } from './download';
import * as styles from './flow/flow.css';

interface AnswerSectionsProps {
  sections: readonly AnswerSection[];
  /** How a section's (or a repeatable item's) rows are listed; read-only summary lists by default. */
  list?: (rows: readonly AnswerRow[]) => ReactNode;
  /** Something after a section's answers (a Change link for the whole section). */
  after?: (section: AnswerSection) => ReactNode;
}

const readOnly = (rows: readonly AnswerRow[]) => (
  <SummaryList
    rows={rows.map((row) => ({
      key: row.path,
      label: row.label,
      value: <AnswerValue value={row.value} file={row.file} />,
    }))}
  />
);

/**
 * Answers section by section (the engine's answersView): a heading per section, its answers,
 * and each repeatable item ("University 2") under its own heading. Check answers, the submitted
 * application and the profile show answers this one way.
 */
export function AnswerSections({ sections, list = readOnly, after }: AnswerSectionsProps) {
  return sections.map((section) =>
    section.rows.length || section.groups.length ? (
      <div key={`${section.stepId}:${section.id}`} data-section={section.id}>
        <h2>{section.title}</h2>
        {section.rows.length ? list(section.rows) : null}
        {section.groups.map((group) => (
          <div key={group.rows[0]?.path ?? group.title}>
            <h3 className={styles.groupHeading}>{group.title}</h3>
            {list(group.rows)}
          </div>
        ))}
        {after?.(section)}
      </div>
    ) : null,
  );
}

/** The form's answers as sections (engine answersView), with yes, no and "not answered" in the page's language. */
export function useAnswerSections(form: CompiledForm, answers: Answers): AnswerSection[] {
  const { t, i18n } = useTranslation();
  const texts = useMemo(
    () => ({
      yes: t('form.yes'),
      no: t('form.no'),
      notAnswered: t('form.notAnswered'),
      language: i18n.resolvedLanguage,
    }),
    [t, i18n.resolvedLanguage],
  );
  return useMemo(() => answersView(form, answers, texts), [form, answers, texts]);
}
