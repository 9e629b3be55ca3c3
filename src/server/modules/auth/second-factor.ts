import type { OrganizationRecord, UserRecord } from '../../db/types';

/**
 * Whether signing this user in needs a one-time password beside the password (the user turned it
 * on, or the organisation requires it). Then every way in needs both (decision 0046): the
 * password grant asks for the code; the code-only and emailed-link sign-ins are refused.
 */
export const secondFactorRequired = (user: UserRecord, organization: OrganizationRecord): boolean =>
  user.otp_required || organization.settings.otpRequired === true;

/** What a one-time user token proves, in its data (`via`): a checked code alone proves only the mailbox. */
export const USER_TOKEN_VIA_CODE = 'code';
