import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RouteContract } from '#schemas/contract';
import type { Db } from './db/client';

/** The Fastify instance every plugin and module receives: TypeBox schemas type the handlers. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The database. Repositories are plain functions taking it (and an organization id). */
    db: Db;
    /**
     * Every route the app serves, as registered (an onRoute hook of buildApp): method, URL and the
     * contract it came from (lib/route), none for the few that have no contract (docs, client
     * pages). The authorisation matrix is generated from it.
     */
    routeTable: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    /** The contract a route was registered from (lib/route). */
    contract?: RouteContract;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  contract?: RouteContract;
}
