import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  entryStage,
  orderedSubStages,
  resolvePosition,
  type PipelinePosition,
  candidateStatusOf,
  defaultTotalScore,
} from '#engine';
import type { OrganizationStage } from '#schemas/pipeline';
import { candidateProgress, WITHDREW_STAGE } from '../modules/profiles/candidate-progress';
import { roleForm } from '../modules/applications/role-form';
import { searchColumns } from '../modules/applications/search-columns';
import { findOrganizationByKey } from '../modules/organizations/organization.repository';
import { refreshStagesReached } from '../modules/reports/reports.repository';
import { findManagerRolePage, type RoleRecord } from '../modules/roles/role.repository';
import type { Db } from '../db/client';
import { demoAnswers, type DemoFile } from './demo-answers';
import { demoPeople, seededRandom, type DemoPerson, type Random } from './demo-people';
import { json } from '../db/json';
import type {
  ApplicationState,
  NewApplicationRow,
  NewUserRow,
  StageMoveKind,
  StageStatusColumn,
  OrganizationRecord,
} from '../db/types';

/*
 * The demo pipeline (decision 0016): submitted applications from demo candidates on the first
 * active roles of every demo organisation (in the order the managers' role list shows them),
 * spread over the organisation's stages and substages with a stage history that leads there,
 * some scores, notes and comments. Seeded once per organisation: a database that already has the
 * organisation's demo candidates is left alone, so restarts cost one query per organisation.
 */

/** Applications per role, for the organisation's first active roles. */
const PLANS: Record<string, readonly number[]> = { acme: [40, 40, 12] };
const DEFAULT_PLAN: readonly number[] = [14, 10, 6];
/**
 * acme's first role: this many applications wait at the entry stage's default substage with a
 * Russell Group university, so a filter on stage and university group always finds several (e2e).
 */
const ACME_ENTRY_RUSSELL = 8;

const REJECTED = 16;
const SOURCES = ['Careers site', 'Careers site', 'Careers site', 'LinkedIn', 'University careers service', 'Referral'];
const NOTES = [
  'Strong academics; check availability for the assessment centre dates.',
  'Spoke on the phone: keen, asked about the London office.',
  'Good answers on motivation. Worth fast-tracking if the test score holds up.',
  'Needs visa sponsorship from next year: confirm with HR before an offer.',
  'Referred by a current graduate; very clear written answers.',
];
const COMMENTS = [
  'Agreed, move forward.',
  'Can someone from the team interview next week?',
  'Holding until the other round closes.',
];
const INTERVIEW_NOTES = [
  'Clear, structured answers.',
  'Good examples of teamwork; a little nervous at first.',
  'Excellent commercial awareness.',
  'Struggled with the case study.',
];

const DAY = 86_400_000;

export interface DemoPipelineResult {
  /** Applications created on this call (0 when every organisation already had its pipeline). */
  applications: number;
  organizations: string[];
}

