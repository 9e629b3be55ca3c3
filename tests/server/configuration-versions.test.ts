import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationRecord } from '#schemas/application';
import type { Configuration } from '#schemas/configuration';
import type { ConfigurationDiff, ConfigurationHistory, ConfigurationVersion } from '#schemas/studio';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { completeAcmeAnswers } from '../factories/answers';
import { DEMO_PASSWORD, signIn, v1 } from '../helpers/auth';
import { expectRecord, formOfRole, newCandidate, roleIdByName, stepAnswers, uploadCv } from '../helpers/applications';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let acme: string;
let hr: string;
let recruiter: string;
let candidate: string;
let hartleyHr: string;
let admin: string;
let strategy: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = (await findOrganizationByKey(t.db, 'acme'))!.id;
  strategy = await roleIdByName(t.db, 'acme', 'Graduate Consultant, Strategy');
  [hr, recruiter, candidate, hartleyHr, admin] = await Promise.all([
    signIn(t.app, 'hr@acme.example', DEMO_PASSWORD).then((r) => r.access_token),
    signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD).then((r) => r.access_token),
    signIn(t.app, 'candidate@acme.example', DEMO_PASSWORD).then((r) => r.access_token),
    signIn(t.app, 'hr@hartley.example', DEMO_PASSWORD, 'hartley').then((r) => r.access_token),
    signIn(t.app, 'admin@candid.example', DEMO_PASSWORD).then((r) => r.access_token),
  ]);
});
afterAll(() => t?.close());

