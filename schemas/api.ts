import { Type } from 'typebox';
import { HostSide } from './product';

/** One problem with one field of a request; `field` is a dotted path such as `address.postCode`. */
export const FieldError = Type.Object({ field: Type.String(), message: Type.String() });
export type FieldError = Type.Static<typeof FieldError>;

/** The one error shape of every API route (spec §8: the client reads errors[0], then message). */
export const ApiError = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Array(FieldError)),
});
export type ApiError = Type.Static<typeof ApiError>;

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
