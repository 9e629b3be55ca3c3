import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { StepForm } from '#client/engine-ui/step-form';
import { acmeForm, completeAcme, stepOf } from './support';

/*
 * Long lists (nationality: 249 countries; years) are ARIA 1.2 comboboxes with a listbox: typing
 * filters the options, the arrow keys move through them, Enter chooses, Escape closes, and the
 * answer is the option itself (a year stays a number). Short lists stay drop-downs.
 */

const form = acmeForm();

function renderStep(stepId: string) {
  const onContinue = vi.fn();
  render(<StepForm form={form} step={stepOf(form, stepId)} answers={completeAcme} onContinue={onContinue} />);
  return onContinue;
}

const key = (target: Element, name: string, init: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(target, { key: name, ...init });
const typeIn = (target: Element, value: string) => fireEvent.change(target, { target: { value } });
const listOf = (box: HTMLElement) => document.getElementById(box.getAttribute('aria-controls')!)!;
const active = (box: HTMLElement) => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');

describe('long lists as comboboxes', () => {
  it('asks the nationality with a filtering combobox, chosen with the keyboard', () => {
    const onContinue = renderStep('aboutYou');
    const box = screen.getByRole('combobox', { name: 'Nationality' });
    expect(screen.queryByRole('option', { name: 'United Kingdom' })).toBeNull();
    expect((box as HTMLInputElement).value).toBe('United Kingdom');

    typeIn(box, 'ire');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const names = within(listOf(box))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toContain('Ireland');
    expect(names.every((name) => name!.toLowerCase().includes('ire'))).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(`${names.length} suggestions available`);

    key(box, 'ArrowDown');
    expect(active(box)?.textContent).toBe(names[0]);
    while (active(box)?.textContent !== 'Ireland') key(box, 'ArrowDown');
    expect(active(box)?.getAttribute('aria-selected')).toBe('true');
    key(box, 'Enter');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('Ireland');

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledWith(expect.objectContaining({ nationality: 'Ireland' }));
  });

  it('opens the whole list with Alt+Down, closes it with Escape, and takes an option typed in full', () => {
    const onContinue = renderStep('aboutYou');
    const box = screen.getByRole('combobox', { name: 'Nationality' });
    key(box, 'ArrowDown', { altKey: true });
    expect(within(listOf(box)).getAllByRole('option').length).toBe(249);
    expect(active(box)).toBeNull();
    key(box, 'Escape');
    expect(box.getAttribute('aria-expanded')).toBe('false');

    typeIn(box, 'france');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenLastCalledWith(expect.objectContaining({ nationality: 'France' }));
  });

  it('leaves the question unanswered for text that names no option', () => {
    const onContinue = renderStep('aboutYou');
    const box = screen.getByRole('combobox', { name: 'Nationality' });
    typeIn(box, 'Atlantis');
    expect(screen.getByRole('status').textContent).toBe('No suggestions');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('alert'))
        .getByRole('link', { name: /nationality/i })
        .getAttribute('href'),
    ).toBe(`#${box.id}`);
  });

  it('asks years from a long list with a combobox whose answer stays a number, and keeps short lists as drop-downs', () => {
    const onContinue = renderStep('education');
    const year = screen.getByRole('combobox', { name: 'Year you finished secondary school' });
    typeIn(year, '2018');
    const option = within(listOf(year)).getByRole('option', { name: '2018' });
    fireEvent.click(option);
    expect((year as HTMLInputElement).value).toBe('2018');
    expect(screen.getByLabelText('Type of school').tagName).toBe('SELECT');

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledWith(expect.objectContaining({ secondarySchoolCompletedYear: 2018 }));
  });
});
