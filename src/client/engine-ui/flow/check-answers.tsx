import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Answers, type CompiledForm, type FieldError, validateApplication, type AnswerRow } from '#engine';
import { Button } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import { ErrorSummary } from '../../ui/form/error-summary';
import { AnswerSections, useAnswerSections } from '../answer-sections';
import { AnswerValue } from '../download';
import { lowerFirst } from '../fields';
import { FlowLink, NavigationContext } from './navigation';
import { useFormValidators } from '../validation';
import { FLOW_HEADING_ID } from './task-list';
import * as styles from './flow.css';

function SummaryList({ rows }: { rows: readonly AnswerRow[] }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.summaryList}>
      {rows.map((row) => (
        <div key={row.path} className={styles.summaryRow}>
          <dt className={styles.summaryKey}>{row.label}</dt>
          <dd className={styles.summaryValue}>
            <AnswerValue value={row.value} file={row.file} />
          </dd>
          <dd className={styles.summaryActions}>
            <FlowLink to={{ page: 'step', stepId: row.stepId, focus: row.path, from: 'check' }}>
              {t('form.flow.change')} <span className={visuallyHidden}>{lowerFirst(row.label)}</span>
            </FlowLink>
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface CheckAnswersPageProps {
  form: CompiledForm;
  answers: Answers;
  onSubmit: (answers: Answers) => void | Promise<void>;
}

/**
 * GOV.UK check answers: every section's answers (engine answersView, so the same labels and
 * formats as the hiring side), a Change link per answer that opens its step with the question
 * focused, repeatable items as sub-groups, and Submit application, which validates the whole
 * application first; any problem shows in the error summary with links back to the steps.
 */
export function CheckAnswersPage({ form, answers, onSubmit }: CheckAnswersPageProps) {
  const { t } = useTranslation();
  const { navigate, hrefFor } = useContext(NavigationContext);
  const [problems, setProblems] = useState<FieldError[]>();
  const [attempt, setAttempt] = useState(0);
  const sections = useAnswerSections(form, answers);
  const { checks } = useFormValidators(form);
  const stepOfField = (path: string) => {
    const top = path.split('.')[0] ?? '';
    return form.steps.find((step) => step.fieldIds.includes(top))?.id ?? form.steps[0]?.id ?? '';
  };
  const submit = useClickLock(() => {
    const result = validateApplication(form, answers, checks);
    if (!result.valid) {
      setProblems(result.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setProblems(undefined);
    void onSubmit(result.answers);
  });
  return (
    <>
      <FlowLink to={{ page: 'tasks' }} className={styles.backLink}>
        {t('form.flow.back')}
      </FlowLink>
      {problems?.length ? (
        <ErrorSummary
          focusKey={attempt}
          items={problems.map((problem) => {
            const to = {
              page: 'step',
              stepId: stepOfField(problem.field),
              focus: problem.field,
              from: 'check',
            } as const;
            return { text: problem.message, href: hrefFor?.(to), onSelect: () => navigate(to) };
          })}
        />
      ) : null}
      <h1 id={FLOW_HEADING_ID} className={styles.heading} tabIndex={-1}>
        {t('form.flow.checkTitle')}
      </h1>
      <AnswerSections sections={sections} list={(rows) => <SummaryList rows={rows} />} />
      <h2>{t('form.flow.submitTitle')}</h2>
      <p>{t('form.flow.submitBody')}</p>
      <Button onClick={submit}>{t('form.flow.submit')}</Button>
    </>
  );
}