const base = () => `/organization/${acme}/configuration`;
const history = async (token = hr) => {
  const res = await v1(t.app, token, 'GET', `${base()}?subdomain=acme`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ConfigurationHistory>();
};
const publish = (body: object, token = hr) => v1(t.app, token, 'POST', `${base()}?subdomain=acme`, body);

/** The acme configuration with one more custom question, required, on the questions step. */
function withQuestion(configuration: Configuration, label = 'Which team interests you most?'): Configuration {
  return {
    ...configuration,
    custom: [...(configuration.custom ?? []), { id: 'studioTeam', type: 'text', label, maxLength: 200 }],
  };
}

describe('who may use the studio', () => {
  it('lets hiring-manager admins of the organisation and platform admins in; a Standard manager 403; others 404', async () => {
    expect((await history(hr)).current).toBe(1);
    expect((await history(admin)).current).toBe(1);
    for (const [token, status] of [
      [recruiter, 403],
      [candidate, 403],
      [hartleyHr, 404],
    ] as const) {
      const res = await v1(t.app, token, 'GET', `${base()}?subdomain=acme`);
      expect(res.statusCode, res.body).toBe(status);
      // Refused before the body is read: the same answer, not a 400 about it.
      const write = await publish({ note: 'x' }, token);
      expect(write.statusCode, write.body).toBe(status);
    }
    // Hartley's own admin naming acme's id under hartley's host: still acme's data, so 404.
    expect((await v1(t.app, hartleyHr, 'GET', `${base()}?subdomain=hartley`)).statusCode).toBe(404);
    expect((await v1(t.app, hartleyHr, 'GET', `/organization/${acme}/configuration/versions/1`)).statusCode).toBe(404);
  });
});

describe('versions: publish, refuse, diff, restore', () => {
  it('starts with version 1, the configuration the organisation has', async () => {
    const organization = (await findOrganizationByKey(t.db, 'acme'))!;
    const start = await history();
    expect(start.versions).toEqual([
      expect.objectContaining({ number: 1, current: true, author: null, restoredFrom: null }),
    ]);
    expect(start.configuration).toEqual({
      defaultConfiguration: organization.default_configuration,
      formConfiguration: organization.form_configuration,
      themeConfiguration: organization.theme_configuration,
    });
  });

  it('refuses a configuration the engine rejects with 422, every problem by its path, and changes nothing', async () => {
    const { configuration } = await history();
    const bad: Configuration = {
      ...configuration.formConfiguration,
      text: { ...configuration.formConfiguration.text, 'field.studioTeam.label': ' ' },
      custom: [
        ...(configuration.formConfiguration.custom ?? []),
        { id: 'studioTeam', type: 'radio', label: 'Team', options: ['Audit', 'Audit'] },
      ],
      fields: { noSuchField: false },
    };
    const res = await publish({
      ...configuration,
      formConfiguration: bad,
      themeConfiguration: { ...configuration.themeConfiguration, secondary: '#f0f0f0' },
      note: 'broken',
    });
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json<{
      message: string;
      errors: { field: string; message: string; params: { pointer: string } }[];
    }>();
    const at = (pointer: string) => body.errors.find((e) => e.params.pointer === pointer);
    const customAt = (configuration.formConfiguration.custom ?? []).length;
    expect(at(`/formConfiguration/custom/${customAt}/options/1`)).toMatchObject({
      field: `formConfiguration.custom.${customAt}.options.1`,
      message: expect.stringContaining("option 'Audit' is listed twice"),
    });
    expect(at('/formConfiguration/fields/noSuchField')?.message).toBe("unknown field 'noSuchField'");
    expect(at('/formConfiguration/text/field.studioTeam.label')?.message).toContain('cannot be empty');
    expect(at('/themeConfiguration/secondary')?.message).toContain('WCAG AA');
    // A shape problem is named too (the schema's own check, before references).
    const shape = await publish({ ...configuration, defaultConfiguration: { fields: { firstName: 'yes' } }, note: '' });
    expect(shape.statusCode).toBe(422);
    expect(shape.json().errors[0]).toMatchObject({
      field: 'defaultConfiguration.fields.firstName',
      params: { pointer: '/defaultConfiguration/fields/firstName' },
    });
    expect((await history()).current).toBe(1);
  });

  it('publishes a new version with who, when and the note; refuses a stale edit (409); diffs and restores exactly', async () => {
    const first = await history();
    const edited = withQuestion(first.configuration.formConfiguration);
    const res = await publish({
      ...first.configuration,
      formConfiguration: edited,
      note: ' Team question ',
      basedOn: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const second = res.json<ConfigurationVersion>();
    expect(second).toMatchObject({ number: 2, current: true, note: 'Team question', author: 'Harriet Manager' });
    expect(second.configuration.formConfiguration).toEqual(edited);
    const organization = (await findOrganizationByKey(t.db, 'acme'))!;
    expect(organization.form_configuration).toEqual(edited);

    const stale = await publish({ ...first.configuration, note: 'from an old tab', basedOn: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('Version 2 was published after version 1');

    const listed = await history();
    expect(listed.current).toBe(2);
    expect(listed.versions.map((v) => [v.number, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    const one = await v1(t.app, hr, 'GET', `${base()}/versions/1?subdomain=acme`);
    expect(one.json<ConfigurationVersion>().configuration).toEqual(first.configuration);

    const diff = (await v1(t.app, hr, 'GET', `${base()}/diff?from=1&to=2&subdomain=acme`)).json<ConfigurationDiff>();
    const customAt = (first.configuration.formConfiguration.custom ?? []).length;
    expect(diff.changes).toEqual([{ path: `/formConfiguration/custom/${customAt}`, after: edited.custom![customAt] }]);

    const restored = await v1(t.app, hr, 'POST', `${base()}/versions/1/restore?subdomain=acme`, { basedOn: 2 });
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json<ConfigurationVersion>()).toMatchObject({
      number: 3,
      restoredFrom: 1,
      note: 'Restored version 1',
      configuration: first.configuration,
    });
    const now = (await findOrganizationByKey(t.db, 'acme'))!;
    expect({
      defaultConfiguration: now.default_configuration,
      formConfiguration: now.form_configuration,
      themeConfiguration: now.theme_configuration,
    }).toEqual(first.configuration);
    const back = (await v1(t.app, hr, 'GET', `${base()}/diff?from=1&to=3&subdomain=acme`)).json<ConfigurationDiff>();
    expect(back.changes).toEqual([]);
    expect((await v1(t.app, hr, 'GET', `${base()}/versions/9?subdomain=acme`)).statusCode).toBe(404);
  });

  it("refuses a configuration that would break a role's own layer, naming the role", async () => {
    const { configuration, current } = await history();
    const roleId = await roleIdByName(t.db, 'acme', 'Graduate Consultant, Strategy');
    const role = await v1(t.app, hr, 'PUT', `/role/${roleId}?subdomain=acme`, {
      formConfiguration: { fields: { whyAcme: false } },
    });
    expect(role.statusCode, role.body).toBe(200);
    const custom = (configuration.formConfiguration.custom ?? []).filter((q) => q.id !== 'whyAcme');
    const res = await publish({
      ...configuration,
      formConfiguration: { ...configuration.formConfiguration, custom },
      note: 'without whyAcme',
      basedOn: current,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      {
        field: `roles.${roleId}.formConfiguration.fields.whyAcme`,
        message: "Role 'Graduate Consultant, Strategy': unknown field 'whyAcme'",
        params: { pointer: `/roles/${roleId}/formConfiguration/fields/whyAcme` },
      },
    ]);
    expect((await v1(t.app, hr, 'PUT', `/role/${roleId}?subdomain=acme`, { formConfiguration: {} })).statusCode).toBe(
      200,
    );
  });

  it('numbers two publishes from the same version once: one is published, the other is told (409)', async () => {
    const { configuration, current } = await history();
    const answers = await Promise.all(
      ['first tab', 'second tab'].map((note) => publish({ ...configuration, note, basedOn: current })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await history()).current).toBe(current + 1);
  });

  it('lets a platform admin publish for the organisation', async () => {
    const { configuration, current } = await history(admin);
    const res = await publish({ ...configuration, note: 'by the platform', basedOn: current }, admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ConfigurationVersion>().author).not.toBeNull();
  });
});

describe('an application keeps the version it started on', () => {
  it('submits against version N after N+1 is published; one started after N+1 answers its new question', async () => {
    const form = await formOfRole(t.db, 'acme', strategy);
    const fill = async (token: string, record: ApplicationRecord) => {
      const uploaded = await uploadCv(t.app, token, record.id);
      const answers = { ...completeAcmeAnswers, cv: { id: uploaded.cv.id, name: uploaded.cv.name } };
      let current = uploaded.record;
      for (const step of form.steps)
        current = expectRecord(
          await v1(t.app, token, 'PUT', `/candidate/${record.id}`, {
            step: form.steps.indexOf(step) + 1,
            stepId: step.id,
            answers: stepAnswers(form, step.id, answers),
            version: current.version,
            role: { id: strategy },
          }),
        );
      return current;
    };
    const early = await newCandidate(t.app, t.db, 'acme', 'early');
    const earlyRecord = expectRecord(await v1(t.app, early.token, 'POST', `/candidate/applyc/${strategy}`), 201);
    await fill(early.token, earlyRecord);

    const { configuration, current } = await history();
    const published = await publish({
      ...configuration,
      formConfiguration: withQuestion(configuration.formConfiguration, 'Which team?'),
      note: 'A required question',
      basedOn: current,
    });
    expect(published.statusCode, published.body).toBe(201);

    // The draft's record carries the layers it started on, for the candidate's browser to compile the same form.
    const draft = expectRecord(await v1(t.app, early.token, 'GET', `/candidate/${earlyRecord.id}`));
    expect(draft.organizationConfiguration?.formConfiguration).toEqual(configuration.formConfiguration);
    expect(earlyRecord.organizationConfiguration).toBeUndefined();
    const submitted = await v1(t.app, early.token, 'PUT', `/candidate/${earlyRecord.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);

    const late = await newCandidate(t.app, t.db, 'acme', 'late');
    const lateRecord = expectRecord(await v1(t.app, late.token, 'POST', `/candidate/applyc/${strategy}`), 201);
    expect(lateRecord.organizationConfiguration).toBeUndefined();
    const refused = await v1(t.app, late.token, 'PUT', `/candidate/${lateRecord.id}/submit`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { field: string }) => e.field)).toContain('studioTeam');
  });
});
