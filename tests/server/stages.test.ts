import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { stageProblems } from '#engine/pipeline/organization-stages';
import { StageCatalogue, type OrganizationStage } from '#schemas/pipeline';
import { STAGE_CATALOGUE, organizationStages } from '#server/modules/stages/stage-catalogue';
import { DEMO_PASSWORD, signIn, v1 } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('configs/stages.json', () => {
  it('defines every stage id of spec §4 once, each with one default substage, in the schema', () => {
    expect(Value.Errors(StageCatalogue, STAGE_CATALOGUE)).toHaveLength(0);
    expect(stageProblems(organizationStages(STAGE_CATALOGUE.map((s) => s.id)))).toEqual([]);
    expect(STAGE_CATALOGUE.map((s) => s.id)).toHaveLength(23);
  });
});

describe('GET /api/v1/organization/:orgId/stages', () => {
  it("answers the organisation's own pipeline, in its configured order", async () => {
    const manager = (await signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD)).access_token;
    const response = await v1(t.app, manager, 'GET', '/organization/acme/stages');
    expect(response.statusCode).toBe(200);
    const stages = response.json<OrganizationStage[]>();
    expect(stages.map((s) => s.id)).toEqual([1, 28, 2, 3, 9, 10, 11, 14, 15, 16]);
    expect(stages.find((s) => s.id === 3)).toMatchObject({ name: 'At interview', orderIndex: 3 });
    expect(stages.find((s) => s.id === 11)?.groupStage).toBe('OFFERS');

    const hartley = (await signIn(t.app, 'recruiter@hartley.example', DEMO_PASSWORD, 'hartley')).access_token;
    const lateral = (await v1(t.app, hartley, 'GET', '/organization/hartley/stages')).json<OrganizationStage[]>();
    expect(lateral[0]).toMatchObject({ id: 17, name: 'Interest shown' });
  });

  it("answers 404 for another organisation's pipeline and 403 for a candidate", async () => {
    const manager = (await signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD)).access_token;
    expect((await v1(t.app, manager, 'GET', '/organization/hartley/stages')).statusCode).toBe(404);
    const candidate = (await signIn(t.app, 'candidate@acme.example', DEMO_PASSWORD)).access_token;
    expect((await v1(t.app, candidate, 'GET', '/organization/acme/stages')).statusCode).toBe(403);
  });
});
