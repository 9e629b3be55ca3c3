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

/**
 * Who may use a route, for the authorisation matrix (tests/server/authorization-matrix.test.ts,
 * docs/security.md): one word next to the contract; schemas/authorization.ts turns it into the
 * expected answer of every caller × resource.
 * - `anyone`: no sign-in needed; everyone gets the same kind of answer.
 * - `signed-in`: any signed-in user, about their own account or session (names no other record).
 * - `member`: any signed-in user, about what their organisation shares (another's: 404).
 * - `candidate`: a candidate about their own records; another's are 404, the hiring side 403.
 * - `hiring`: the hiring side (Standard manager, hiring-manager admin, platform admin) about its
 *   organisation; candidates 403; another organisation's records 404.
 * - `hiring-admin`: as `hiring`, but a Standard manager gets 403.
 * - `platform-admin`: platform admins only (403 for everyone else signed in).
 * A route whose path names the organisation (`:orgId`, `:sub`, `/organization/:id`) answers 404 to
 * anyone of another organisation before asking who they are; a platform admin works in every one.
 */
export type Audience = 'anyone' | 'signed-in' | 'member' | 'candidate' | 'hiring' | 'hiring-admin' | 'platform-admin';

/** The callers of the matrix, each from the resource's organisation or another one. */
export type MatrixActor = 'anonymous' | 'candidate' | 'manager' | 'hiringAdmin' | 'platformAdmin';
/** The resource a call names: the caller's own, another's of the same organisation, another organisation's. */
export type MatrixScope = 'own' | 'same' | 'other';
/** A cell's answer: `ok` is any answer past the gate (2xx, or a 400/409 about the input); `skip`: not asked. */
export type MatrixAnswer = 'ok' | 401 | 403 | 404 | 'skip';

/** An audience, with the cells where this route answers otherwise (say why in a comment). */
export interface Authorization {
  readonly who: Audience;
  readonly except?: { readonly [cell in `${MatrixActor}/${MatrixScope}`]?: MatrixAnswer };
}

/** What an audited call did (decision 0054). */
export const AUDIT_ACTIONS = ['view', 'change', 'move', 'export', 'erase', 'configure', 'manage-user'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** What an audited call was about. */
export const AUDIT_TARGETS = ['application', 'candidate', 'document', 'role', 'organization', 'user'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/**
 * A call the audit trail records when it succeeds (src/server/lib/route.ts, an onResponse hook):
 * the action, the kind of record and the path parameter naming it (`self`: the caller's own
 * account; none: the organisation's records as a whole, such as a list exported).
 */
export interface AuditSpec {
  readonly action: AuditAction;
  readonly target: AuditTarget;
  readonly param?: string | 'self';
}

export interface RouteContract {
  readonly method: HttpMethod;
  /** The path under /api, with `:name` parameters: `/v1/candidate/:id/undo`. */
  readonly path: string;
  readonly summary: string;
  /** A longer explanation for the OpenAPI document. */
  readonly description?: string;
  readonly tags: readonly string[];
  readonly access: Access;
  /**
   * Who may call (the authorisation matrix): an Audience, or one with exceptions. Required in
   * practice: tests/server/authorization-matrix.test.ts fails for a route without it.
   */
  readonly authz?: Audience | Authorization;
  readonly params?: TObject;
  readonly querystring?: TObject;
  readonly body?: TSchema;
  /** The request media types, for the OpenAPI document, when not only JSON (a form-encoded or multipart body). */
  readonly consumes?: readonly string[];
  /** Answer media types other than JSON, for the OpenAPI document (an image, a CSV file). */
  readonly produces?: readonly string[];
  /** Recorded in the audit trail when it succeeds (signed-in calls only). */
  readonly audit?: AuditSpec;
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
