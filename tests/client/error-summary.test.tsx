import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ErrorSummary } from '#client/ui/form/error-summary';
import { renderWithStore } from './support';

describe('error summary', () => {
  it('shows each item as text, links to its field or runs its action, and takes focus (decision 0090)', () => {
    const onSelect = vi.fn();
    renderWithStore(
      <>
        <ErrorSummary
          focusKey={1}
          items={[
            { text: 'Enter <b>your</b> name & "nickname"', targetId: 'name"x' },
            { text: 'Go back to education', onSelect },
            { text: 'Not a link <img src=x>' },
          ]}
        />
        <input id={'name"x'} aria-label="Name" />
      </>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.closest('[data-error-summary]')).toBe(document.activeElement);
    const links = within(alert).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Enter <b>your</b> name & "nickname"', 'Go back to education']);
    expect(alert.querySelector('b, img')).toBeNull();
    expect(within(alert).getByText('Not a link <img src=x>').tagName).toBe('SPAN');
    fireEvent.click(links[0]!);
    expect(document.activeElement?.id).toBe('name"x');
    fireEvent.click(links[1]!);
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});
