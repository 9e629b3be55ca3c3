import type { MatrixActor, MatrixScope } from '#schemas/contract';
import type { UserType } from '#schemas/organization';
import { sql } from 'kysely';
import type { Db } from '#server/db/client';
import { json } from '#server/db/json';
import type { OrganizationRecord } from '#server/db/types';
import { newToken, sha256 } from '#server/lib/secrets';
import { insertContact } from '#server/modules/organization-admin/organization-admin.repository';
import { insertEvent, upsertRegistration } from '#server/modules/events/event.repository';
import { insertBooking, insertInvitation, insertSchedule } from '#server/modules/scheduling/scheduling.repository';
import { insertBatch } from '#server/modules/communications/message.repository';
import { insertTemplate } from '#server/modules/communications/template.repository';
import { userRow } from '#server/seed/factories';
import { compileFormValidators } from '#server/modules/forms/validators.service';
import { SMALL_FORM_REQUEST } from './validator-module';
import { insertApplications, PDF, PNG, roleIdByName } from './applications';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';

/*
 * Worlds of records for tests that call every route (the authorisation matrix, the API fuzzing):
 * in each of two organisations, fresh signed-in people of every kind, applications with documents
 * and a note, a job, an event and a registration, a contact, a booked interview and its link's
 * token, a coaching session, a message template, a batch and an unsubscribe token; and the value
 * of every path parameter for a caller asking about their own, another's or another
 * organisation's record.
 */

export type OrgKey = 'acme' | 'hartley';
const OTHER: Record<OrgKey, OrgKey> = { acme: 'hartley', hartley: 'acme' };

export interface Person {
  id: string;
  email: string;
  token: string;
}

/** One organisation's people and records in a world. */
export interface OrgWorld {
  org: OrganizationRecord;
  roleId: string;
  candidate: Person;
  /** Another candidate of the same organisation: the owner of the "same organisation" application. */
  candidate2: Person;
  manager: Person;
  hiringAdmin: Person;
  /** The candidate's application (submitted into stage 1), its transcript (a photo too) and a note on it. */
  application: string;
  document: string;
  note: string;
  /** candidate2's application and document. */
  application2: string;
  document2: string;
  job: string;
  /** An event of the organisation, the candidate's registration for it, a contact. */
  event: string;
  registration: string;
  contact: string;
  /** The interview schedule the invitation belongs to. */
  schedule: string;
  /** An invitation of the candidate's application (booked: its booking is the interview), its link's token. */
  invitation: string;
  interview: string;
  interviewToken: string;
  slot: string;
  slotStartsAt: string;
  /** A booked coaching session on the candidate's application. */
  session: string;
  /** A message template, a batch that sent it to the candidate, and that email's unsubscribe token. */
  template: string;
  batch: string;
  unsubscribeToken: string;
  /** A validator module the organisation compiled (decision 0076): its file name. */
  validatorFile: string;
}

export interface World {
  acme: OrgWorld;
  hartley: OrgWorld;
  platformAdmin: Person;
}

export interface WorldOrganizations {
  orgs: Record<OrgKey, OrganizationRecord>;
  roles: Record<OrgKey, string>;
}

/** The two organisations of every world and the role of each that worlds apply to. */
export async function worldOrganizations(db: Db): Promise<WorldOrganizations> {
  const orgs = {
    acme: (await findOrganizationByKey(db, 'acme'))!,
    hartley: (await findOrganizationByKey(db, 'hartley'))!,
  };
  const roles = {
    acme: await roleIdByName(db, 'acme', 'Graduate Consultant, Strategy'),
    hartley: await roleIdByName(db, 'hartley', 'Associate, Banking and Finance (2 to 4 PQE)'),
  };
  return { orgs, roles };
}

