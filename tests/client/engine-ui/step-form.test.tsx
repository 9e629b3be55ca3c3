import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TYPING_PAUSE_MS } from '#client/engine-ui/context';
import { StepForm } from '#client/engine-ui/step-form';
import { acmeForm, descriptionOf, stepOf } from './support';

const form = acmeForm();

function renderStep(stepId: string, props: Partial<Parameters<typeof StepForm>[0]> = {}, compiled = form) {
  const onContinue = vi.fn();
  const onChange = vi.fn();
  const view = render(
    <StepForm form={compiled} step={stepOf(compiled, stepId)} onContinue={onContinue} onChange={onChange} {...props} />,
  );
  return { ...view, onContinue, onChange };
}

const cont = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillAboutYou() {
  type(/^First name/, 'Ada');
  type(/^Last name/, 'Lovelace');
  type(/^Email address/, 'ada@example.com');
  type(/^UK mobile number/, '07700 900982');
  type(/^Nationality/, 'United Kingdom');
  fireEvent.click(screen.getByLabelText('British or Irish citizen'));
}

describe('StepForm: questions', () => {
  it('asks each question with a label, marks only optional ones "(optional)", and groups choices in a fieldset', () => {
    renderStep('aboutYou');
    expect(screen.getByRole('heading', { level: 1, name: 'About you' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Personal information' })).toBeTruthy();
    expect(screen.getByLabelText('First name')).toBeTruthy();
    expect(screen.getByLabelText('Preferred name (optional)')).toBeTruthy();
    expect(screen.getByLabelText('Home postcode (optional)')).toBeTruthy();
    const optional = screen.getAllByText(/\(optional\)/);
    const expected = stepOf(form, 'aboutYou')
      .sections.flatMap((s) => s.fields)
      .filter((f) => !f.required && !f.showIf)
      .map((f) => f.label);
    expect(optional.map((el) => el.textContent)).toEqual(expected.map((label) => `${label} (optional)`));
    expect(document.body.textContent).not.toContain('*');
    const permit = screen.getByRole('group', { name: 'Right to work in the UK' });
    expect(within(permit).getAllByRole('radio').length).toBe(8);
    // The hint is wired to the input (and its error message, empty while it has none).
    const email = screen.getByLabelText('Email address');
    expect(descriptionOf(email)).toBe('We will use this to contact you about your application');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('First name').getAttribute('autocomplete')).toBe('given-name');
    expect(screen.getByLabelText('UK mobile number').getAttribute('type')).toBe('tel');
  });

  it('validates on Continue only: the error summary takes focus and each link moves focus to its question', () => {
    const { onContinue } = renderStep('aboutYou');
    type(/^First name/, '');
    expect(screen.queryByRole('alert')).toBeNull();
    cont();
    expect(onContinue).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert', { name: 'There is a problem' });
    expect(alert.closest('[data-error-summary]')).toBe(document.activeElement);
    const links = within(alert).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Enter first name',
      'Enter last name',
      'Enter email address',
      'Enter UK mobile number',
      'Select nationality',
      'Select your right to work in the UK',
    ]);
    for (const link of links) {
      fireEvent.click(link);
      const target = link.getAttribute('href')!.slice(1);
      expect(document.activeElement?.id).toBe(target);
    }
    // Inline: the message with a hidden "Error:" prefix, described by the input.
    const first = screen.getByLabelText('First name');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(first)).toBe('Error: Enter first name');
    // Typing does not re-validate; the summary stays until the next Continue.
    type(/^First name/, 'Ada');
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('takes each error away on the next Continue once its question is answered, and keeps the others', () => {
    vi.useFakeTimers();
    renderStep('aboutYou');
    cont();
    const first = screen.getByLabelText('First name');
    const last = screen.getByLabelText('Last name');
    expect(descriptionOf(last)).toBe('Error: Enter last name');
    type(/^First name/, 'Ada');
    act(() => vi.advanceTimersByTime(1000)); // past the click lock
    cont();
    expect(first.getAttribute('aria-invalid')).toBeNull();
    expect(descriptionOf(first)).toBe('');
    expect(last.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(last)).toBe('Error: Enter last name');
    const links = within(screen.getByRole('alert')).getAllByRole('link');
    expect(links.map((a) => a.textContent)).not.toContain('Enter first name');
    expect(screen.getByRole('alert').closest('[data-error-summary]')).toBe(document.activeElement);
  });

  it('marks every box of a date question while it has an error, and none once it is right', () => {
    const withDate = acmeForm({
      custom: [{ id: 'startDate', type: 'date', label: 'When could you start?', name: 'your start date' }],
    });
    vi.useFakeTimers();
    renderStep('questions', {}, withDate);
    const group = screen.getByRole('group', { name: 'When could you start?' });
    const boxes = ['Day', 'Month', 'Year'].map((box) => within(group).getByLabelText(box));
    fireEvent.change(boxes[0]!, { target: { value: '31' } });
    fireEvent.change(boxes[1]!, { target: { value: '2' } });
    fireEvent.change(boxes[2]!, { target: { value: '2027' } });
    cont();
    expect(boxes.map((box) => box.getAttribute('aria-invalid'))).toEqual(['true', 'true', 'true']);
    expect(descriptionOf(group)).toContain('Error: Your start date must be a real date');
    fireEvent.change(boxes[0]!, { target: { value: '28' } });
    act(() => vi.advanceTimersByTime(1000)); // past the click lock
    cont();
    expect(boxes.map((box) => box.getAttribute('aria-invalid'))).toEqual([null, null, null]);
    expect(descriptionOf(group)).not.toContain('Error:');
  });

  it('shows a conditional question only while its condition holds, and prunes its answer when hidden', () => {
    const { onContinue } = renderStep('aboutYou');
    expect(screen.queryByLabelText('Describe your right to work')).toBeNull();
    fillAboutYou();
    fireEvent.click(screen.getByLabelText('Other'));
    type('Describe your right to work', 'Refugee status');
    fireEvent.click(screen.getByLabelText('Graduate visa'));
    expect(screen.queryByLabelText('Describe your right to work')).toBeNull();
    cont();
    expect(onContinue).toHaveBeenCalledTimes(1);
    const answers = onContinue.mock.calls[0]![0] as Record<string, unknown>;
    expect(answers).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      mobile: '07700 900982',
      nationality: 'United Kingdom',
      permitType: 'Graduate visa',
    });
  });

  it('requires the conditional question while it is shown', () => {
    const { onContinue } = renderStep('aboutYou');
    fillAboutYou();
    fireEvent.click(screen.getByLabelText('Other'));
    cont();
    expect(onContinue).not.toHaveBeenCalled();
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Describe your right to work' })).toBeTruthy();
  });

  it('clears a yes/no answer when the selected option is chosen again', () => {
    const { onChange } = renderStep('declaration');
    const group = screen.getByRole('group', { name: 'May we contact you about other opportunities? (optional)' });
    const yes = within(group).getByRole('radio', { name: 'Yes' }) as HTMLInputElement;
    const no = within(group).getByRole('radio', { name: 'No' }) as HTMLInputElement;
    fireEvent.click(yes);
    expect(yes.checked).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ acceptRare: true }));
    fireEvent.click(no);
    expect(no.checked).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ acceptRare: false }));
    fireEvent.click(no);
    expect(no.checked).toBe(false);
    expect(yes.checked).toBe(false);
    expect(onChange.mock.calls.at(-1)![0]).not.toHaveProperty('acceptRare');
  });

  it('adds and removes items of a repeatable group, never below its minimum', () => {
    renderStep('education');
    const group = screen.getByRole('group', { name: 'Universities' });
    expect(within(group).getByRole('group', { name: 'University 1' })).toBeTruthy();
    expect(within(group).queryByRole('button', { name: /^Remove/ })).toBeNull();
    fireEvent.click(within(group).getByRole('button', { name: 'Add another university' }));
    const second = within(group).getByRole('group', { name: 'University 2' });
    expect(second.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.id).toBe('field_universities_1_universityType');
    expect(within(group).getByRole('button', { name: 'Remove university 1' })).toBeTruthy();
    fireEvent.change(within(second).getByRole('combobox', { name: 'University' }), { target: { value: 'Leeds' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Remove university 2' }));
    expect(within(group).queryByRole('group', { name: 'University 2' })).toBeNull();
    expect(within(group).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(document.activeElement).toBe(within(group).getByRole('group', { name: 'University 1' }));
  });

  it('stops offering Add another at the maximum', () => {
    vi.useFakeTimers();
    renderStep('education');
    const group = screen.getByRole('group', { name: 'Universities' });
    for (let i = 2; i <= 5; i += 1) {
      fireEvent.click(within(group).getByRole('button', { name: 'Add another university' }));
      act(() => vi.advanceTimersByTime(1000));
    }
    expect(within(group).getAllByRole('group', { name: /^University \d$/ }).length).toBe(5);
    expect(within(group).queryByRole('button', { name: 'Add another university' })).toBeNull();
  });

  it('counts down the words left of a limited answer', () => {
    renderStep('questions');
    const box = screen.getByLabelText('Why do you want to join Acme Consulting?');
    const message = () => box.parentElement!.querySelector('[aria-hidden="true"]')!.textContent;
    expect(message()).toBe('You have 250 words remaining');
    fireEvent.change(box, { target: { value: 'I like solving problems.' } });
    expect(message()).toBe('You have 246 words remaining');
    fireEvent.change(box, { target: { value: 'word '.repeat(251) } });
    expect(message()).toBe('You have 1 word too many');
    expect(box.getAttribute('aria-describedby')).toContain('-info');
  });

  it('tells screen readers the words left once typing pauses for a second, not on every key', () => {
    vi.useFakeTimers();
    renderStep('questions');
    const box = screen.getByLabelText('Why do you want to join Acme Consulting?');
    const live = box.parentElement!.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('You have 250 words remaining');
    fireEvent.change(box, { target: { value: 'I like' } });
    act(() => vi.advanceTimersByTime(600));
    fireEvent.change(box, { target: { value: 'I like solving problems.' } });
    act(() => vi.advanceTimersByTime(600));
    expect(live.textContent).toBe('You have 250 words remaining');
    act(() => vi.advanceTimersByTime(400));
    expect(live.textContent).toBe('You have 246 words remaining');
  });

  it('composes a date from Day, Month and Year as YYYY-MM-DD, and leaves impossible dates to validation', () => {
    const withDate = acmeForm({
      custom: [{ id: 'startDate', type: 'date', label: 'When could you start?', name: 'your start date' }],
    });
    const { onChange, onContinue } = renderStep('questions', {}, withDate);
    const group = screen.getByRole('group', { name: 'When could you start?' });
    expect(within(group).getByText('For example, 27 3 2007')).toBeTruthy();
    fireEvent.change(within(group).getByLabelText('Day'), { target: { value: '7' } });
    fireEvent.change(within(group).getByLabelText('Month'), { target: { value: '3' } });
    fireEvent.change(within(group).getByLabelText('Year'), { target: { value: '2027' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ startDate: '2027-03-07' }));
    fireEvent.change(within(group).getByLabelText('Day'), { target: { value: '31' } });
    fireEvent.change(within(group).getByLabelText('Month'), { target: { value: '2' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ startDate: '2027-02-31' }));
    cont();
    expect(onContinue).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('alert'))
        .getByRole('link', { name: 'Your start date must be a real date' })
        .getAttribute('href'),
    ).toBe('#field_startDate');
  });

  it('keeps a number as typed while it is being written, and answers with the number', () => {
    const withNumbers = acmeForm({
      custom: [{ id: 'yearsExperience', type: 'number', label: 'Years of experience', minimum: 0, maximum: 50 }],
    });
    const { onChange, onContinue } = renderStep('questions', {}, withNumbers);
    const years = screen.getByLabelText(/^Years of experience/);
    fireEvent.change(years, { target: { value: '2.' } });
    fireEvent.focusOut(years);
    expect((years as HTMLInputElement).value).toBe('2.');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ yearsExperience: 2 }));
    fireEvent.change(years, { target: { value: '2.50' } });
    fireEvent.focusOut(years);
    expect((years as HTMLInputElement).value).toBe('2.50');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ yearsExperience: 2.5 }));
    fireEvent.change(years, { target: { value: 'two' } });
    cont();
    expect(onContinue).not.toHaveBeenCalled();
    const links = within(screen.getByRole('alert')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toContain('#field_yearsExperience');
    expect(years.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps the answers typed so far when a host re-renders it', () => {
    const step = stepOf(form, 'aboutYou');
    const { rerender } = render(
      <StepForm form={form} step={step} answers={{ firstName: 'Ada' }} onContinue={vi.fn()} />,
    );
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    type(/^Last name/, 'Lovelace');
    rerender(<StepForm form={form} step={step} answers={{ firstName: 'Ada' }} onContinue={vi.fn()} />);
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Lovelace');
  });

  it('ignores a second Continue within 1 s', () => {
    vi.useFakeTimers();
    const { onContinue } = renderStep('declaration');
    fireEvent.click(screen.getByLabelText('I accept the terms and conditions and the privacy policy'));
    cont();
    cont();
    expect(onContinue).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(999));
    cont();
    expect(onContinue).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    cont();
    expect(onContinue).toHaveBeenCalledTimes(2);
    expect(onContinue).toHaveBeenLastCalledWith({ acceptTermAndConditions: true });
  });

  it('offers suggestions in a combobox, chosen with the arrow keys and Enter', async () => {
    const searchList = vi.fn(async (_list: string, term: string) =>
      ['Camden School for Girls', 'Camden Academy'].filter((s) => s.toLowerCase().includes(term.toLowerCase())),
    );
    const { onChange } = renderStep('education', { formContext: { searchList } });
    const box = screen.getByRole('combobox', { name: /^Secondary school/ });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(box, { target: { value: 'Camd' } });
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('true'));
    expect(searchList).toHaveBeenCalledWith('SCHOOL', 'Camd');
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option').length).toBe(2);
    expect(within(box.parentElement!).getByRole('status').textContent).toBe('2 suggestions available');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(within(listbox).getAllByRole('option')[1]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLInputElement).value).toBe('Camden Academy');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ secondarySchool: 'Camden Academy' }));
    // Free text is an answer too.
    fireEvent.change(box, { target: { value: 'A school not in the list' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ secondarySchool: 'A school not in the list' }));
  });
});

