import { describe, expect, it, vi } from 'vitest';
import { StrictMode, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { BUTTON_CLICK_LOCK_MS } from '#engine/constants';
import type { Answers } from '#engine/forms/answers';
import { Button } from '#client/ui/button/button';
import { useClickLock } from '#client/ui/button/use-click-lock';
import { StepForm } from '#client/engine-ui/step-form';
import { acmeForm, stepOf } from './support';

function Counter({ onClick }: { onClick: () => void }) {
  const locked = useClickLock(onClick);
  return <Button onClick={locked}>Save</Button>;
}

describe('useClickLock (spec §5: buttons ignore clicks for 1 s after a click)', () => {
  it('accepts the first click and ignores the next ones for 1 s', () => {
    vi.useFakeTimers();
    const onClick = vi.fn();
    render(<Counter onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(BUTTON_CLICK_LOCK_MS - 1));
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
    expect(button.hasAttribute('disabled')).toBe(false);
  });

  it('guards Add another and Remove too', () => {
    vi.useFakeTimers();
    const form = acmeForm();
    render(<StepForm form={form} step={stepOf(form, 'education')} onContinue={vi.fn()} />);
    const add = screen.getByRole('button', { name: 'Add another university' });
    fireEvent.click(add);
    fireEvent.click(screen.getByRole('button', { name: 'Add another university' }));
    expect(screen.getAllByRole('group', { name: /^University \d$/ }).length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove university 2' }));
    expect(screen.getAllByRole('group', { name: /^University \d$/ }).length).toBe(1);
  });
});

describe('StepForm with a host that keeps every change', () => {
  it('reports changes without warnings, in StrictMode', () => {
    const errors = vi.spyOn(console, 'error');
    const form = acmeForm();
    const step = stepOf(form, 'education');
    const seen: Answers[] = [];
    function Host() {
      const [answers, setAnswers] = useState<Answers>({});
      return (
        <StepForm
          form={form}
          step={step}
          answers={answers}
          onContinue={vi.fn()}
          onChange={(next) => {
            seen.push(next);
            setAnswers(next);
          }}
        />
      );
    }
    render(
      <StrictMode>
        <Host />
      </StrictMode>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: /^Secondary school/ }), { target: { value: 'Camden' } });
    expect(seen.at(-1)).toMatchObject({ secondarySchool: 'Camden', universities: [{}] });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
