import { own } from '../rules/own';
import { stepFields, type Answers } from './answers';
import type { CompiledForm, CompiledStep } from './types';
import type { SchemaChecks } from '../validation/ajv';
import { validateStep } from './validate';

/** Task-list statuses of a multi-step application (GOV.UK task list pattern). */
export type StepStatus = 'notStarted' | 'inProgress' | 'completed' | 'problem';

function hasAnswer(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * A step is not started while none of its fields has an answer; completed once it validates and
 * the candidate has continued past it; a problem when it was continued past but no longer
 * validates (e.g. after configuration changed); otherwise in progress.
 */
function stepStatus(
  form: CompiledForm,
  step: CompiledStep,
  answers: Answers,
  continuedPast: boolean,
  checks: SchemaChecks,
): StepStatus {
  const answered = stepFields(step).some((f) => hasAnswer(own(answers, f.id)));
  const valid = validateStep(form, step.id, answers, checks).valid;
  if (continuedPast) return valid ? 'completed' : 'problem';
  if (!answered) return 'notStarted';
  return 'inProgress';
}

/** Statuses of every step, given the ids of the steps the candidate has continued past. */
export function stepStatuses(
  form: CompiledForm,
  answers: Answers,
  completedSteps: readonly string[],
  checks: SchemaChecks,
): Record<string, StepStatus> {
  return Object.fromEntries(
    form.steps.map((step) => [step.id, stepStatus(form, step, answers, completedSteps.includes(step.id), checks)]),
  );
}

/** How many of the form's sections are done (status completed), of how many: the task list and /applications. */
export function sectionProgress(
  form: CompiledForm,
  answers: Answers,
  completedSteps: readonly string[],
  checks: SchemaChecks,
): { completed: number; total: number } {
  const statuses = Object.values(stepStatuses(form, answers, completedSteps, checks));
  return { completed: statuses.filter((status) => status === 'completed').length, total: form.steps.length };
}
