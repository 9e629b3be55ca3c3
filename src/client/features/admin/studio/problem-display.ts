import type { ConfigurationProblem } from '#engine';
import { focusField, type ErrorSummaryItem } from '#client/ui/form/error-summary';
import { controlId, problemsByTarget, problemTarget } from './studio-model';

const JSON_VIEWS = new Set(['/defaultConfiguration', '/formConfiguration']);

/** The message shown at a control: its problems' messages (at a JSON view, each with its pointer). */
export function errorsAt(
  problems: readonly ConfigurationProblem[],
  controls: ReadonlySet<string>,
): (pointer: string) => string | undefined {
  const byTarget = problemsByTarget(problems, controls);
  return (pointer) =>
    byTarget
      .get(pointer)
      ?.map((p) => (JSON_VIEWS.has(pointer) ? `${p.path}: ${p.message}` : p.message))
      .join('. ');
}

/**
 * The error summary's items: each problem with its pointer, linking to its control; the link first shows the control
 * (`reveal`: its tab), then opens the folded steps and sections around it and moves focus to it.
 */
export function summaryOf(
  problems: readonly ConfigurationProblem[],
  controls: ReadonlySet<string>,
  reveal: (problem: ConfigurationProblem) => void = () => undefined,
): ErrorSummaryItem[] {
  return problems.map((problem) => {
    const id = controlId(problemTarget(problem.path, controls));
    return {
      text: `${problem.message} (${problem.path})`,
      targetId: id,
      onSelect: () => {
        reveal(problem);
        requestAnimationFrame(() => {
          let parent = document.getElementById(id)?.parentElement;
          for (; parent; parent = parent.parentElement) if (parent instanceof HTMLDetailsElement) parent.open = true;
          focusField(id);
        });
      },
    };
  });
}
