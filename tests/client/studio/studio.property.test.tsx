import fc from 'fast-check';
import { renderHook } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { compiledChecks, validateApplication, type CompiledForm } from '#engine';
import type { Configuration } from '#schemas/configuration';
import type { PublicOrganization } from '#schemas/organization';
import { useApplicationForm } from '#client/engine-ui/use-application-form';
import { draftProblems, previewForm, type Draft } from '#client/features/admin/studio/studio-model';
import { configurationLayer } from '../../engine/support/arbitraries';
import { DEMO_ORGANIZATIONS } from '../../engine/support/demo-organizations';
import { hostileLayer } from '../../engine/support/hostile';
import { loadedStore, organisationFixture } from '../support';

/*
 * Issue 15: whatever the studio would publish compiles, and its preview is the candidate side's form. Drafts are the
 * demo organisations' default layers under generated form layers (valid ones, and hostile ones the check refuses);
 * a draft the engine accepts (so the studio and the server publish it: both run organizationConfigurationProblems) is
 * compiled by the studio's preview and by the candidate side's own hook over the organisation as the server then
 * answers it (without its hiring-side `hr` part). The two forms must be the same form.
 */

const withoutHr = ({ hr: _hr, ...rest }: Configuration): Configuration => rest;

/** The candidate side's form (useApplicationForm) for the organisation as published. */
function candidateForm(organization: PublicOrganization): CompiledForm {
  const store = loadedStore({ organization });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => useApplicationForm(), { wrapper }).result.current;
}

/** A compiled form without its cache key (hr flags, which the candidate side never receives, change the hash only). */
const shape = (form: CompiledForm) => JSON.parse(JSON.stringify({ ...form, key: undefined })) as unknown;

const organizations = Object.values(DEMO_ORGANIZATIONS);

const drafts: fc.Arbitrary<{ draft: Draft; organization: PublicOrganization }> = fc
  .record({
    file: fc.constantFrom(...organizations),
    form: fc.oneof(configurationLayer, hostileLayer),
  })
  .map(({ file, form }) => ({
    draft: {
      defaultConfiguration: file.defaultConfiguration,
      formConfiguration: form,
      themeConfiguration: file.themeConfiguration,
    },
    organization: organisationFixture({
      subdomain: file.subdomain,
      name: file.name,
      edition: file.edition,
      countryBase: file.countryBase,
      themeConfiguration: file.themeConfiguration,
      defaultConfiguration: withoutHr(file.defaultConfiguration),
      formConfiguration: withoutHr(form),
    }),
  }));

describe('the studio publishes only what compiles, and previews what candidates get', () => {
  it('an accepted draft compiles to the candidate side’s form; a refused one names a path for each problem', () => {
    let accepted = 0;
    fc.assert(
      fc.property(drafts, ({ draft, organization }) => {
        const problems = draftProblems(draft, organization.countryBase);
        if (problems.length > 0) {
          for (const problem of problems)
            expect(problem.path).toMatch(/^\/(defaultConfiguration|formConfiguration|themeConfiguration)(\/|$)/);
          return;
        }
        accepted++;
        const preview = previewForm(draft, organization, 'en', undefined);
        expect(preview.steps.length).toBeGreaterThan(0);
        expect(shape(candidateForm(organization))).toEqual(shape(preview));
        // And it can be answered: an empty application is refused question by question, never by a broken schema.
        const empty = validateApplication(preview, {}, compiledChecks);
        if (!empty.valid) for (const error of empty.errors) expect(error.field).not.toBe('');
      }),
      { numRuns: 60 },
    );
    expect(accepted).toBeGreaterThan(5);
  }, 120_000);
});
