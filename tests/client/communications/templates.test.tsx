import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Preview, Template } from '#schemas/communications';
import { http } from '#client/api/http';
import { renderApp } from '../support';
import { fakeAdapter, type Handler } from '../auth/fake-api';
import {
  bodyOf,
  candidateRow,
  hiringApi,
  manager,
  organization,
  searchPage,
  seriousViolations,
} from '../pipeline/fixtures';

/* Issue 16: the hiring side's templates — the list, the editor's placeholder picker and live SMS count, the preview. */

const template: Template = {
  id: 't1',
  name: 'Invitation to assessment',
  channel: 'EMAIL',
  kind: 'GENERAL',
  texts: { en: { subject: 'Next steps for {{roleName}}', body: '<p>Dear {{candidateName}}</p>' } },
  trigger: { stageId: 3, substageId: null },
  updatedAt: '2026-11-01T09:00:00.000Z',
};

function start(path: string, handler: Handler, templates: readonly Template[] = [template], org = organization) {
  const fake = fakeAdapter((call) =>
    call.method === 'GET' && call.url === '/v1/communications/templates'
      ? { status: 200, data: templates }
      : hiringApi(handler)(call),
  );
  http.defaults.adapter = fake.adapter;
  return { ...renderApp(path, { organization: org, user: manager, side: 'hr' }), calls: fake.calls };
}

describe('/manager/communications', () => {
  it('lists the templates with their channel and the stage whose moves send them', async () => {
    const { container } = start('/manager/communications', () => ({ status: 404 }));
    const link = await screen.findByRole('link', { name: 'Invitation to assessment' });
    expect(link.getAttribute('href')).toBe('/manager/communications/t1');
    const item = link.closest('li')!;
    expect(within(item).getByText('Email')).toBeTruthy();
    await waitFor(() => expect(within(item).getByText(/^Sent on moves to /)).toBeTruthy());
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when there are none', async () => {
    start('/manager/communications', () => ({ status: 404 }), []);
    expect(await screen.findByText('There are no templates yet.')).toBeTruthy();
  });
});

describe('/unsubscribe/:token', () => {
  it('stops the emails with one press (the visit alone changes nothing)', async () => {
    const fake = fakeAdapter((call) =>
      call.url === `/public/communications/unsubscribe/${'t'.repeat(43)}`
        ? { status: 200, data: { channel: 'EMAIL', unsubscribed: true } }
        : { status: 404 },
    );
    http.defaults.adapter = fake.adapter;
    const { container } = renderApp(`/unsubscribe/${'t'.repeat(43)}`, { organization });
    fireEvent.click(await screen.findByRole('button', { name: 'Stop emails' }));
    expect((await screen.findByRole('status')).textContent).toBe('Done: you will get no more of these emails.');
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('/manager/communications/new', () => {
  it('counts an SMS as the phone splits it, inserts placeholders and refuses one the kind cannot fill', async () => {
    const { calls, container } = start('/manager/communications/new', () => ({ status: 404 }));
    await screen.findByRole('heading', { level: 1, name: 'Create a template' });
    fireEvent.change(screen.getByLabelText('Sent by'), { target: { value: 'SMS' } });
    const text = screen.getByLabelText('Text message (English)') as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'a'.repeat(161) } });
    expect(screen.getByText('161 characters: sent as 2 SMS')).toBeTruthy();
    fireEvent.change(text, { target: { value: 'Hi ' } });
    fireEvent.focus(text);
    text.setSelectionRange(3, 3);
    fireEvent.click(screen.getByRole('button', { name: 'Insert the candidate’s name' }));
    expect(text.value).toBe('Hi {{candidateName}}');
    // Braces are GSM extension characters: two septets each.
    expect(screen.getByText('24 characters: sent as 1 SMS')).toBeTruthy();
    fireEvent.change(text, { target: { value: 'Hi 😀' } });
    expect(screen.getByText('5 characters with special characters (70 an SMS): sent as 1 SMS')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Reminder' } });
    fireEvent.change(text, { target: { value: 'See you at {{interviewTime}}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    expect(await screen.findAllByText('This kind of message cannot fill {{interviewTime}}')).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it("counts against the organisation's own SMS limit and refuses a longer SMS with its count", async () => {
    const { calls } = start('/manager/communications/new', () => ({ status: 404 }), [], {
      ...organization,
      settings: { ...organization.settings, smsSegmentLimit: 1 },
    });
    await screen.findByRole('heading', { level: 1, name: 'Create a template' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Short' } });
    fireEvent.change(screen.getByLabelText('Sent by'), { target: { value: 'SMS' } });
    fireEvent.change(screen.getByLabelText('Text message (English)'), { target: { value: 'a'.repeat(161) } });
    expect(screen.getByText('161 characters: sent as 2 SMS That is over the limit of 1 messages.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    expect(await screen.findAllByText('The SMS takes 2 messages; the organisation allows at most 1')).not.toHaveLength(
      0,
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves the template and previews it with a candidate found by email', async () => {
    const preview: Preview = {
      language: 'en',
      subject: 'Next steps for Graduate Analyst',
      html: '<p>Dear Ada Lovelace</p>',
      text: 'Dear Ada Lovelace',
      skipped: null,
    };
    const { calls } = start('/manager/communications/new', (call) => {
      if (call.method === 'POST' && call.url.startsWith('/v1/search/candidate/'))
        return { status: 200, data: searchPage([candidateRow({ id: 'a1', name: 'Ada Lovelace' })]) };
      if (call.method === 'POST' && call.url === '/v1/communications/preview') return { status: 200, data: preview };
      if (call.method === 'POST' && call.url === '/v1/communications/templates')
        return { status: 201, data: { ...template, id: 't2' } };
      if (call.method === 'GET' && call.url === '/v1/communications/templates/t2')
        return { status: 200, data: { ...template, id: 't2' } };
      return { status: 404 };
    });
    await screen.findByRole('heading', { level: 1, name: 'Create a template' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Invitation' } });
    fireEvent.change(screen.getByLabelText('Subject (English)'), { target: { value: 'Next steps for {{roleName}}' } });
    fireEvent.change(screen.getByLabelText('Message (English)'), {
      target: { value: '<p>Dear {{candidateName}}</p>' },
    });

    fireEvent.change(screen.getByLabelText('Find a candidate'), { target: { value: 'ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Show preview' }));
    const shown = await screen.findByTestId('message-preview');
    expect(shown.textContent).toContain('Next steps for Graduate Analyst');
    expect(shown.textContent).toContain('Dear Ada Lovelace');
    expect(bodyOf(calls.find((c) => c.url === '/v1/communications/preview'))).toMatchObject({
      applicationId: 'a1',
      template: { name: 'Invitation', channel: 'EMAIL', texts: { en: { subject: 'Next steps for {{roleName}}' } } },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    await screen.findByRole('heading', { level: 1, name: 'Invitation to assessment' });
    expect(bodyOf(calls.find((c) => c.method === 'POST' && c.url === '/v1/communications/templates'))).toEqual({
      name: 'Invitation',
      channel: 'EMAIL',
      kind: 'GENERAL',
      texts: { en: { subject: 'Next steps for {{roleName}}', body: '<p>Dear {{candidateName}}</p>' } },
      trigger: null,
    });
  });
});