describe('StepForm: typing (decision 0094)', () => {
  const answered = (onChange: ReturnType<typeof vi.fn>, id: string) =>
    onChange.mock.calls.some(([answers]) => (answers as Record<string, unknown>)[id] !== undefined);

  it('shows each key in the box at once, and hands the answer on once typing pauses', () => {
    vi.useFakeTimers();
    const { onChange } = renderStep('aboutYou');
    const first = screen.getByLabelText('First name') as HTMLInputElement;
    for (const text of ['A', 'Ad', 'Ada']) {
      fireEvent.change(first, { target: { value: text } });
      expect(first.value).toBe(text);
      act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS - 10));
    }
    expect(answered(onChange, 'firstName')).toBe(false);
    act(() => vi.advanceTimersByTime(10));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ firstName: 'Ada' }));
    expect(first.value).toBe('Ada');
  });

  it('hands the answer on at once when the candidate leaves the box, and Enter in the box sends what was just typed', () => {
    const { onChange, onContinue } = renderStep('aboutYou');
    const about = screen.getByLabelText('First name');
    fireEvent.change(about, { target: { value: 'Ada' } });
    fireEvent.focusOut(about);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ firstName: 'Ada' }));
    fillAboutYou();
    type(/^First name/, 'Grace');
    // Enter in a text box submits its form, with no click and no focus change.
    fireEvent.submit(screen.getByLabelText('First name').closest('form')!);
    expect(onContinue).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Grace', lastName: 'Lovelace' }));
  });

  it('applies a typed answer before a click changes the answers: removing the group item typed in leaves nothing', () => {
    vi.useFakeTimers();
    const { onChange } = renderStep('education');
    const group = screen.getByRole('group', { name: 'Universities' });
    fireEvent.click(within(group).getByRole('button', { name: 'Add another university' }));
    const second = within(group).getByRole('group', { name: 'University 2' });
    const box = second.querySelector<HTMLInputElement>('input[type="text"]:not([role="combobox"])')!;
    fireEvent.change(box, { target: { value: 'typed just before Remove' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Remove university 2' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(within(group).queryByRole('group', { name: 'University 2' })).toBeNull();
    const universities = (onChange.mock.calls.at(-1)![0] as { universities?: unknown[] }).universities ?? [];
    expect(universities.length).toBeLessThanOrEqual(1);
    expect(JSON.stringify(onChange.mock.calls.at(-1)![0])).not.toContain('typed just before Remove');
  });
});

describe('StepForm: files', () => {
  const pick = (input: HTMLElement, file: File) => fireEvent.change(input, { target: { files: [file] } });

  it('keeps a local reference without an upload function, shows the name and removes it', () => {
    const { onChange } = renderStep('documents');
    // The question's form group: its status region sits beside the drop zone.
    const question = screen.getByLabelText('CV').closest('[data-drop-zone]')!.parentElement!;
    pick(screen.getByLabelText('CV'), new File(['%PDF-1.4'], 'ada-cv.pdf', { type: 'application/pdf' }));
    expect(within(question).getByRole('status').textContent).toBe('ada-cv.pdf uploaded');
    const cv = (onChange.mock.calls.at(-1)![0] as { cv: Record<string, unknown> }).cv;
    expect(cv).toMatchObject({ name: 'ada-cv.pdf', size: 8, contentType: 'application/pdf' });
    expect(String(cv.id)).toMatch(/^local-/);
    fireEvent.click(screen.getByRole('button', { name: 'Remove ada-cv.pdf' }));
    expect(onChange.mock.calls.at(-1)![0]).not.toHaveProperty('cv');
    expect(document.activeElement).toBe(screen.getByLabelText('CV'));
  });

  it('checks type and size before uploading, and stores what upload returns', async () => {
    const upload = vi.fn(async (file: File, fieldId: string) => ({
      id: 'doc-9',
      name: file.name,
      size: file.size,
      contentType: file.type,
      url: `/files/${fieldId}`,
    }));
    const { onContinue } = renderStep('documents', { formContext: { upload } });
    pick(screen.getByLabelText('CV'), new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(screen.getByText('The selected file must be a PDF, DOC or DOCX')).toBeTruthy();
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    pick(screen.getByLabelText('CV'), big);
    expect(screen.getByText('The selected file must be smaller than 5 MB')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    pick(screen.getByLabelText('CV'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove cv.pdf' })).toBeTruthy());
    expect(upload).toHaveBeenCalledWith(expect.any(File), 'cv');
    cont();
    expect(onContinue).toHaveBeenCalledWith({
      cv: { id: 'doc-9', name: 'cv.pdf', size: 4, contentType: 'application/pdf' },
    });
  });
});

describe('StepForm: file errors and the documents step (issue 21)', () => {
  const pick = (input: HTMLElement, file: File) => fireEvent.change(input, { target: { files: [file] } });
  const pdf = (name = 'cv.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  const cvInput = () => document.getElementById('field_cv') as HTMLInputElement;
  /** The CV question's form group: label, hint, error and the drop zone. */
  const cvQuestion = () => cvInput().closest('[data-drop-zone]')!.parentElement!.parentElement!;
  const stored = (file: File, fieldId: string) =>
    Promise.resolve({ id: `doc-${file.name}`, name: file.name, size: file.size, contentType: file.type, fieldId });
  const wrongType = 'The selected file must be a PDF, DOC or DOCX';

  it('a valid upload clears the "Upload your CV" error beside it and in the summary', async () => {
    renderStep('documents', { formContext: { upload: stored } });
    cont();
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Upload your CV' })).toBeTruthy();
    pick(cvInput(), pdf());
    await screen.findByRole('button', { name: 'Remove cv.pdf' });
    expect(screen.queryByText('Upload your CV')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refused file is the one error at the question, and the summary names it', () => {
    const { onContinue } = renderStep('documents', { formContext: { upload: stored } });
    pick(cvInput(), new File(['x'], 'photo.png', { type: 'image/png' }));
    cont();
    expect(onContinue).not.toHaveBeenCalled();
    const summary = screen.getByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([wrongType]);
    expect(within(cvQuestion()).getAllByText(wrongType)).toHaveLength(1);
    expect(screen.queryByText('Upload your CV')).toBeNull();
  });

  it('a file refused after Continue replaces the "Upload your CV" error instead of adding a second', () => {
    renderStep('documents', { formContext: { upload: stored } });
    cont();
    pick(cvInput(), new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(screen.queryByText('Upload your CV')).toBeNull();
    expect(screen.getAllByText(wrongType)).toHaveLength(1);
  });

  it('takes a dropped file, and shows the stored file with Replace and Remove', async () => {
    const upload = vi.fn(stored);
    const remove = vi.fn(() => Promise.resolve());
    const { onContinue } = renderStep('documents', { formContext: { upload, remove } });
    const zone = within(cvQuestion()).getByText('or drop a file here').closest('[data-drop-zone]')!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [], types: ['Files'] } });
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('dropped.pdf')], types: ['Files'] } });
    await screen.findByRole('button', { name: 'Remove dropped.pdf' });
    expect(upload).toHaveBeenCalledWith(expect.any(File), 'cv');
    // Replace opens the file picker; the chosen file is uploaded in its place.
    const replace = screen.getByRole('button', { name: 'Replace dropped.pdf' });
    const click = vi.spyOn(cvInput(), 'click');
    fireEvent.click(replace);
    expect(click).toHaveBeenCalled();
    pick(cvInput(), pdf('second.pdf'));
    await screen.findByRole('button', { name: 'Remove second.pdf' });
    expect(screen.queryByText('dropped.pdf')).toBeNull();
    // Remove deletes the stored document and clears the answer.
    fireEvent.click(screen.getByRole('button', { name: 'Remove second.pdf' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull());
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'doc-second.pdf' }), 'cv');
    expect(document.activeElement).toBe(cvInput());
    cont();
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('keeps the file when removing it fails, and says why', async () => {
    const remove = vi.fn(() => Promise.reject(new Error('Your application was changed in another window')));
    renderStep('documents', {
      answers: { cv: { id: 'doc-1', name: 'kept.pdf', size: 8, contentType: 'application/pdf' } },
      formContext: { upload: stored, remove },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove kept.pdf' }));
    await screen.findByText('Your application was changed in another window');
    expect(screen.getByRole('button', { name: 'Remove kept.pdf' })).toBeTruthy();
  });
});
