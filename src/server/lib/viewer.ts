import type { OrganizationRecord, UserRecord } from '../db/types';

/**
 * The signed-in caller of a /api/v1 route (set by the auth plugin, read by every module's services). It lives
 * below the modules so that none of them imports another just for this type.
 */
export interface Viewer {
  user: UserRecord;
  /** The organisation of the request (subdomain parameter or host), checked against the token's. */
  organization: OrganizationRecord;
  session: { familyId: string; organizationId: string; otpVerified: boolean };
}
