import product from '#configs/default-configuration.json';
import acme from '#configs/organizations/acme/organization.json';
import { mergeLayers } from '#engine/config/merge';
import { compile } from '#engine/forms/compile';
import type { CompiledForm, CompiledStep } from '#engine/forms/types';
import type { Configuration } from '#schemas/configuration';
import { completeAcmeAnswers } from '../../factories/answers';

export const TODAY = '2026-11-21';

/** The acme demo organisation's application form, compiled as in tests/engine/demo-configurations.test.ts. */
export function acmeForm(extra?: Configuration): CompiledForm {
  const configuration = mergeLayers({
    product: product as Configuration,
    organizationForm: acme.formConfiguration as Configuration,
    ...(extra ? { role: extra } : {}),
  });
  return compile(configuration, { language: 'en', edition: 'ats', userType: 'CANDIDATE', today: TODAY });
}

export function stepOf(form: CompiledForm, id: string): CompiledStep {
  const step = form.steps.find((s) => s.id === id);
  if (!step) throw new Error(`No step ${id} in ${form.steps.map((s) => s.id).join(', ')}`);
  return step;
}

/** A complete acme application (as the engine's table tests use). */
export const completeAcme = completeAcmeAnswers;

/** The text of the elements that describe `element` (aria-describedby), as a screen reader joins them. */
export function descriptionOf(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}
