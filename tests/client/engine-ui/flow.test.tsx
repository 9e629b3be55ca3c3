import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Answers } from '#engine/forms/answers';
import { ApplicationFlow, type ApplicationFlowProps } from '#client/engine-ui/flow/application-flow';
import type { FlowView } from '#client/engine-ui/flow/navigation';
import { mergeStepAnswers } from '#client/engine-ui/validation';
import { acmeForm, completeAcme, stepOf } from './support';

const form = acmeForm();

/** A host that keeps answers and completed steps as a real page would. */
function Host({
  initial = {},
  done = [],
  ...props
}: Partial<ApplicationFlowProps> & { initial?: Answers; done?: string[] }) {
  const [answers, setAnswers] = useState<Answers>(initial);
  const [completed, setCompleted] = useState<string[]>(done);
  return (
    <ApplicationFlow
      form={form}
      answers={answers}
      completedSteps={completed}
      onSaveStep={(stepId, stepAnswers) => {
        setAnswers((all) => mergeStepAnswers(stepOf(form, stepId), all, stepAnswers));
        setCompleted((list) => (list.includes(stepId) ? list : [...list, stepId]));
      }}
      onSubmit={vi.fn()}
      {...props}
    />
  );
}

const tasks = () => screen.getByRole('list', { name: 'Sections of your application' });
const statusOf = (title: string) => {
  const link = within(tasks()).getByRole('link', { name: title });
  return document.getElementById(link.getAttribute('aria-describedby')!)!.textContent;
};

describe('ApplicationFlow: task list', () => {
  it('lists every step with its status, which changes as steps are completed', () => {
    render(<Host initial={{ firstName: 'Ada' }} done={['documents']} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your application' })).toBeTruthy();
    expect(
      within(tasks())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(form.steps.map((s) => s.title));
    expect(statusOf('About you')).toBe('In progress');
    expect(statusOf('Education')).toBe('Not started');
    expect(statusOf('Documents')).toBe('There is a problem');
    expect(screen.getByText('You have completed 0 of 6 sections.')).toBeTruthy();

    fireEvent.click(within(tasks()).getByRole('link', { name: 'Declaration' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Declaration' })).toBe(document.activeElement);
    fireEvent.click(screen.getByLabelText('I accept the terms and conditions and the privacy policy'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // The last step continues to check answers; Back returns to the task list.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Check your answers before submitting your application' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(statusOf('Declaration')).toBe('Completed');
    expect(screen.getByText('You have completed 1 of 6 sections.')).toBeTruthy();
  });

  it('continues from a step to the next one', () => {
    render(<Host initial={completeAcme} />);
    fireEvent.click(within(tasks()).getByRole('link', { name: 'About you' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Education' })).toBe(document.activeElement);
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(statusOf('About you')).toBe('Completed');
  });

  it('says on each step which section of how many it is, and links back to all the sections', () => {
    render(<Host initial={completeAcme} />);
    fireEvent.click(within(tasks()).getByRole('link', { name: 'Education' }));
    const total = form.steps.length;
    const index = form.steps.findIndex((s) => s.id === 'education') + 1;
    expect(screen.getByText(`Section ${index} of ${total}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(`Section ${index + 1} of ${total}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'All sections of your application' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Your application' })).toBe(document.activeElement);
  });

  it('can be driven from outside (the host owns the view)', () => {
    const onViewChange = vi.fn();
    const hrefFor = (view: FlowView) =>
      view.page === 'step' ? `/application/${view.stepId}` : `/application/${view.page}`;
    render(<Host view={{ page: 'tasks' }} onViewChange={onViewChange} hrefFor={hrefFor} />);
    const link = within(tasks()).getByRole('link', { name: 'Education' });
    expect(link.getAttribute('href')).toBe('/application/education');
    fireEvent.click(link);
    expect(onViewChange).toHaveBeenCalledWith({ page: 'step', stepId: 'education' });
    // Controlled: the page changes only when the host passes the new view.
    expect(screen.getByRole('heading', { level: 1, name: 'Your application' })).toBeTruthy();
  });
});

describe('ApplicationFlow: check answers', () => {
  it('shows formatted answers per section, items as sub-groups, and Change links to the question', () => {
    render(<Host initial={completeAcme} view={undefined} />);
    fireEvent.click(screen.getByRole('link', { name: 'Check your answers and submit' }));
    const rowOf = (label: string) => screen.getAllByText(label, { selector: 'dt' })[0]!.parentElement!;
    expect(within(rowOf('First name')).getByText('Ada')).toBeTruthy();
    expect(within(rowOf('Ethnic background')).getByText('Any other White background (Polish)')).toBeTruthy();
    expect(within(rowOf('Average mark (%)')).getByText('72.5%')).toBeTruthy();
    expect(within(rowOf('CV')).getByText('ada-cv.pdf')).toBeTruthy();
    expect(within(rowOf('Cover letter')).getByText('Not answered')).toBeTruthy();
    expect(within(rowOf('I accept the terms and conditions and the privacy policy')).getByText('Yes')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'University education' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'University 1' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Change degree classification' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Education' })).toBeTruthy();
    expect(document.activeElement?.id).toBe('field_universities_0_degreeClass');
    // Editing from check answers returns there.
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Check your answers before submitting your application' }),
    ).toBeTruthy();
  });

  it('submits a valid application, and links each problem of an invalid one back to its step', () => {
    const onSubmit = vi.fn();
    const { unmount } = render(<Host initial={completeAcme} onSubmit={onSubmit} view={{ page: 'check' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(onSubmit).toHaveBeenCalledWith(JSON.parse(JSON.stringify(completeAcme)));
    unmount();

    const { firstName: _drop, ...missing } = completeAcme;
    render(<Host initial={{ ...missing, veteran: 'Robot' }} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('link', { name: 'Check your answers and submit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const alert = screen.getByRole('alert', { name: 'There is a problem' });
    expect(alert.closest('[data-error-summary]')).toBe(document.activeElement);
    expect(
      within(alert)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Enter first name', 'Select whether you have served in the armed forces from the list']);
    fireEvent.click(within(alert).getByRole('link', { name: 'Enter first name' }));
    expect(screen.getByRole('heading', { level: 1, name: 'About you' })).toBeTruthy();
    expect(document.activeElement?.id).toBe('field_firstName');
  });
});
