import { isStageId, stageGroup, type PipelinePosition } from '#engine';
import type { HrConnection, HrExport } from '#schemas/integrations';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { enqueueJob } from '../../jobs/job.repository';
import type { JobHandlers } from '../../jobs/worker';
import { badRequest, HttpError } from '../../lib/http-error';
import { newToken, sha256 } from '../../lib/secrets';
import type { Viewer } from '../../lib/viewer';
import { pipelineApplication } from '../applications/application-access';
import type { HrProvider } from './hr-provider';
import { decryptToken, encryptToken } from './token-cipher';

/*
 * The HR system connection (decision 0080). A hiring-manager admin starts it: a one-time `state` (only its hash kept,
 * bound to them, the organisation and the tenant, for 10 minutes) rides to the HR system's authorise page and back to
 * /workday-connect, whose call exchanges the code for a token kept encrypted (AES-256-GCM). While connected, a move to
 * a HIRED-group stage queues a job that sends the new hire to the HR system, once per application.
 */

const STATE_MINUTES = 10;
const NEW_HIRE_JOB = 'hr_new_hire';

/** Where the HR system sends the admin back: the HR site's /workday-connect, naming the tenant. */
const hrRedirectUri = (hrBase: string, tenant: string) => {
  const url = new URL('/workday-connect', hrBase);
  url.searchParams.set('tenant', tenant);
  return url.toString();
};

const nameOf = (row: { first_name: string | null; preferred_name: string | null; last_name: string | null }) =>
  [row.preferred_name ?? row.first_name, row.last_name].filter(Boolean).join(' ');

