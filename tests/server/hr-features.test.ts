import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from '#schemas/configuration';
import type { ProductModule } from '#schemas/organization-admin';
import type { OrganizationStage } from '#schemas/pipeline';
import type { ConfigurationHistory } from '#schemas/studio';
import type { ContextualData } from '#schemas/contextual';
import type { ReportList } from '#schemas/reports';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { DEMO_PASSWORD, signIn, v1 } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Decision 0078: the `hr` flags for reports, diversity and assessments, published in the studio, take the hidden
 * feature away on the server too: its reports answer 404, and no assessment provider can be attached.
 */

let t: TestApp;
let acme: string;
let hr: string;
let recruiter: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = (await findOrganizationByKey(t.db, 'acme'))!.id;
  [hr, recruiter] = await Promise.all([
    signIn(t.app, 'hr@acme.example', DEMO_PASSWORD).then((r) => r.access_token),
    signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD).then((r) => r.access_token),
  ]);
});
afterAll(() => t?.close());

/** Publishes acme's configuration with these `hr` flags in its form layer (the studio's call). */
async function publishHr(hrFlags: Configuration['hr']) {
  const base = `/organization/${acme}/configuration?subdomain=acme`;
  const history = (await v1(t.app, hr, 'GET', base)).json<ConfigurationHistory>();
  const { defaultConfiguration, formConfiguration, themeConfiguration } = history.configuration;
  const res = await v1(t.app, hr, 'POST', base, {
    defaultConfiguration,
    formConfiguration: { ...formConfiguration, hr: hrFlags },
    themeConfiguration,
    note: 'hr flags',
    basedOn: history.current,
  });
  expect(res.statusCode, res.body).toBe(201);
}

const reports = async (token: string) => (await v1(t.app, token, 'GET', '/reports')).json<ReportList>().reports;

describe('hr.reports and hr.diversity (decision 0078)', () => {
  it('leaves the hidden reports out of the list and answers 404 for them; shown again, they answer', async () => {
    expect(await reports(hr)).toContain('diversity');
    expect((await v1(t.app, hr, 'GET', '/reports/diversity')).statusCode).toBe(200);

    await publishHr({ diversity: false });
    expect(await reports(hr)).not.toContain('diversity');
    expect(await reports(hr)).toContain('efficiency');
    const diversity = await v1(t.app, hr, 'GET', '/reports/diversity');
    expect(diversity.statusCode).toBe(404);
    expect(diversity.json<{ message: string }>().message).toBe('There is no diversity report in this organisation');
    expect((await v1(t.app, hr, 'GET', '/reports/diversity/csv')).statusCode).toBe(404);
    expect((await v1(t.app, recruiter, 'GET', '/reports/efficiency')).statusCode).toBe(200);

    await publishHr({ reports: false });
    expect(await reports(hr)).toEqual([]);
    expect(await reports(recruiter)).toEqual([]);
    for (const path of ['/reports/efficiency', '/reports/school/csv', '/reports/diversity'])
      expect((await v1(t.app, hr, 'GET', path)).statusCode, path).toBe(404);
    const modules = (await v1(t.app, recruiter, 'GET', '/data/modules')).json<ProductModule[]>();
    expect(modules.find((m) => m.kind === 'hr' && m.id === 'reports')?.enabled).toBe(false);

    await publishHr({});
    expect(await reports(hr)).toContain('diversity');
    expect((await v1(t.app, recruiter, 'GET', '/reports/efficiency')).statusCode).toBe(200);
  });
});

describe('hr.assessments (decision 0078)', () => {
  const stagesPath = `/organization/acme/stages`;
  const put = (stages: OrganizationStage[]) => v1(t.app, hr, 'PUT', stagesPath, { stages });

  it('refuses attaching or changing a provider while assessments are off, keeps one already attached', async () => {
    const stages = (await v1(t.app, hr, 'GET', stagesPath)).json<OrganizationStage[]>();
    const withTest = stages.map((s) => (s.id === 2 ? { ...s, provider: { kind: 'psychometricTest' as const } } : s));
    expect((await put(withTest)).statusCode).toBe(200);

    await publishHr({ assessments: false });
    // The provider unchanged, another stage renamed: saved.
    const renamed = withTest.map((s) => (s.id === 1 ? { ...s, name: 'Applied online' } : s));
    expect((await put(renamed)).statusCode).toBe(200);
    const changed = renamed.map((s) =>
      s.id === 2 ? { ...s, provider: { kind: 'onlineAssessment' as const, assessment: false } } : s,
    );
    const refused = await put(changed);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: { message: string }[] }>().errors.map((e) => e.message)).toEqual([
      'stage 2: assessments are turned off for this organisation, so no assessment provider can be attached or changed',
    ]);
    // Taking the provider away is allowed.
    expect((await put(renamed.map(({ provider: _p, ...s }) => s))).statusCode).toBe(200);

    await publishHr({});
    expect((await put(changed)).statusCode).toBe(200);
  });
});

describe('POST /organization/:orgId/studio/contextual-preview (decision 0078)', () => {
  const path = (org: string) => `/organization/${org}/studio/contextual-preview`;

  it('answers the contextual measures of the demo answers as a submit computes them; admins of the organisation only', async () => {
    const res = await v1(t.app, hr, 'POST', path('acme'), {
      answers: { freeSchoolMeals: 'Yes', caringResponsibilities: 'No', postCode: '3047' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<ContextualData>();
    expect(data.flags.map((f) => f.id).sort()).toEqual(['FREE_SCHOOL_MEALS', 'LOW_PARTICIPATION_AREA']);
    expect(data.performanceIndex).toBeNull();

    expect((await v1(t.app, recruiter, 'POST', path('acme'), { answers: {} })).statusCode).toBe(403);
    expect((await v1(t.app, hr, 'POST', path('hartley'), { answers: {} })).statusCode).toBe(404);
    expect((await v1(t.app, hr, 'POST', path('acme'), { answers: {}, extra: 1 })).statusCode).toBe(400);
  });
});
