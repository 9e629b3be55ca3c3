import type { Static, TObject, TSchema } from 'typebox';

/*
 * One contract per API call: method, path, parameters, query, body and answers, written once.
 * The server registers the call from it (src/server/lib/route.ts: schema validation, OpenAPI,
 * typed handler) and the client calls it through it (src/client/api/call.ts: the URL built from
 * the path, typed input and answer), so a path or a shape written differently on the two sides
 * is a type error, not a 404 at run time. Contracts live in schemas/contracts/*.contract.ts.
 */

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `public` (anyone; the organisation comes from the path or the host) or
 * `signed-in` (a bearer token; the client adds the `subdomain` query, spec §7). The server adds
 * the error answers of the access level (400, 401, 403, 404 for signed-in calls).
 */
export type Access = 'public' | 'signed-in';

export interface RouteContract {
  readonly method: HttpMethod;
  /** The path under /api, with `:name` parameters: `/v1/candidate/:id/undo`. */
  readonly path: string;
  readonly summary: string;
  /** A longer explanation for the OpenAPI document. */
  readonly description?: string;
  readonly tags: readonly string[];
  readonly access: Access;
  readonly params?: TObject;
  readonly querystring?: TObject;
  readonly body?: TSchema;
  /** The request media types, for the OpenAPI document, when not only JSON (a form-encoded or multipart body). */
  readonly consumes?: readonly string[];
  /** Answer media types other than JSON, for the OpenAPI document (an image, a CSV file). */
  readonly produces?: readonly string[];
  /** Answers by status: the successful ones, and any error beyond those of the access level. */
  readonly response: { readonly [status: number]: TSchema };
}

/** Declares a contract, keeping every literal (path, method, schemas) for the types below. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

type StaticOf<S> = S extends TSchema ? Static<S> : never;
type SuccessStatus = 200 | 201 | 202 | 204 | 206;

/** What a successful call answers: the union of its 2xx answers. */
export type RouteAnswer<C extends RouteContract> = {
  [K in keyof C['response']]: K extends SuccessStatus ? StaticOf<C['response'][K]> : never;
}[keyof C['response']];

export type RouteParams<C extends RouteContract> = C['params'] extends TObject ? Static<C['params']> : never;
export type RouteQuery<C extends RouteContract> = C['querystring'] extends TObject ? Static<C['querystring']> : never;
export type RouteBody<C extends RouteContract> = C['body'] extends TSchema ? Static<C['body']> : never;

type Part<Key extends string, T> = [T] extends [never]
  ? { [K in Key]?: never }
  : Record<never, never> extends T
    ? { [K in Key]?: T }
    : { [K in Key]: T };

/** What a caller gives: `params` for the path, `query`, `body`; each required when its schema requires something. */
export type RouteInput<C extends RouteContract> = Part<'params', RouteParams<C>> &
  Part<'query', RouteQuery<C>> &
  Part<'body', RouteBody<C>>;

/** The contract's path with its parameters filled in (each URI-encoded): `/v1/candidate/a%2Fb/undo`. */
export function pathOf(contract: RouteContract, params: Readonly<Record<string, unknown>> = {}): string {
  return contract.path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${contract.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
