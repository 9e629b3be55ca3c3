import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import product from '#configs/default-configuration.json';
import { StepForm } from '#client/engine-ui/step-form';
import { languageLayerAtom } from '#client/state/language';
import { loadedStore, organisationFixture, renderApp } from '../support';
import { acmeForm, stepOf } from '../engine-ui/support';

const paragraphsOf = (key: 'terms.paragraphs' | 'policy.paragraphs') => product.textArrays[key];

describe('/terms and /policy', () => {
  it('show the product’s terms and privacy policy when the organisation has none of its own', async () => {
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' });
    for (const paragraph of paragraphsOf('terms.paragraphs')) expect(screen.getByText(paragraph)).toBeTruthy();

    renderApp('/policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
    for (const paragraph of paragraphsOf('policy.paragraphs')) expect(screen.getByText(paragraph)).toBeTruthy();
  });

  it('show the organisation’s own text, in the page’s language when translated', async () => {
    const organization = organisationFixture({
      defaultConfiguration: { textArrays: { 'terms.paragraphs': ['Acme’s own terms.'] } },
    });
    renderApp('/terms', { organization });
    expect(await screen.findByText('Acme’s own terms.')).toBeTruthy();
    expect(screen.queryByText(paragraphsOf('terms.paragraphs')[0]!)).toBeNull();

    const store = loadedStore({ organization });
    store.set(languageLayerAtom, { textArrays: { 'policy.paragraphs': ['Polisi preifatrwydd Acme.'] } });
    renderApp('/policy', { store });
    expect(await screen.findByText('Polisi preifatrwydd Acme.')).toBeTruthy();
  });
});

describe('the terms question of the application', () => {
  it('links to the terms, which open in a new tab', () => {
    const form = acmeForm();
    render(<StepForm form={form} step={stepOf(form, 'declaration')} onContinue={vi.fn()} />);
    const link = screen.getByRole('link', { name: 'Read the terms and conditions (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/terms');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(
      screen.getByRole('checkbox', { name: 'I accept the terms and conditions and the privacy policy' }),
    ).toBeTruthy();
  });
});
