import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Answers, CompiledForm } from '#engine';
import type { EngineServices } from '../context';
import { ID_PREFIX } from '../ids';
import { StepForm } from '../step-form';
import { CheckAnswersPage } from './check-answers';
import { FlowLink, NavigationContext, type FlowNavigation, type FlowView } from './navigation';
import { FLOW_HEADING_ID, TaskListPage } from './task-list';
import * as styles from './flow.css';

export interface ApplicationFlowProps {
  form: CompiledForm;
  /** The whole application's answers (the host merges each saved step in: see mergeStepAnswers). */
  answers: Answers;
  /** Steps the candidate has continued past (the host adds a step once onSaveStep succeeds). */
  completedSteps: readonly string[];
  /** Continue on a valid step: save its answers (hidden answers pruned). The flow moves on once it resolves. */
  onSaveStep: (stepId: string, answers: Answers) => void | Promise<void>;
  /** Submit application, once the whole application validates (engine validateApplication). */
  onSubmit: (answers: Answers) => void | Promise<void>;
  /** The page shown, when the host owns it (e.g. in the route); otherwise the flow keeps its own. */
  view?: FlowView;
  /** Every navigation inside the flow (task list link, Continue, Back, Change, error links). */
  onViewChange?: (view: FlowView) => void;
  /** Real addresses for the flow's links, when the host puts the view in the URL. */
  hrefFor?: (view: FlowView) => string;
  /** Server look-ups and uploads for the steps' questions. */
  formContext?: EngineServices;
  /** Heading of the task list page ("Your application" by default). */
  title?: string;
}

function StepPage({
  form,
  answers,
  view,
  formContext,
  onSaveStep,
  navigate,
}: {
  form: CompiledForm;
  answers: Answers;
  view: Extract<FlowView, { page: 'step' }>;
  formContext?: EngineServices;
  onSaveStep: ApplicationFlowProps['onSaveStep'];
  navigate: (view: FlowView) => void;
}) {
  const { t } = useTranslation();
  const index = form.steps.findIndex((s) => s.id === view.stepId);
  const step = form.steps[index];
  const saving = useRef(false);
  if (!step) return null;
  const back: FlowView = view.from === 'check' ? { page: 'check' } : { page: 'tasks' };
  const next = form.steps[index + 1];
  const onContinue = (stepAnswers: Answers) => {
    if (saving.current) return;
    const moveOn = () => {
      saving.current = false;
      navigate(view.from === 'check' || !next ? { page: 'check' } : { page: 'step', stepId: next.id });
    };
    // The host reports a failed save (a toast); the candidate stays on the step to try again.
    const stay = () => {
      saving.current = false;
    };
    saving.current = true;
    let saved: void | Promise<void>;
    try {
      saved = onSaveStep(step.id, stepAnswers);
    } catch {
      stay();
      return;
    }
    // A synchronous save moves on at once; an asynchronous one once it resolves.
    if (saved instanceof Promise) saved.then(moveOn, stay);
    else moveOn();
  };
  return (
    <>
      <FlowLink to={back} className={styles.backLink}>
        {t('form.flow.back')}
      </FlowLink>
      <p className={styles.stepPosition}>
        <span>{t('form.flow.sectionOf', { number: index + 1, total: form.steps.length })}</span>
        <FlowLink to={{ page: 'tasks' }}>{t('form.flow.allSections')}</FlowLink>
      </p>
      <StepForm
        form={form}
        step={step}
        answers={answers}
        onContinue={onContinue}
        formContext={formContext}
        focusField={view.focus}
      />
    </>
  );
}

/**
 * A whole multi-step application: the task list, one page per step (Back link, Continue saves
 * the step and moves to the next, or back to check answers when editing from there) and check
 * answers with Submit application. The page shown is a controlled `view` / `onViewChange` pair
 * (the host can keep it in the route), or the flow's own state when no `view` is given.
 */
export function ApplicationFlow({
  form,
  answers,
  completedSteps,
  onSaveStep,
  onSubmit,
  view,
  onViewChange,
  hrefFor,
  formContext,
  title,
}: ApplicationFlowProps) {
  const [ownView, setOwnView] = useState<FlowView>({ page: 'tasks' });
  const [moves, setMoves] = useState(0);
  const current = view ?? ownView;
  const controlled = view !== undefined;
  const changeView = useRef(onViewChange);
  useEffect(() => {
    changeView.current = onViewChange;
  });

  const navigate = useCallback(
    (next: FlowView) => {
      if (!controlled) setOwnView(next);
      setMoves((n) => n + 1);
      changeView.current?.(next);
    },
    [controlled],
  );
  const navigation = useMemo<FlowNavigation>(() => ({ navigate, hrefFor }), [navigate, hrefFor]);

  // After a move inside the flow, focus goes to the new page's heading (or to the question a
  // Change or error link points at, which the step form focuses itself).
  const focusTarget = current.page === 'step' ? (current.focus ? undefined : `${ID_PREFIX}-heading`) : FLOW_HEADING_ID;
  useEffect(() => {
    if (moves === 0 || !focusTarget) return;
    document.getElementById(focusTarget)?.focus();
  }, [moves, focusTarget]);

  let page;
  if (current.page === 'step') {
    page = (
      <StepPage
        form={form}
        answers={answers}
        view={current}
        formContext={formContext}
        onSaveStep={onSaveStep}
        navigate={navigate}
      />
    );
  } else if (current.page === 'check') {
    page = <CheckAnswersPage form={form} answers={answers} onSubmit={onSubmit} />;
  } else {
    page = <TaskListPage form={form} answers={answers} completedSteps={completedSteps} title={title} />;
  }
  return <NavigationContext.Provider value={navigation}>{page}</NavigationContext.Provider>;
}
