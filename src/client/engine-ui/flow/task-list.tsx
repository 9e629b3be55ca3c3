import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Answers, sectionProgress, stepStatuses, type StepStatus, type CompiledForm } from '#engine';
import { useFormValidators } from '../validation';
import { FlowLink } from './navigation';
import * as styles from './flow.css';

export const FLOW_HEADING_ID = 'flow-heading';

function StatusTag({ status, id }: { status: StepStatus; id: string }) {
  const { t } = useTranslation();
  const text = t(`form.flow.status.${status}`);
  return (
    <div id={id} className={styles.taskStatus}>
      {status === 'completed' ? text : <strong className={styles.tags[status]}>{text}</strong>}
    </div>
  );
}

interface TaskListPageProps {
  form: CompiledForm;
  answers: Answers;
  completedSteps: readonly string[];
  title?: string;
}

/**
 * The GOV.UK task list of a multi-step application: each step's title links to it, and its status
 * (the engine's stepStatuses: Not started, In progress, Completed, There is a problem) is read out
 * with the link (aria-describedby).
 */
export function TaskListPage({ form, answers, completedSteps, title }: TaskListPageProps) {
  const { t } = useTranslation();
  const { checks } = useFormValidators(form);
  const statuses = useMemo(
    () => stepStatuses(form, answers, completedSteps, checks),
    [form, answers, completedSteps, checks],
  );
  const { completed, total } = useMemo(
    () => sectionProgress(form, answers, completedSteps, checks),
    [form, answers, completedSteps, checks],
  );
  return (
    <>
      <h1 id={FLOW_HEADING_ID} className={styles.heading} tabIndex={-1}>
        {title ?? t('form.flow.title')}
      </h1>
      <h2 className={styles.progressHeading}>
        {completed === total ? t('form.flow.complete') : t('form.flow.incomplete')}
      </h2>
      <p>{t('form.flow.progress', { completed, total })}</p>
      <ul className={styles.taskList} aria-label={t('form.flow.tasksLabel')}>
        {form.steps.map((step) => {
          const statusId = `task-${step.id}-status`;
          return (
            <li key={step.id} className={styles.taskItem} data-step={step.id}>
              <FlowLink to={{ page: 'step', stepId: step.id }} className={styles.taskLink} aria-describedby={statusId}>
                {step.title}
              </FlowLink>
              <StatusTag status={statuses[step.id] ?? 'notStarted'} id={statusId} />
            </li>
          );
        })}
      </ul>
      <FlowLink to={{ page: 'check' }} className={styles.buttonLink}>
        {t('form.flow.checkAnswersLink')}
      </FlowLink>
    </>
  );
}
