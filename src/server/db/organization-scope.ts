import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver } from 'kysely';

/*
 * The second wall of tenancy (issue 19, decision 0068): on PostgreSQL every organisation-owned table has a
 * row-level security policy (migration 0022) that shows and accepts only the rows of the organisation named by the
 * connection's `candid.organization_id` setting, unless `candid.cross_organization` is 'on'. This module decides
 * those two settings for each connection Kysely takes from the pool, from the async context of the code asking:
 *
 * - inside an HTTP request (enterRequestScope): the request's organisation once loadOrganization has found it, and
 *   none before (no organisation-owned row at all);
 * - inside crossOrganizations(): the explicit bypass, for the few paths that legitimately span organisations;
 * - inside asOrganization(id): that organisation (a background job of one organisation);
 * - anywhere else (migrations, seeding, the job worker's loop, scripts): the operator, unwalled.
 */

interface Scope {
  /** The organisation whose rows the connection sees; null: none. */
  organizationId: string | null;
  /** The explicit bypass: every organisation's rows. */
  crossOrganization: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();
const requestResources = new WeakMap<object, AsyncResource>();

/**
 * Fastify onRequest hook (callback style, so the rest of the request runs inside the scope): the request starts
 * seeing no organisation's rows. `key` is the raw request, used again by continueRequestScope.
 */
export function enterRequestScope(key: object, done: () => void): void {
  scopes.run({ organizationId: null, crossOrganization: false }, () => {
    const resource = new AsyncResource('candid-organization-scope');
    requestResources.set(key, resource);
    resource.runInAsyncScope(done);
  });
}

/**
 * Fastify preValidation hook: the body arrives on the socket's own async context, so Fastify calls the later hooks
 * and the handler from there; this puts them back in the request's scope (nodejs/node#34430).
 */
export function continueRequestScope(key: object, done: () => void): void {
  const resource = requestResources.get(key);
  if (resource) resource.runInAsyncScope(done);
  else done();
}

/** The request's organisation is known (loadOrganization): from here on its connections see that organisation. */
export function scopeRequestToOrganization(organizationId: string): void {
  const scope = scopes.getStore();
  if (scope && !scope.crossOrganization) scope.organizationId = organizationId;
}

/** Runs `work` seeing only `organizationId`'s rows: a background job of one organisation. */
export function asOrganization<T>(organizationId: string, work: () => Promise<T>): Promise<T> {
  return scopes.run({ organizationId, crossOrganization: false }, work);
}

/**
 * The explicit bypass of the wall, for work that spans organisations by design: the bearer token lookup (a token is
 * its own key, and a platform admin's token works in every organisation), claiming due jobs of every organisation,
 * and the platform admin's lists of every organisation. Every caller says why in a comment.
 */
export function crossOrganizations<T>(work: () => Promise<T>): Promise<T> {
  return scopes.run({ organizationId: null, crossOrganization: true }, work);
}

/** The two settings a connection needs for the calling context, as one key. */
function settingsKey(): string {
  const scope = scopes.getStore();
  if (!scope || scope.crossOrganization) return 'on|';
  return `off|${scope.organizationId ?? ''}`;
}

const settingsQuery = (key: string): CompiledQuery => {
  const [cross, organizationId] = key.split('|') as [string, string];
  return CompiledQuery.raw(
    "select set_config('candid.cross_organization', $1, false), set_config('candid.organization_id', $2, false)",
    [cross, organizationId],
  );
};

/**
 * Wraps a PostgreSQL dialect so every connection taken from the pool carries the calling context's settings. They are
 * session settings, written before any transaction begins (so a rollback cannot undo them), and only when they
 * differ from what the connection already carries: a pool serving one organisation pays nothing per query.
 */
export function withOrganizationScope(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new OrganizationScopedDriver(dialect.createDriver()),
  };
}

class OrganizationScopedDriver implements Driver {
  readonly #current = new WeakMap<DatabaseConnection, string>();

  constructor(private readonly driver: Driver) {
    if (driver.savepoint) this.savepoint = driver.savepoint.bind(driver);
    if (driver.rollbackToSavepoint) this.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver);
    if (driver.releaseSavepoint) this.releaseSavepoint = driver.releaseSavepoint.bind(driver);
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  init: Driver['init'] = (options) => this.driver.init(options);
  beginTransaction: Driver['beginTransaction'] = (connection, settings) =>
    this.driver.beginTransaction(connection, settings);
  commitTransaction: Driver['commitTransaction'] = (connection) => this.driver.commitTransaction(connection);
  rollbackTransaction: Driver['rollbackTransaction'] = (connection) => this.driver.rollbackTransaction(connection);
  releaseConnection: Driver['releaseConnection'] = (connection, options) =>
    this.driver.releaseConnection(connection, options);
  destroy: Driver['destroy'] = (options) => this.driver.destroy(options);

  acquireConnection: Driver['acquireConnection'] = async (options) => {
    const connection = await this.driver.acquireConnection(options);
    const key = settingsKey();
    if (this.#current.get(connection) === key) return connection;
    try {
      await connection.executeQuery(settingsQuery(key));
    } catch (error) {
      await this.driver.releaseConnection(connection).catch(() => undefined);
      throw error;
    }
    this.#current.set(connection, key);
    return connection;
  };
}
