import type { Audience, Authorization, MatrixActor, MatrixAnswer, MatrixScope, RouteContract } from './contract';

/*
 * The expected answers of the authorisation matrix (issue 19), derived from each contract's
 * `authz` declaration: every caller × resource. tests/server/authorization-matrix.test.ts asks
 * every route of the route table each of these questions; docs/security.md explains the rules.
 */

export const MATRIX_ACTORS: readonly MatrixActor[] = [
  'anonymous',
  'candidate',
  'manager',
  'hiringAdmin',
  'platformAdmin',
];

const HIRING: ReadonlySet<MatrixActor> = new Set(['manager', 'hiringAdmin', 'platformAdmin']);
const EVERYONE_SIGNED_IN: ReadonlySet<MatrixActor> = new Set(['candidate', ...HIRING]);

/** Who may pass the gate of each audience (the others signed in get 403). */
const ADMITTED: Record<Exclude<Audience, 'anyone' | 'signed-in'>, ReadonlySet<MatrixActor>> = {
  member: EVERYONE_SIGNED_IN,
  candidate: new Set(['candidate']),
  hiring: HIRING,
  'hiring-admin': new Set(['hiringAdmin', 'platformAdmin']),
  'platform-admin': new Set(['platformAdmin']),
};

/**
 * The hiring side of the organisation, and a candidate for their own application (its record, its
 * files): another candidate's or organisation's answer 404.
 */
export const OWN_OR_HIRING = {
  who: 'hiring',
  except: { 'candidate/own': 'ok', 'candidate/same': 404, 'candidate/other': 404 },
} as const satisfies Authorization;

/** The declaration of a contract in its long form, or undefined when it has none. */
export function authorizationOf(contract: RouteContract): Authorization | undefined {
  const { authz } = contract;
  return typeof authz === 'string' ? { who: authz } : authz;
}

/** The path names the organisation it is about: another organisation's callers get 404 there first. */
const namesOrganization = (path: string): boolean => /:orgId\b|:sub\b|\/organization\/:id\b/.test(path);

/**
 * The resources a caller can name on a route: none when its path has no parameters (the caller's
 * own: a candidate's records, the hiring side's organisation), else all three.
 */
export function matrixScopes(contract: RouteContract, actor: MatrixActor): readonly MatrixScope[] {
  if (contract.path.includes(':')) return ['own', 'same', 'other'];
  return [actor === 'candidate' ? 'own' : 'same'];
}

/** What the audience's rule says a caller gets for a resource, before the route's exceptions. */
function byAudience(contract: RouteContract, who: Audience, actor: MatrixActor, scope: MatrixScope): MatrixAnswer {
  if (who === 'anyone') return scope === 'own' && actor === 'anonymous' ? 'skip' : 'ok';
  if (actor === 'anonymous') return scope === 'own' ? 'skip' : 401;
  if (who === 'signed-in') return 'ok';
  // The hiring side owns no records of its own: its questions are about its organisation or another.
  if (scope === 'own' && actor !== 'candidate') return 'skip';
  // A platform admin works in every organisation: another one's records are as its own.
  const foreign = scope === 'other' && !(actor === 'platformAdmin' && namesOrganization(contract.path));
  // Refused callers get 403, or 404 for another organisation's record where the organisation is
  // found first: from the path, or, on candidate routes, from the record looked up for its owner.
  if (!ADMITTED[who].has(actor))
    return foreign && (namesOrganization(contract.path) || who === 'candidate') ? 404 : 403;
  if (foreign) return 404;
  if (actor === 'candidate' && who !== 'member') return scope === 'own' ? 'ok' : 404;
  return 'ok';
}

/** The expected answer of one cell for a declared route. */
export function expectedAnswer(contract: RouteContract, actor: MatrixActor, scope: MatrixScope): MatrixAnswer {
  const authorization = authorizationOf(contract);
  if (!authorization) return 'skip';
  return authorization.except?.[`${actor}/${scope}`] ?? byAudience(contract, authorization.who, actor, scope);
}
