import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { stageProblems } from '#engine/pipeline/organization-stages';
import { StageCatalogue, type OrganizationStage } from '#schemas/pipeline';
import { json } from '#server/db/json';
import { createRole, createUser } from '#server/seed/factories';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
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

describe('PUT /api/v1/organization/:orgId/stages', () => {
  const acmeStages = async (token: string) =>
    (await v1(t.app, token, 'GET', '/organization/acme/stages')).json<OrganizationStage[]>();
  const put = (token: string, stages: OrganizationStage[], org = 'acme') =>
    v1(t.app, token, 'PUT', `/organization/${org}/stages`, { stages });
  const admin = () => signIn(t.app, 'hr@acme.example', DEMO_PASSWORD).then((r) => r.access_token);

  /** Acme's stages where no application is now (the demo pipeline fills the others). */
  async function emptyStageIds(): Promise<Set<number>> {
    const used = await t.db
      .selectFrom('applications')
      .select('stage_id')
      .where('organization_id', '=', (await findOrganizationByKey(t.db, 'acme'))!.id)
      .distinct()
      .execute();
    const ids = new Set(used.map((r) => r.stage_id));
    return new Set(STAGE_CATALOGUE.map((s) => s.id).filter((id) => !ids.has(id)));
  }

  it('orders, renames, adds and removes stages and substages; the pipeline answers them at once', async () => {
    const hr = await admin();
    const stages = await acmeStages(hr);
    const empty = await emptyStageIds();
    const removed = stages.find((s) => empty.has(s.id))!;
    const added = STAGE_CATALOGUE.find((s) => empty.has(s.id) && !stages.some((o) => o.id === s.id))!;
    const [first, second, ...rest] = stages.filter((s) => s !== removed);
    const renamed = { ...first!, name: 'Applications in', subStages: first!.subStages.map((s) => ({ ...s })) };
    renamed.subStages[0]!.name = 'Waiting to be read';
    const next = [second!, renamed, ...rest, { ...added, orderIndex: 0 }];
    const res = await put(hr, next);
    expect(res.statusCode, res.body).toBe(200);
    const saved = await acmeStages(hr);
    expect(saved.map((s) => s.id)).toEqual(next.map((s) => s.id));
    expect(saved.map((s) => s.orderIndex)).toEqual(next.map((_, i) => i));
    expect(saved[1]).toMatchObject({ name: 'Applications in' });
    expect(saved[1]!.subStages[0]!.name).toBe('Waiting to be read');
    expect(saved.some((s) => s.id === removed.id)).toBe(false);
    await put(hr, stages);
  });

  it('attaches an assessment provider where spec §3 allows it, and refuses one elsewhere, naming the stage', async () => {
    const hr = await admin();
    const stages = await acmeStages(hr);
    const onlineTest = stages.findIndex((s) => s.id === 2);
    const withTest = stages.map((s, i) =>
      i === onlineTest ? { ...s, provider: { kind: 'psychometricTest' as const } } : s,
    );
    const ok = await put(hr, withTest);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await acmeStages(hr))[onlineTest]!.provider).toEqual({ kind: 'psychometricTest' });
    const wrong = stages.map((s) => (s.id === 3 ? { ...s, provider: { kind: 'psychometricTest' as const } } : s));
    const refused = await put(hr, wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'stages', message: "stage 3: provider 'psychometricTest' cannot be attached to this stage" },
    ]);
    await put(hr, stages);
  });

  it('refuses removing a stage or a substage where candidates are (409 naming it), and a broken pipeline (400)', async () => {
    const hr = await admin();
    const stages = await acmeStages(hr);
    // A submitted application at acme's second stage, on a substage that is not the default one.
    const organizationId = (await findOrganizationByKey(t.db, 'acme'))!.id;
    const stage = stages[1]!;
    const sub = stage.subStages.find((s) => !s.defaultSubStage) ?? stage.subStages[0]!;
    const [user, role] = await Promise.all([createUser(t.db, { organizationId }), createRole(t.db, organizationId)]);
    await t.db
      .insertInto('applications')
      .values({
        organization_id: organizationId,
        role_id: role.id,
        user_id: user.id,
        state: 'SUBMITTED',
        stage_id: stage.id,
        substage_id: sub.id,
        answers: json({}),
        applied_at: new Date(),
      })
      .execute();
    const inUse = await put(
      hr,
      stages.filter((s) => s !== stage),
    );
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(
      new RegExp(`^'${stage.name}' cannot be removed: \\d+ candidates? (is|are) at this stage$`),
    );
    // The default substage stays (the engine wants one): another takes its place when it is the one in use.
    const others = stage.subStages.filter((s) => s !== sub).map((s, i) => ({ ...s, defaultSubStage: i === 0 }));
    const subRefused = await put(
      hr,
      stages.map((s) => (s === stage ? { ...s, subStages: others } : s)),
    );
    expect(subRefused.statusCode).toBe(409);
    expect(subRefused.json().message).toMatch(new RegExp(`^'${sub.name}' cannot be removed: .* at this substage$`));
    const twice = await put(hr, [...stages, stages[0]!]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toContainEqual({ field: 'stages', message: 'stage 1 appears twice' });
    const unknownField = await v1(t.app, hr, 'PUT', '/organization/acme/stages', { stages, colour: 'red' });
    expect(unknownField.statusCode).toBe(400);
    expect(await acmeStages(hr)).toEqual(stages);
  });

  it("orders, adds and removes substages and edits a stage's metrics; refuses removing or retyping a scored metric by name", async () => {
    const hr = await admin();
    const stages = await acmeStages(hr);
    const organizationId = (await findOrganizationByKey(t.db, 'acme'))!.id;
    const at = stages.findIndex((s) => s.metrics.length > 0);
    const stage = stages[at]!;
    const metric = stage.metrics[0]!;
    const withStage = (next: OrganizationStage) => stages.map((s, i) => (i === at ? next : s));

    // Substages: the last moved first, a new one added, then removed again; a new metric added and one relabelled.
    const added = {
      id: `${stage.id}-on-hold`,
      name: 'On hold',
      codeStage: 'PENDING' as const,
      defaultSubStage: false,
      orderIndex: 0,
    };
    const edited = {
      ...stage,
      subStages: [stage.subStages.at(-1)!, ...stage.subStages.slice(0, -1), added],
      metrics: [
        { ...metric, label: 'Renamed measure' },
        ...stage.metrics.slice(1),
        { key: 'teamwork', label: 'Teamwork', metricType: 'NUMBER' as const, min: 0, max: 10 },
      ],
    };
    const ok = await put(hr, withStage(edited));
    expect(ok.statusCode, ok.body).toBe(200);
    const saved = (await acmeStages(hr))[at]!;
    expect(saved.subStages.map((s) => s.id)).toEqual(edited.subStages.map((s) => s.id));
    expect(saved.subStages.map((s) => s.orderIndex)).toEqual(edited.subStages.map((_, i) => i));
    expect(saved.metrics.map((m) => m.label)).toEqual([
      'Renamed measure',
      ...stage.metrics.slice(1).map((m) => m.label),
      'Teamwork',
    ]);
    const cleared = await put(
      hr,
      withStage({ ...edited, subStages: edited.subStages.filter((s) => s.id !== added.id) }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await acmeStages(hr))[at]!.subStages.some((s) => s.id === added.id)).toBe(false);

    // Two metrics with one key, and a range upside down, are the engine's problems (400), each naming the stage.
    const twice = await put(hr, withStage({ ...stage, metrics: [metric, metric] }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toContainEqual({
      field: 'stages',
      message: `stage ${stage.id}: metric '${metric.key}' is defined twice`,
    });

    // A scored metric: removing it, or changing its type, is refused naming it and its stage; relabelling is not.
    const [user, role] = await Promise.all([createUser(t.db, { organizationId }), createRole(t.db, organizationId)]);
    const application = await t.db
      .insertInto('applications')
      .values({
        organization_id: organizationId,
        role_id: role.id,
        user_id: user.id,
        state: 'SUBMITTED',
        stage_id: stage.id,
        substage_id: stage.subStages[0]!.id,
        answers: json({}),
        applied_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('candidate_scores')
      .values({
        organization_id: organizationId,
        application_id: application.id,
        stage_id: stage.id,
        key: 'teamwork',
        value: json(7),
        score: 7,
      })
      .execute();
    const removed = await put(
      hr,
      withStage({ ...edited, subStages: stage.subStages, metrics: edited.metrics.slice(0, -1) }),
    );
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(
      `'Teamwork' of '${stage.name}' cannot be removed: 1 candidate has a score for it`,
    );
    const retyped = await put(
      hr,
      withStage({
        ...edited,
        subStages: stage.subStages,
        metrics: [...edited.metrics.slice(0, -1), { key: 'teamwork', label: 'Teamwork', metricType: 'BOOLEAN' }],
      }),
    );
    expect(retyped.statusCode).toBe(409);
    expect(retyped.json().message).toBe(
      `'Teamwork' of '${stage.name}' cannot change from NUMBER to BOOLEAN: 1 candidate has a score for it`,
    );
    const relabelled = await put(
      hr,
      withStage({
        ...edited,
        subStages: stage.subStages,
        metrics: [
          ...edited.metrics.slice(0, -1),
          { key: 'teamwork', label: 'Working with others', metricType: 'NUMBER', min: 0, max: 20 },
        ],
      }),
    );
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    // Another organisation's pipeline is not found, whatever the edit.
    expect((await put(hr, withStage(edited), 'hartley')).statusCode).toBe(404);

    await t.db.deleteFrom('candidate_scores').where('application_id', '=', application.id).execute();
    await t.db.deleteFrom('applications').where('id', '=', application.id).execute();
    expect((await put(hr, stages)).statusCode).toBe(200);
  });

  it("answers 404 for another organisation's pipeline, 403 for a Standard manager and a candidate", async () => {
    const hr = await admin();
    const stages = await acmeStages(hr);
    expect((await put(hr, stages, 'hartley')).statusCode).toBe(404);
    const recruiter = (await signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD)).access_token;
    expect((await put(recruiter, stages)).statusCode).toBe(403);
    const candidate = (await signIn(t.app, 'candidate@acme.example', DEMO_PASSWORD)).access_token;
    expect((await put(candidate, stages)).statusCode).toBe(403);
    const platformAdmin = (await signIn(t.app, 'admin@candid.example', DEMO_PASSWORD)).access_token;
    expect((await put(platformAdmin, stages, 'hartley')).statusCode).not.toBe(404);
  });
});
