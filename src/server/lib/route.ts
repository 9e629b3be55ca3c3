import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TObject } from 'typebox';
import type { Access, RouteContract } from '#schemas/contract';
import type { App } from '../app-types';
import { auditHook } from './audit-trail';
import { BEARER, ERRORS_OF, SubdomainQuery } from './route-schemas';

/** The Fastify schema a contract becomes: its own parts plus the error answers of its access level. */
type SchemaOf<C extends RouteContract> = {
  params: C['params'];
  querystring: C['querystring'];
  body: C['body'];
  response: C['response'] & (typeof ERRORS_OF)[C['access']];
};

/** A handler typed by the contract: `request.params`, `query` and `body` as declared, the answer checked. */
export type ContractHandler<C extends RouteContract> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<C>,
  TypeBoxTypeProvider,
  FastifyBaseLogger
>;

/**
 * Adds `hook` after a route's own hooks of that name, from an `onRoute` hook: for a plugin whose hook does something on
 * some routes only (revalidation, auth), so the others do not call it at all.
 */
export function addRouteHook(
  route: RouteOptions,
  name: 'onRequest' | 'preSerialization' | 'onSend',
  hook: (...args: never[]) => unknown,
): void {
  const own: unknown = route[name];
  Object.assign(route, { [name]: [own ?? []].flat().concat(hook) });
}

/** What only the server knows about a route: hooks such as `preHandler`, body limits. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema'>;

function querystringOf(contract: RouteContract): TObject | undefined {
  if (contract.access !== 'signed-in') return contract.querystring;
  const own = contract.querystring;
  const { properties: _properties, type: _type, required: _required, ...options } = own ?? {};
  return Type.Object({ ...SubdomainQuery.properties, ...own?.properties }, options);
}

/**
 * Registers the call a contract describes (schemas/contract.ts) on `app`, whose prefix must lead
 * to the contract's path (a plugin under `/api/v1` registers `/v1/...` contracts).
 */
export function route<const C extends RouteContract>(
  app: App,
  contract: C,
  handler: ContractHandler<C>,
  extras: RouteExtras = {},
): void {
  const fullPath = `/api${contract.path}`;
  if (!fullPath.startsWith(app.prefix))
    throw new Error(`${contract.path} cannot be registered under the prefix ${app.prefix}`);
  const access: Access = contract.access;
  const querystring = querystringOf(contract);
  app.route({
    ...extras,
    // An audited call is recorded before its answer leaves (decision 0054).
    ...(contract.audit ? { onSend: [auditHook(contract.audit)] } : {}),
    // The contract rides along for the route table (app.routeTable, the authorisation matrix).
    config: { ...extras.config, contract },
    method: contract.method,
    url: fullPath.slice(app.prefix.length) || '/',
    schema: {
      tags: [...contract.tags],
      summary: contract.summary,
      ...(contract.description ? { description: contract.description } : {}),
      ...(access === 'signed-in' ? { security: BEARER } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(querystring ? { querystring } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.consumes ? { consumes: [...contract.consumes] } : {}),
      ...(contract.produces ? { produces: [...contract.produces] } : {}),
      response: { ...ERRORS_OF[access], ...contract.response },
    },
    // The handler is typed by the contract (ContractHandler); the schema object assembled above has a wider type.
    handler: handler as never,
  });
}