/** A maker of fresh worlds on the database, for the two organisations and a role of each. */
export function worldMaker(db: Db, { orgs, roles: baseRoles }: WorldOrganizations) {
  let counter = 0;

  /** Fresh people, signed in, in a handful of statements: users, session families, access tokens. */
  async function people(wanted: readonly { org: OrganizationRecord | null; userType: UserType }[]): Promise<Person[]> {
    const rows = await Promise.all(
      wanted.map(({ org, userType }) =>
        userRow({
          organizationId: org?.id ?? null,
          email: `matrix-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.test`,
          userType,
          firstName: 'Mat',
          lastName: 'Rix',
        }),
      ),
    );
    const users = await db.insertInto('users').values(rows).returning(['id', 'email']).execute();
    const home = (i: number) => wanted[i]!.org?.id ?? orgs.acme.id;
    const expires = new Date(Date.now() + 3600_000);
    const families = await db
      .insertInto('session_families')
      .values(
        users.map((u, i) => ({
          organization_id: home(i),
          user_id: u.id,
          client_id: 'web',
          session_timeout_seconds: null,
          otp_verified_at: null,
          absolute_expires_at: expires,
        })),
      )
      .returning('id')
      .execute();
    const tokens = users.map(() => newToken());
    await db
      .insertInto('session_tokens')
      .values(
        users.map((u, i) => ({
          token_hash: sha256(tokens[i]!),
          kind: 'access' as const,
          family_id: families[i]!.id,
          organization_id: home(i),
          user_id: u.id,
          expires_at: expires,
        })),
      )
      .execute();
    return users.map((u, i) => ({ id: u.id, email: u.email, token: tokens[i]! }));
  }

  function applications(rows: readonly { org: OrganizationRecord; roleId: string; userId: string }[]) {
    return insertApplications(
      db,
      rows.map(({ org, roleId, userId }) => ({
        organization: org,
        roleId,
        userId,
        answers: { firstName: 'Mat', lastName: 'Rix' },
      })),
    );
  }

  /** A transcript and a photo on each application. */
  async function documents(rows: readonly { org: OrganizationRecord; applicationId: string; userId: string }[]) {
    const files = [
      ['transcript', 'transcript.pdf', 'application/pdf', PDF],
      ['photo', 'photo.png', 'image/png', PNG],
    ] as const;
    const inserted = await db
      .insertInto('documents')
      .values(
        rows.flatMap(({ org, applicationId, userId }) =>
          files.map(([field, name, type, bytes]) => ({
            organization_id: org.id,
            application_id: applicationId,
            user_id: userId,
            field_id: field,
            file_name: name,
            content_type: type,
            size: bytes.length,
            sha256: '0'.repeat(64),
            content: bytes,
          })),
        ),
      )
      .returning('id')
      .execute();
    // The transcripts: every other row.
    return rows.map((_, i) => inserted[i * files.length]!.id);
  }

  /** A copy of each organisation's role, for a world whose calls may archive or edit it. */
  async function roleCopies(): Promise<Record<OrgKey, string>> {
    const copy = async (id: string) => {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO roles
        SELECT (jsonb_populate_record(NULL::roles, to_jsonb(r) || jsonb_build_object('id', gen_random_uuid(), 'reference', NULL))).*
        FROM roles r WHERE r.id = ${id}
        RETURNING id`.execute(db);
      return rows[0]!.id;
    };
    const [acme, hartley] = await Promise.all([copy(baseRoles.acme), copy(baseRoles.hartley)]);
    return { acme, hartley };
  }

  /**
   * A fresh world: people, applications, documents and the newer records of both organisations. With `ownRoles`
   * its applications hang off copies of the roles, so a call that archives or edits its role spoils no other world.
   */
  async function newWorld({ ownRoles = false } = {}): Promise<World> {
    const roles = ownRoles ? await roleCopies() : baseRoles;
    const keys = ['acme', 'hartley'] as const;
    const kinds = ['CANDIDATE', 'CANDIDATE', 'HIRING_MANAGER', 'HIRING_MANAGER_ADMIN'] as const;
    const everyone = await people([
      ...keys.flatMap((key) => kinds.map((userType) => ({ org: orgs[key], userType }))),
      { org: null, userType: 'ADMIN' },
    ]);
    const of = (k: number, i: number) => everyone[k * kinds.length + i]!;
    const apps = await applications(
      keys.flatMap((key, k) => [0, 1].map((i) => ({ org: orgs[key], roleId: roles[key], userId: of(k, i).id }))),
    );
    const docs = await documents(
      keys.flatMap((key, k) =>
        [0, 1].map((i) => ({ org: orgs[key], applicationId: apps[k * 2 + i]!, userId: of(k, i).id })),
      ),
    );
    const notes = await db
      .insertInto('candidate_notes')
      .values(
        keys.map((key, k) => ({
          organization_id: orgs[key].id,
          application_id: apps[k * 2]!,
          author_id: of(k, 2).id,
          kind: 'NOTE' as const,
          body: 'A note',
        })),
      )
      .returning('id')
      .execute();
    const jobs = await db
      .insertInto('jobs')
      .values(
        keys.map((key, k) => ({
          organization_id: orgs[key].id,
          user_id: of(k, 2).id,
          kind: 'fast_track',
          payload: json({}),
          progress_total: 0,
        })),
      )
      .returning('id')
      .execute();
    const extras = await Promise.all(
      keys.map((key, k) => newRecords(orgs[key], roles[key], of(k, 0), of(k, 2), apps[k * 2]!)),
    );
    const orgWorld = (key: OrgKey, k: number): OrgWorld => ({
      ...extras[k]!,
      org: orgs[key],
      roleId: roles[key],
      candidate: of(k, 0),
      candidate2: of(k, 1),
      manager: of(k, 2),
      hiringAdmin: of(k, 3),
      application: apps[k * 2]!,
      application2: apps[k * 2 + 1]!,
      document: docs[k * 2]!,
      document2: docs[k * 2 + 1]!,
      note: notes[k]!.id,
      job: jobs[k]!.id,
    });
    return { acme: orgWorld('acme', 0), hartley: orgWorld('hartley', 1), platformAdmin: everyone.at(-1)! };
  }

  /** The records of the newer modules: events, contacts, interviews and coaching sessions. */
  async function newRecords(
    org: OrganizationRecord,
    roleId: string,
    candidate: Person,
    manager: Person,
    application: string,
  ) {
    const day = 24 * 3600_000;
    const start = new Date(Date.now() + 7 * day);
    const end = new Date(start.getTime() + 3600_000);
    const event = await insertEvent(db, org.id, {
      title: 'Matrix evening',
      description: '',
      type: 'OPEN_EVENING',
      start_at: start,
      end_at: end,
      place: 'London',
      online_link: null,
      capacity: 10,
      registration_deadline: null,
      role_ids: [],
      questions: [],
    });
    const registration = await upsertRegistration(db, {
      organizationId: org.id,
      eventId: event,
      userId: candidate.id,
      status: 'REGISTERED',
      answers: {},
    });
    const contact = await insertContact(db, org.id, {
      name: 'Matrix contact',
      email: null,
      phone: null,
      job_title: null,
      notes: null,
    });
    const schedule = await insertSchedule(
      db,
      {
        organizationId: org.id,
        roleId,
        stageId: secondStage(org).id,
        title: 'Matrix interview',
        timeZone: 'Europe/London',
        createdBy: manager.id,
      },
      [
        {
          parentStartsAt: start,
          parentEndsAt: end,
          startsAt: start,
          endsAt: end,
          location: 'London',
          capacity: 2,
          interviewerIds: [manager.id],
        },
      ],
    );
    const slot = await db
      .selectFrom('interview_slots')
      .select('id')
      .where('schedule_id', '=', schedule)
      .executeTakeFirstOrThrow();
    const interviewToken = newToken();
    const invitation = await insertInvitation(db, {
      organizationId: org.id,
      scheduleId: schedule,
      applicationId: application,
      tokenHash: sha256(interviewToken),
      dueAt: new Date(Date.now() + 3 * day),
    });
    const interview = await insertBooking(db, { organizationId: org.id, invitationId: invitation, slotId: slot.id });
    const session = await db
      .insertInto('coaching_sessions')
      .values({
        organization_id: org.id,
        application_id: application,
        type: 'call',
        starts_at: start,
        ends_at: end,
        location: '',
        notes: '',
        coach_id: manager.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const template = await insertTemplate(db, org.id, {
      name: 'Matrix template',
      channel: 'EMAIL',
      kind: 'GENERAL',
      texts: { en: { subject: 'Hello', body: '<p>Hello {{candidateName}}</p>' } },
      trigger: null,
    });
    const batch = await insertBatch(db, {
      organizationId: org.id,
      templateId: template.id,
      templateName: template.name,
      channel: 'EMAIL',
      origin: 'MANUAL',
      senderId: manager.id,
      siteBase: 'http://localhost',
    });
    const unsubscribeToken = newToken();
    await db
      .insertInto('messages')
      .values({
        organization_id: org.id,
        batch_id: batch,
        user_id: candidate.id,
        application_id: application,
        status: 'SENT',
        unsubscribe_token_hash: sha256(unsubscribeToken),
      })
      .execute();
    const validatorFile = `${await compileFormValidators(db, org.id, SMALL_FORM_REQUEST, '127.0.0.1')}.js`;
    return {
      template: template.id,
      batch,
      unsubscribeToken,
      validatorFile,
      event,
      registration: registration.id,
      contact: contact.id,
      schedule,
      invitation,
      interview,
      interviewToken,
      slot: slot.id,
      slotStartsAt: start.toISOString(),
      session: session.id,
    };
  }

  return { newWorld };
}

/** A fresh world on the demo organisations acme and hartley, with a role of each (for tests of one module's routes). */
export async function demoWorld(db: Db): Promise<World> {
  const orgs = {
    acme: (await findOrganizationByKey(db, 'acme'))!,
    hartley: (await findOrganizationByKey(db, 'hartley'))!,
  };
  const roles = {
    acme: await roleIdByName(db, 'acme', 'Graduate Consultant, Strategy'),
    hartley: await roleIdByName(db, 'hartley', 'Associate, Banking and Finance (2 to 4 PQE)'),
  };
  return worldMaker(db, { orgs, roles }).newWorld();
}

/** One question of the matrix: who asks (from which organisation) about which resource. */
export interface Cell {
  actor: MatrixActor;
  /** The caller's organisation (the platform admin works on acme's site). */
  home: OrgKey;
  scope: MatrixScope;
}

/** The records a cell names: the caller's own, another's in their organisation, or another organisation's. */
export function target(world: World, cell: Cell) {
  const home = world[cell.home];
  const resourceOrg = cell.scope === 'other' ? world[OTHER[cell.home]] : home;
  const caller = callerOf(world, cell);
  // A candidate's "same organisation" record is another candidate's; the hiring side's is the candidate's.
  const second = cell.actor === 'candidate' && cell.scope === 'same';
  return {
    caller,
    world: resourceOrg,
    application: second ? resourceOrg.application2 : resourceOrg.application,
    document: second ? resourceOrg.document2 : resourceOrg.document,
    owner: cell.scope === 'own' && caller ? caller : second ? resourceOrg.candidate2 : resourceOrg.candidate,
  };
}

export function callerOf(world: World, cell: Cell): Person | undefined {
  if (cell.actor === 'anonymous') return undefined;
  if (cell.actor === 'platformAdmin') return world.platformAdmin;
  const home = world[cell.home];
  return cell.actor === 'candidate' ? home.candidate : home[cell.actor];
}

/** A stage of the organisation's pipeline past the first, for moves. */
const secondStage = (org: OrganizationRecord) => [...org.stages].sort((a, b) => a.orderIndex - b.orderIndex)[1]!;

/** The value of each path parameter for a cell. */
export function paramValue(name: string, path: string, world: World, cell: Cell): string {
  const { world: w, application: app, document: doc, owner } = target(world, cell);
  switch (name) {
    case 'orgId':
      return w.org.id;
    case 'sub':
      return w.org.subdomain;
    case 'id':
      if (path.startsWith('/v1/organization/:id')) return w.org.id;
      if (path.startsWith('/v1/user/:id')) return owner.id;
      return app;
    case 'roleId':
      return w.roleId;
    case 'docId':
      return doc;
    case 'noteId':
      return w.note;
    case 'userId':
      return w.manager.id;
    case 'jobId':
      return w.job;
    case 'email':
      return owner.email;
    case 'code':
      return '123456';
    case 'n':
      return '0';
    case 'type':
      return path.includes('documentType') ? 'WRITING_SAMPLE' : 'GENDER';
    case 'stageId':
      return String(secondStage(w.org).id);
    case 'subId':
      return secondStage(w.org).subStages[0]!.id;
    case 'eventId':
      return w.event;
    case 'registrationId':
      return w.registration;
    case 'x':
      // An event to add the candidate to, or the stage whose interview the candidate page shows.
      return path.includes('/events/') ? w.event : 'current';
    case 'contactId':
      return w.contact;
    case 'scheduleId':
      return w.schedule;
    case 'invitationId':
      return w.invitation;
    case 'interviewId':
      return w.interview;
    case 'sessionId':
      return w.session;
    case 'token':
      return path.includes('/unsubscribe/') ? w.unsubscribeToken : w.interviewToken;
    case 'tenant':
      return 'matrix_tenant';
    case 'envelopeId':
      // The fake signing provider's envelope: none by this id (its page answers 410 Gone).
      return '00000000-0000-4000-8000-000000000000';
    case 'templateId':
      return w.template;
    case 'batchId':
      return w.batch;
    case 'number':
      return '1';
    case 'kind':
      return 'logo';
    case 'report':
      return 'efficiency';
    case 'name':
      return 'header';
    case 'file':
      // A validator module the organisation compiled (another organisation's is not found).
      return w.validatorFile;
    case 'language':
      // A language the organisation offers (a demo organisation's own).
      return w.org.additional_language_support[0]!.code;
    default:
      throw new Error(`${path}: the matrix has no value for :${name}; add one to paramValue`);
  }
}