async function connectionOf(db: Db, organizationId: string) {
  return db
    .selectFrom('hr_connections')
    .leftJoin('users', 'users.id', 'hr_connections.connected_by')
    .select([
      'hr_connections.tenant',
      'hr_connections.token_ciphertext',
      'hr_connections.connected_at',
      'users.first_name',
      'users.preferred_name',
      'users.last_name',
      'users.email',
    ])
    .where('hr_connections.organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** GET …/hr-connection. */
export async function hrConnection(db: Db, viewer: Viewer): Promise<HrConnection> {
  const row = await connectionOf(db, viewer.organization.id);
  if (!row) return { connected: false, tenant: null, connectedAt: null, connectedBy: null };
  return {
    connected: true,
    tenant: row.tenant,
    connectedAt: row.connected_at.toISOString(),
    connectedBy: nameOf(row) || row.email || null,
  };
}

/** POST …/hr-connection: the authorise page's address with a fresh state. */
export async function startHrConnection(
  db: Db,
  provider: HrProvider,
  viewer: Viewer,
  tenant: string,
  hrBase: string,
): Promise<{ authorizeUrl: string }> {
  const state = newToken();
  await db
    .deleteFrom('hr_connect_states')
    .where('organization_id', '=', viewer.organization.id)
    .where('expires_at', '<', new Date())
    .execute();
  await db
    .insertInto('hr_connect_states')
    .values({
      token_hash: sha256(state),
      organization_id: viewer.organization.id,
      user_id: viewer.user.id,
      tenant,
      expires_at: new Date(Date.now() + STATE_MINUTES * 60_000),
    })
    .execute();
  return { authorizeUrl: provider.authorizeUrl({ tenant, state, redirectUri: hrRedirectUri(hrBase, tenant) }) };
}

/** POST /organization/:id/workdayConnect/:tenant/:code?state: the state checked and spent, the code exchanged. */
export async function finishHrConnection(
  db: Db,
  provider: HrProvider,
  key: Buffer,
  viewer: Viewer,
  request: { tenant: string; code: string; state: string; hrBase: string },
): Promise<HrConnection> {
  // Spent whatever happens next: a state works once.
  const spent = await db
    .deleteFrom('hr_connect_states')
    .where('organization_id', '=', viewer.organization.id)
    .where('token_hash', '=', sha256(request.state))
    .returning(['user_id', 'tenant', 'expires_at'])
    .executeTakeFirst();
  if (!spent || spent.user_id !== viewer.user.id || spent.tenant !== request.tenant || spent.expires_at < new Date())
    throw badRequest('This connection was not started here, or it took too long. Start connecting again.');
  let accessToken: string;
  try {
    ({ accessToken } = await provider.exchangeCode({
      tenant: request.tenant,
      code: request.code,
      redirectUri: hrRedirectUri(request.hrBase, request.tenant),
    }));
  } catch {
    throw new HttpError(502, 'The HR system did not accept the connection. Start connecting again.');
  }
  const values = {
    provider: provider.kind,
    tenant: request.tenant,
    token_ciphertext: encryptToken(key, accessToken),
    connected_by: viewer.user.id,
    connected_at: new Date(),
  };
  await db
    .insertInto('hr_connections')
    .values({ organization_id: viewer.organization.id, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
    .execute();
  return hrConnection(db, viewer);
}

/** DELETE …/hr-connection: the token is deleted; new hires are no longer sent. */
export async function disconnectHr(db: Db, viewer: Viewer): Promise<HrConnection> {
  await db.deleteFrom('hr_connections').where('organization_id', '=', viewer.organization.id).execute();
  return hrConnection(db, viewer);
}

/** GET …/candidate/:id/hr-export. */
export async function hrExportOf(db: Db, viewer: Viewer, applicationId: string): Promise<HrExport> {
  const application = await pipelineApplication(db, viewer, applicationId);
  const row = await db
    .selectFrom('hr_exports')
    .select(['status', 'sent_at'])
    .where('organization_id', '=', viewer.organization.id)
    .where('application_id', '=', application.id)
    .executeTakeFirst();
  return { status: row?.status ?? null, sentAt: row?.sent_at ? row.sent_at.toISOString() : null };
}

/** Whether a position is in the HIRED group (the organisation's own grouping first). */
function isHired(organization: OrganizationRecord, to: PipelinePosition): boolean {
  const stage = organization.stages.find((s) => s.id === to.stageId);
  const group = stage?.groupStage ?? (isStageId(to.stageId) ? stageGroup(to.stageId) : undefined);
  return group === 'HIRED';
}

/**
 * In the move's transaction: applications moved to a HIRED-group stage of a connected organisation are queued to be
 * sent to the HR system, each once (a later move back and forth sends nothing again).
 */
export async function queueNewHires(
  trx: Db,
  organization: OrganizationRecord,
  applicationIds: readonly string[],
  to: PipelinePosition,
): Promise<void> {
  if (applicationIds.length === 0 || !isHired(organization, to)) return;
  const connected = await trx
    .selectFrom('hr_connections')
    .select('organization_id')
    .where('organization_id', '=', organization.id)
    .executeTakeFirst();
  if (!connected) return;
  const queued = await trx
    .insertInto('hr_exports')
    .values(applicationIds.map((id) => ({ organization_id: organization.id, application_id: id, status: 'QUEUED' })))
    .onConflict((oc) => oc.column('application_id').doNothing())
    .returning('application_id')
    .execute();
  for (const { application_id } of queued)
    await enqueueJob(trx, {
      organizationId: organization.id,
      userId: null,
      kind: NEW_HIRE_JOB,
      payload: { applicationId: application_id },
    });
}

async function markExport(db: Db, applicationId: string, status: 'SENT' | 'FAILED'): Promise<void> {
  await db
    .updateTable('hr_exports')
    .set({ status, ...(status === 'SENT' && { sent_at: new Date() }) })
    .where('application_id', '=', applicationId)
    .execute();
}

/** The worker's handler: the new hire to the HR system with the organisation's token (it runs as the organisation). */
export function hrJobHandlers(db: Db, provider: HrProvider, key: Buffer): JobHandlers {
  return {
    [NEW_HIRE_JOB]: async (payload, job) => {
      const { applicationId } = payload as { applicationId: string };
      const connection = await connectionOf(db, job.organization_id);
      // Disconnected since: nothing to send it to.
      if (!connection) return markExport(db, applicationId, 'FAILED');
      const hire = await db
        .selectFrom('applications')
        .innerJoin('users', 'users.id', 'applications.user_id')
        .innerJoin('roles', 'roles.id', 'applications.role_id')
        .select(['users.first_name', 'users.preferred_name', 'users.last_name', 'users.email', 'roles.name'])
        .where('applications.organization_id', '=', job.organization_id)
        .where('applications.id', '=', applicationId)
        .executeTakeFirst();
      if (!hire) return;
      try {
        await provider.sendNewHire({
          tenant: connection.tenant,
          accessToken: decryptToken(key, connection.token_ciphertext),
          hire: {
            applicationId,
            firstName: hire.preferred_name ?? hire.first_name,
            lastName: hire.last_name,
            email: hire.email,
            roleName: hire.name,
            hiredAt: new Date().toISOString(),
          },
        });
      } catch (error) {
        // The worker retries; the last attempt leaves it FAILED for the team to see.
        if (job.attempts >= job.max_attempts) await markExport(db, applicationId, 'FAILED');
        throw error;
      }
      await markExport(db, applicationId, 'SENT');
    },
  };
}
