import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Answers } from '#engine/forms/answers';
import type { CompiledForm } from '#engine/forms/types';
import { resolvePosition } from '#engine/pipeline/organization-stages';
import type { ApplicationRecord, DocumentRef } from '#schemas/application';
import type { App } from '#server/app-types';
import type { Db } from '#server/db/client';
import { json } from '#server/db/json';
import type { ApplicationState, NewApplicationRow, OrganizationRecord, UserRecord } from '#server/db/types';
import type { Viewer } from '#server/lib/viewer';
import { createUser } from '#server/seed/factories';
import { roleForm } from '#server/modules/applications/role-form';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { findRoleById } from '#server/modules/roles/role.repository';
import { codeOf, DEMO_PASSWORD, deliverEmails, messageTo, passwordLogin, v1 } from './auth';

/** A new verified candidate of the organisation, signed in: their id and access token. */
export async function newCandidate(
  app: App,
  db: Db,
  subdomain: string,
  name = 'cand',
): Promise<{ id: string; email: string; token: string }> {
  const organization = (await findOrganizationByKey(db, subdomain))!;
  const email = `${name}-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const user = await createUser(db, {
    organizationId: organization.id,
    email,
    password: DEMO_PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  return { id: user.id, email, token: await signInWithAnyCode(app, db, email, subdomain) };
}

/** Signs in, with the emailed one-time code when the organisation asks for one (northbridge). */
export async function signInWithAnyCode(app: App, db: Db, email: string, subdomain: string): Promise<string> {
  let res = await passwordLogin(app, email, DEMO_PASSWORD, {}, { subdomain });
  if (res.statusCode === 206)
    res = await passwordLogin(
      app,
      email,
      DEMO_PASSWORD,
      { otp: codeOf(messageTo(await deliverEmails(db), email)) },
      { subdomain },
    );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

/** The compiled application form of a role, as the server checks it. */
export async function formOfRole(db: Db, subdomain: string, roleId: string): Promise<CompiledForm> {
  const organization = (await findOrganizationByKey(db, subdomain))!;
  return roleForm(db, organization, (await findRoleById(db, organization.id, roleId))!);
}

/** The answers of one step, out of a whole application's. */
export function stepAnswers(form: CompiledForm, stepId: string, answers: Answers): Answers {
  const ids = form.steps.find((s) => s.id === stepId)!.fieldIds;
  return Object.fromEntries(Object.entries(answers).filter(([id]) => ids.includes(id)));
}

export async function roleIdByName(db: Db, subdomain: string, name: string): Promise<string> {
  const organization = (await findOrganizationByKey(db, subdomain))!;
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('organization_id', '=', organization.id)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A multipart/form-data body with one file part. */
export function multipart(field: string, fileName: string, contentType: string, bytes: Uint8Array) {
  const boundary = `----candid${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** Uploads a file through PUT /candidate/:id/cv or the organisation-candidate upload call. */
export function upload(
  app: App,
  token: string,
  path: string,
  file: { field?: string; name: string; type: string; bytes: Uint8Array },
): Promise<LightMyRequestResponse> {
  const body = multipart(file.field ?? 'file', file.name, file.type, file.bytes);
  return app.inject({
    method: path.endsWith('/cv') ? 'PUT' : 'POST',
    url: `/api/v1${path}`,
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
}

/**
 * Uploads a CV (ada-cv.pdf) to a draft: the stored document, and the record as the upload left it
 * (the CV already its answer, the version moved on).
 */
export async function uploadCv(
  app: App,
  token: string,
  applicationId: string,
): Promise<{ cv: DocumentRef; record: ApplicationRecord }> {
  const file = { name: 'ada-cv.pdf', type: 'application/pdf', bytes: PDF };
  const cv = (await upload(app, token, `/candidate/${applicationId}/cv`, file)).json<DocumentRef>();
  return { cv, record: expectRecord(await v1(app, token, 'GET', `/candidate/${applicationId}`)) };
}

export function expectRecord(res: LightMyRequestResponse, status = 200): ApplicationRecord {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<ApplicationRecord>();
}

/** An application written straight into the database, for tests that need many or need them in a given place. */
export interface PipelineApplication {
  organization: Pick<OrganizationRecord, 'id' | 'stages'>;
  roleId: string;
  userId: string;
  /** SUBMITTED by default; a draft has no place in the pipeline, no applied date and no history. */
  state?: ApplicationState;
  /** The stage it stands in (1, the entry stage, by default) and its substage (the stage's first by default). */
  stageId?: number;
  substageId?: string;
  answers?: Answers;
  /** When it was submitted and last changed: a minute ago by default. */
  at?: Date;
  /** Columns the submit service and the contextual job fill from the answers (names, source, marks…). */
  copied?: Omit<NewApplicationRow, 'organization_id' | 'role_id' | 'user_id' | 'state' | 'answers' | 'applied_at'>;
}

/**
 * Applications as the submit service leaves them (a draft as saving leaves it): at their place in the pipeline, with
 * the SUBMIT entry of their stage history. Their ids, in order.
 */
export async function insertApplications(db: Db, applications: readonly PipelineApplication[]): Promise<string[]> {
  const placed = applications.map((application) => {
    const at = application.at ?? new Date(Date.now() - 60_000);
    const draft = application.state === 'DRAFT';
    const position = draft
      ? null
      : resolvePosition(application.organization.stages, application.stageId ?? 1, application.substageId)!;
    return { application, at, position };
  });
  const rows = await db
    .insertInto('applications')
    .values(
      placed.map(({ application, at, position }) => ({
        organization_id: application.organization.id,
        role_id: application.roleId,
        user_id: application.userId,
        state: application.state ?? 'SUBMITTED',
        candidate_status: position ? ('ACTIVE' as const) : null,
        answers: json(application.answers ?? {}),
        ...application.copied,
        stage_id: position?.stageId ?? null,
        substage_id: position?.substageId ?? null,
        stage_status: position?.stageStatus ?? null,
        applied_at: position ? at : null,
        last_change_at: at,
      })),
    )
    .returning('id')
    .execute();
  const history = placed.flatMap(({ application, at, position }, i) =>
    position
      ? [
          {
            organization_id: application.organization.id,
            application_id: rows[i]!.id,
            actor_id: application.userId,
            kind: 'SUBMIT' as const,
            to_stage_id: position.stageId,
            to_substage_id: position.substageId,
            to_stage_status: position.stageStatus,
            created_at: at,
          },
        ]
      : [],
  );
  if (history.length) await db.insertInto('stage_history').values(history).execute();
  return rows.map((row) => row.id);
}

/** The services' caller for a demo user of the organisation (hr@acme.example…), as a signed-in request has it. */
export async function viewerOf(db: Db, organization: OrganizationRecord, email: string): Promise<Viewer> {
  const user = (await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow()) as unknown as UserRecord;
  return { user, organization, session: { familyId: 'test', organizationId: organization.id, otpVerified: true } };
}
