import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { ApplicationFlow } from '#client/engine-ui/flow/application-flow';
import { StepForm } from '#client/engine-ui/step-form';
import { acmeForm, completeAcme, stepOf } from './support';

const form = acmeForm();

/** Serious and critical axe violations (colour contrast needs a layout engine: checked in Chromium). */
async function seriousViolations(root: Element): Promise<string[]> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe)', () => {
  for (const step of form.steps) {
    it(`step ${step.id}, before and after a failed Continue`, async () => {
      const { container } = render(
        <main>
          <StepForm form={form} step={stepOf(form, step.id)} onContinue={vi.fn()} />
        </main>,
      );
      expect(await seriousViolations(container)).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await seriousViolations(container)).toEqual([]);
    });
  }

  it('task list and check answers, with errors', async () => {
    const { firstName: _drop, ...answers } = completeAcme;
    const { container } = render(
      <main>
        <ApplicationFlow
          form={form}
          answers={answers}
          completedSteps={['aboutYou']}
          onSaveStep={vi.fn()}
          onSubmit={vi.fn()}
        />
      </main>,
    );
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('link', { name: 'Check your answers and submit' }));
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('every control has an accessible name', () => {
    for (const step of form.steps) {
      const { container, unmount } = render(<StepForm form={form} step={step} onContinue={vi.fn()} />);
      for (const control of container.querySelectorAll('input, select, textarea, button')) {
        const role = control.getAttribute('role') ?? undefined;
        expect(control.id || control.textContent, role).toBeTruthy();
        const labelled =
          control.textContent?.trim() ||
          control.getAttribute('aria-label') ||
          (control.id && container.querySelector(`label[for="${control.id}"]`)) ||
          control.closest('label');
        expect(labelled, `${step.id}: ${control.outerHTML}`).toBeTruthy();
      }
      unmount();
    }
  });
});
