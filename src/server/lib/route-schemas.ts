import { Type } from 'typebox';
import { ApiError } from '#schemas/api';
import { OAuthError } from '#schemas/auth';

/** Spec §7: every /api/v1 call carries the organisation as a `subdomain` query parameter. */
export const SubdomainQuery = Type.Object({
  subdomain: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9-]{1,40}$' })),
});

/** The error answers every /api/v1 route may give. */
const V1_ERRORS = { 400: ApiError, 401: OAuthError, 403: ApiError, 404: ApiError } as const;

/** The error answers of each access level (schemas/contract.ts); a contract may add or replace some. */
export const ERRORS_OF = { public: { 400: ApiError, 404: ApiError }, 'signed-in': V1_ERRORS } as const;

export const BEARER = [{ bearerAuth: [] }];