/** True when the organisation already has demo candidates (the pipeline was seeded before). */
async function hasDemoPipeline(db: Db, organization: OrganizationRecord): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organization.id)
    .where(sql<string>`lower(email)`, 'like', `%@candidates.${organization.subdomain}.example`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

interface Move {
  kind: StageMoveKind;
  from: PipelinePosition | null;
  to: PipelinePosition;
  actorId: string | null;
  at: Date;
}

/** The stages an application may be found at, entry stage first; stages before the entry (sourcing) stay empty. */
function pipelineOf(stages: readonly OrganizationStage[]) {
  const ordered = [...stages].sort((a, b) => a.orderIndex - b.orderIndex);
  const entry = entryStage(stages)!;
  const after = ordered.slice(ordered.indexOf(entry) + 1);
  const progression = after.filter((s) => !s.groupStage);
  return {
    entry,
    progression,
    offer: after.find((s) => s.groupStage === 'OFFERS'),
    hired: after.find((s) => s.groupStage === 'HIRED'),
    rejected: after.find((s) => s.id === REJECTED),
    withdrew: after.find((s) => s.id === WITHDREW_STAGE),
  };
}

type Pipeline = ReturnType<typeof pipelineOf>;

/** Where one application is now, and the stages it went through to get there (entry first). */
function destination(
  pipeline: Pipeline,
  random: Random,
  forceEntry: boolean,
): { path: OrganizationStage[]; last: OrganizationStage } {
  const { entry, progression, offer, hired, rejected, withdrew } = pipeline;
  const through = (n: number) => [entry, ...progression.slice(0, n)];
  if (forceEntry) return { path: [entry], last: entry };
  const roll = random.next();
  if (roll < 0.42 || progression.length === 0) return { path: [entry], last: entry };
  if (roll < 0.74) {
    // Further along the stages, fewer at each.
    let reached = 1;
    while (reached < progression.length && random.chance(0.45)) reached++;
    const path = through(reached);
    return { path, last: path.at(-1)! };
  }
  if (roll < 0.87 && rejected) {
    const path = [...through(random.int(0, Math.min(2, progression.length))), rejected];
    return { path, last: rejected };
  }
  if (roll < 0.92 && withdrew) {
    const path = [...through(random.int(0, 1)), withdrew];
    return { path, last: withdrew };
  }
  if (roll < 0.97 && offer) {
    const path = [...through(progression.length), offer];
    return { path, last: offer };
  }
  if (hired && offer) {
    const path = [...through(progression.length), offer, hired];
    return { path, last: hired };
  }
  return { path: [entry], last: entry };
}

/** A substage of the stage: at the entry stage mostly the default (new applications), elsewhere spread. */
function substageOf(
  stage: OrganizationStage,
  random: Random,
  isEntry: boolean,
  forceDefault: boolean,
): PipelinePosition {
  const subs = orderedSubStages(stage);
  const fallback = resolvePosition([stage], stage.id)!;
  if (forceDefault || subs.length < 2) return fallback;
  if (random.chance(isEntry ? 0.75 : 0.45)) return fallback;
  const sub = random.pick(subs);
  return { stageId: stage.id, substageId: sub.id, stageStatus: sub.codeStage };
}

interface Rows {
  users: NewUserRow[];
  applications: NewApplicationRow[];
  history: Array<{ id: string; applicationId: string; move: Move }>;
  documents: Array<{ applicationId: string; userId: string; file: DemoFile; at: Date }>;
  notes: Array<{ applicationId: string; authorId: string | null; kind: 'NOTE' | 'COMMENT'; body: string; at: Date }>;
  scores: Array<{
    applicationId: string;
    stageId: number;
    key: string;
    value: unknown;
    score: number | null;
    authorId: string | null;
    at: Date;
  }>;
}

function metricValue(
  metric: OrganizationStage['metrics'][number],
  person: DemoPerson,
  random: Random,
  at: Date,
): { value: unknown; score: number | null } {
  switch (metric.metricType) {
    case 'NUMBER': {
      const min = metric.min ?? 0;
      const max = metric.max ?? 5;
      const value = Math.max(
        min,
        Math.min(max, Math.round(min + (max - min) * (0.35 + person.strength * 0.55) + random.int(-1, 1))),
      );
      return { value, score: value };
    }
    case 'PERCENT': {
      const min = metric.min ?? 0;
      const max = metric.max ?? 100;
      const value = Math.max(min, Math.min(max, Math.round(45 + person.strength * 45 + random.int(-5, 5))));
      return { value, score: value };
    }
    case 'BOOLEAN': {
      const value = person.strength > 0.4;
      return { value, score: value ? 1 : 0 };
    }
    case 'TEXT':
      return { value: random.pick(INTERVIEW_NOTES), score: null };
    case 'DATE':
      // A week after the stage was reached (an assessment day, an offer's deadline).
      return { value: Math.floor((at.getTime() + 7 * DAY) / 1000), score: null };
  }
}

/**
 * One application: its row, history, documents, and maybe scores and notes. `applied` is when it
 * was submitted; moves are spread between then and now.
 */
function addApplication(
  rows: Rows,
  input: {
    organization: OrganizationRecord;
    role: RoleRecord;
    person: DemoPerson;
    userId: string;
    answers: ReturnType<typeof demoAnswers>;
    steps: string[];
    pipeline: Pipeline;
    hiring: readonly string[];
    random: Random;
    now: Date;
    forceEntryDefault: boolean;
  },
): ApplicationState {
  const { organization, role, person, userId, answers, steps, pipeline, hiring, random, now, forceEntryDefault } =
    input;
  const id = randomUUID();
  const { path, last } = destination(pipeline, random, forceEntryDefault);
  const applied = new Date(now.getTime() - random.int(4, 70) * DAY - random.int(0, 23) * 3_600_000);
  const span = now.getTime() - 3_600_000 - applied.getTime();
  const actor = () => (hiring.length ? random.pick(hiring) : null);
  const withdrawn = last.id === WITHDREW_STAGE;

  // SUBMIT into the entry stage's default substage (as a submit does), then one MOVE per later
  // stage, or a substage move at the entry stage; a withdrawal is the candidate's own WITHDRAW.
  const entryDefault = resolvePosition([pipeline.entry], pipeline.entry.id)!;
  const moves: Move[] = [{ kind: 'SUBMIT', from: null, to: entryDefault, actorId: userId, at: applied }];
  const later = path.length === 1 ? [path[0]!] : path.slice(1);
  later.forEach((stage, i) => {
    const isLast = i === later.length - 1;
    const to =
      isLast && stage.id !== WITHDREW_STAGE
        ? substageOf(stage, random, path.length === 1, forceEntryDefault)
        : resolvePosition([stage], stage.id)!;
    const from = moves.at(-1)!.to;
    if (to.stageId === from.stageId && to.substageId === from.substageId) return;
    const at = new Date(
      applied.getTime() + Math.round((span * (i + 1)) / (later.length + 1)) - random.int(0, 6) * 3_600_000,
    );
    const kind: StageMoveKind = stage.id === WITHDREW_STAGE ? 'WITHDRAW' : 'MOVE';
    moves.push({ kind, from, to, actorId: kind === 'WITHDRAW' ? userId : actor(), at });
  });
  const position = moves.at(-1)!.to;
  const lastChange = moves.at(-1)!.at;
  for (const move of moves) rows.history.push({ id: randomUUID(), applicationId: id, move });

  // Scores at stages passed (or finished) that have metrics: the latest scored stage's total goes on the application.
  let totalScore: number | null = null;
  for (const [i, stage] of path.entries()) {
    const finished = i < path.length - 1 || position.stageStatus === 'COMPLETED';
    if (!finished || stage.metrics.length === 0 || !random.chance(0.75)) continue;
    const at = moves[Math.min(i + 1, moves.length - 1)]!.at;
    const author = actor();
    const values: Record<string, unknown> = {};
    for (const metric of stage.metrics) {
      const { value, score } = metricValue(metric, person, random, at);
      values[metric.key] = value;
      rows.scores.push({ applicationId: id, stageId: stage.id, key: metric.key, value, score, authorId: author, at });
    }
    totalScore = defaultTotalScore(stage.metrics, values) ?? totalScore;
  }

  if (random.chance(0.22))
    rows.notes.push({
      applicationId: id,
      authorId: actor(),
      kind: 'NOTE',
      body: random.pick(NOTES),
      at: new Date(applied.getTime() + span / 3),
    });
  if (random.chance(0.08))
    rows.notes.push({
      applicationId: id,
      authorId: actor(),
      kind: 'COMMENT',
      body: random.pick(COMMENTS),
      at: new Date(applied.getTime() + span / 2),
    });
  for (const file of answers.files)
    rows.documents.push({ applicationId: id, userId, file, at: new Date(applied.getTime() - 3_600_000) });

  const state: ApplicationState = withdrawn ? 'WITHDRAWN' : 'SUBMITTED';
  rows.applications.push({
    id,
    organization_id: organization.id,
    role_id: role.id,
    user_id: userId,
    step: steps.length,
    max_steps: steps.length,
    completed_steps: json(steps),
    answers: json(answers.answers),
    candidate_status: 'ACTIVE',
    state,
    stage_id: position.stageId,
    substage_id: position.substageId,
    stage_status: position.stageStatus,
    assignee_id: hiring.length && random.chance(0.3) ? random.pick(hiring) : null,
    source: random.pick(SOURCES),
    matched: path.length > 2 && last.id !== REJECTED && random.chance(0.3),
    total_score: totalScore,
    applied_at: applied,
    last_change_at: lastChange,
    created_at: new Date(applied.getTime() - random.int(1, 48) * 3_600_000),
    updated_at: lastChange,
    ...searchColumns(answers.answers, role),
  });
  return state;
}

/** Applications per role of one organisation's plan, with the people who make them (some apply to two roles). */
function assignPeople(plan: readonly number[]): { total: number; ranges: Array<{ start: number; count: number }> } {
  const ranges: Array<{ start: number; count: number }> = [];
  let next = 0;
  plan.forEach((count, i) => {
    const overlap = i === 0 ? 0 : Math.floor(Math.min(count, plan[i - 1]!) / 4);
    const start = Math.max(0, next - overlap);
    ranges.push({ start, count });
    next = start + count;
  });
  return { total: next, ranges };
}

async function seedOrganizationPipeline(db: Db, organization: OrganizationRecord, now: Date): Promise<number> {
  const plan = PLANS[organization.subdomain] ?? DEFAULT_PLAN;
  const { rows: roles } = await findManagerRolePage(
    db,
    organization.id,
    { status: 'ACTIVE' },
    { offset: 0, limit: plan.length, now },
  );
  if (roles.length === 0 || organization.stages.length === 0) return 0;
  const hiring = (
    await db
      .selectFrom('users')
      .select('id')
      .where('organization_id', '=', organization.id)
      .where('user_type', 'in', ['HIRING_MANAGER', 'HIRING_MANAGER_ADMIN'])
      .orderBy('email')
      .execute()
  ).map((u) => u.id);
  const random = seededRandom(organization.subdomain);
  const russellFirst = organization.subdomain === 'acme' ? ACME_ENTRY_RUSSELL : 0;
  const { total, ranges } = assignPeople(plan.slice(0, roles.length));
  const people = demoPeople(organization.subdomain, organization.country_base, total, random, russellFirst);
  const userIds: string[] = people.map(() => randomUUID());
  // The organisation's demo candidate (who can sign in, see README) is the first applicant, so a
  // demo shows a manager's move on the candidate's own /applications.
  const demoCandidate = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('organization_id', '=', organization.id)
    .where('user_type', '=', 'CANDIDATE')
    .where('password_hash', 'is not', null)
    .orderBy('email')
    .executeTakeFirst();
  if (demoCandidate && people[0]) {
    people[0] = {
      ...people[0],
      firstName: demoCandidate.first_name ?? people[0].firstName,
      lastName: demoCandidate.last_name ?? people[0].lastName,
      email: demoCandidate.email,
    };
    userIds[0] = demoCandidate.id;
  }
  const pipeline = pipelineOf(organization.stages);
  const year = now.getUTCFullYear();
  const rows: Rows = { users: [], applications: [], history: [], documents: [], notes: [], scores: [] };
  const active = new Set<number>();

  for (const [r, role] of roles.entries()) {
    const form = await roleForm(db, organization, role);
    const steps = form.steps.map((s) => s.id);
    const { start, count } = ranges[r]!;
    for (let k = 0; k < count; k++) {
      const index = start + k;
      const person = people[index]!;
      const answers = demoAnswers(form, person, random, { year, newId: randomUUID });
      const state = addApplication(rows, {
        organization,
        role,
        person,
        userId: userIds[index]!,
        answers,
        steps,
        pipeline,
        hiring,
        random,
        now,
        forceEntryDefault: r === 0 && index < russellFirst,
      });
      const latest = rows.applications.at(-1)!;
      if (candidateProgress(state, latest.stage_id ?? null) !== 'UNSUCCESSFUL' && state !== 'WITHDRAWN')
        active.add(index);
    }
  }
  people.forEach((person, i) => {
    if (userIds[i] === demoCandidate?.id) return;
    rows.users.push({
      id: userIds[i]!,
      organization_id: organization.id,
      email: person.email,
      // Demo candidates never sign in: no password, as for invited or anonymous accounts.
      password_hash: null,
      user_type: 'CANDIDATE',
      first_name: person.firstName,
      last_name: person.lastName,
      email_verified_at: now,
      candidate_status: candidateStatusOf({ profileComplete: false, activeApplication: active.has(i) }),
      accept_terms_at: now,
    });
  });
  await insertRows(db, organization, rows);
  return rows.applications.length;
}

async function insertRows(db: Db, organization: OrganizationRecord, rows: Rows): Promise<void> {
  const organizationId = organization.id;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(rows.users).execute();
    await trx.insertInto('applications').values(rows.applications).execute();
    await trx
      .insertInto('stage_history')
      .values(
        rows.history.map(({ id, applicationId, move }) => ({
          id,
          organization_id: organizationId,
          application_id: applicationId,
          actor_id: move.actorId,
          kind: move.kind,
          from_stage_id: move.from?.stageId ?? null,
          from_substage_id: move.from?.substageId ?? null,
          from_stage_status: move.from?.stageStatus ?? null,
          to_stage_id: move.to.stageId,
          to_substage_id: move.to.substageId,
          to_stage_status: move.to.stageStatus as StageStatusColumn,
          created_at: move.at,
        })),
      )
      .execute();
    // The history is written as it happened, not through moves: each application's stages reached from it.
    await refreshStagesReached(trx, organizationId);
    if (rows.documents.length) {
      await trx
        .insertInto('documents')
        .values(
          rows.documents.map(({ applicationId, userId, file, at }) => ({
            id: file.id,
            organization_id: organizationId,
            application_id: applicationId,
            user_id: userId,
            field_id: file.fieldId,
            file_name: file.fileName,
            content_type: file.contentType,
            size: file.bytes.length,
            sha256: createHash('sha256').update(file.bytes).digest('hex'),
            content: file.bytes,
            created_at: at,
          })),
        )
        .execute();
    }
    if (rows.notes.length) {
      await trx
        .insertInto('candidate_notes')
        .values(
          rows.notes.map((n) => ({
            organization_id: organizationId,
            application_id: n.applicationId,
            author_id: n.authorId,
            kind: n.kind,
            body: n.body,
            created_at: n.at,
            updated_at: n.at,
          })),
        )
        .execute();
    }
    if (rows.scores.length) {
      await trx
        .insertInto('candidate_scores')
        .values(
          rows.scores.map((s) => ({
            organization_id: organizationId,
            application_id: s.applicationId,
            stage_id: s.stageId,
            key: s.key,
            value: json(s.value),
            score: s.score,
            author_id: s.authorId,
            created_at: s.at,
            updated_at: s.at,
          })),
        )
        .execute();
    }
  });
}

/**
 * Seeds the demo pipeline of each organisation (by subdomain) that does not have one yet. Pure
 * inserts in one transaction per organisation; no password hashing, no email jobs.
 */
export async function seedDemoPipeline(
  db: Db,
  subdomains: readonly string[],
  now: Date = new Date(),
): Promise<DemoPipelineResult> {
  let applications = 0;
  const organizations: string[] = [];
  for (const subdomain of subdomains) {
    const organization = await findOrganizationByKey(db, subdomain);
    if (!organization || (await hasDemoPipeline(db, organization))) continue;
    const created = await seedOrganizationPipeline(db, organization, now);
    if (created > 0) {
      applications += created;
      organizations.push(subdomain);
    }
  }
  return { applications, organizations };
}
