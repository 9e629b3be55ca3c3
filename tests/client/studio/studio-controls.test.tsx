import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { bodyOf, organization, seriousViolations, stages } from '../pipeline/fixtures';
import { api, start } from './studio-fixtures';

/* Issue 15's last lines (decision 0078): the studio's controls for providers' substages, menus, hr flags and texts. */

describe('the Stages tab: an assessment provider’s substages', () => {
  it('edits which substages the provider offers and sets, shows a filter that leaves none, and saves the filter', async () => {
    const stagesUrl = `/v1/organization/${organization.id}/stages`;
    const { container, calls } = start((call) =>
      call.method === 'PUT' && call.url === stagesUrl
        ? { status: 200, data: (bodyOf(call) as { stages: unknown }).stages }
        : api(call),
    );
    fireEvent.click(await screen.findByText('Stages', { selector: 'button' }, { timeout: 15_000 }));
    const onlineTest = stages.find((s) => s.id === 2)!;
    const stage = await screen.findByRole('group', { name: `Stage 3: ${onlineTest.name}` }, { timeout: 15_000 });
    fireEvent.change(within(stage).getByLabelText('Assessment provider'), { target: { value: 'psychometricTest' } });
    fireEvent.click(within(stage).getByText(`Substages and score metrics of ${onlineTest.name}`));
    const filter = await within(stage).findByRole('group', {
      name: `What Psychometric test sets at ${onlineTest.name}`,
    });
    const [first, second, ...rest] = onlineTest.subStages;
    // Every substage offered before the assessment (the default), none set by the provider.
    for (const sub of onlineTest.subStages)
      expect(
        within(filter).getByLabelText<HTMLInputElement>(`Offer ${sub.name} to managers before the assessment is set up`)
          .checked,
      ).toBe(true);
    // Offering none leaves managers nowhere to move candidates: said at once, at the provider's substages.
    for (const sub of onlineTest.subStages)
      fireEvent.click(within(filter).getByLabelText(`Offer ${sub.name} to managers before the assessment is set up`));
    expect(filter.textContent).toContain('offers no substage before its assessment exists');
    fireEvent.click(within(filter).getByLabelText(`Offer ${first!.name} to managers before the assessment is set up`));
    expect(filter.textContent).not.toContain('offers no substage');
    // The second is set by the provider once the assessment exists; the assessment is not set up yet.
    fireEvent.click(
      within(filter).getByLabelText(
        `${second!.name} is set by Psychometric test once the assessment is set up (hidden from managers)`,
      ),
    );
    fireEvent.click(within(filter).getByLabelText('The assessment is set up at Psychometric test'));
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByText('Save the stages'));
    await screen.findByText('Stages saved', {}, { timeout: 15_000 });
    const sent = (bodyOf(calls.find((c) => c.method === 'PUT')) as { stages: typeof stages }).stages;
    expect(sent.find((s) => s.id === 2)!.provider).toEqual({
      kind: 'psychometricTest',
      assessment: false,
      included: [first!.id],
      excluded: [second!.id],
    });
    expect(rest.length).toBeGreaterThan(0);
  }, 60_000);
});
