import { Type } from 'typebox';
import { CodedMessage } from './messages';
import { HostSide } from './product';

/**
 * One problem with one field of a request; `field` is a dotted path such as `address.postCode`.
 * A catalogue message also has its `code` and `params` (schemas/messages.ts) to be translated by.
 */
export const FieldError = Type.Object({ field: Type.String(), ...CodedMessage.properties });
export interface FieldError extends CodedMessage {
  field: string;
}

/** The one error shape of every API route (spec §8: the client reads errors[0], then message). */
export const ApiError = Type.Object({
  ...CodedMessage.properties,
  errors: Type.Optional(Type.Array(FieldError)),
});
export interface ApiError extends CodedMessage {
  errors?: FieldError[];
}

/** GET /api/public/version */
export const VersionInfo = Type.Object({
  name: Type.String(),
  version: Type.String(),
  commit: Type.Union([Type.String(), Type.Null()], { description: 'GIT_COMMIT of the build, when known' }),
});
export type VersionInfo = Type.Static<typeof VersionInfo>;

/** GET /api/public/site: the organisation and side named by the request's Host header. */
export const SiteInfo = Type.Object({
  subdomain: Type.String(),
  side: HostSide,
  isDefault: Type.Boolean({ description: 'true when the host named no organisation and the default was chosen' }),
});
export type SiteInfo = Type.Static<typeof SiteInfo>;
