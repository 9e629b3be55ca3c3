import { useCallback } from 'react';
import { useStore } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import type { TokenResponse } from '#schemas/auth';
import { afterSignInPath } from '#engine';
import { fetchCurrentUser } from '../../api/auth';
import { authAtom, authRecordFrom, userAtom } from '../../state/auth';
import { saveOtpCookie } from '../../state/otp-cookies';
import { processAtom } from '../../state/process';
import { signedOutReasonAtom } from '../../state/session';
import { useOrganization } from '../../state/site';

/**
 * After any sign-in (password, code, link, on-boarding): store the token record, load the user
 * (asking for the login cookie when a one-time password was used, and keeping it 30 days for
 * this email), then go where spec §2 says: back to the guarded page or login link, else the
 * user's landing page.
 */
export function useCompleteSignIn() {
  const store = useStore();
  const navigate = useNavigate();
  const { search } = useLocation();
  const organization = useOrganization();
  return useCallback(
    async (tokens: TokenResponse, { usedOtp }: { usedOtp: boolean }) => {
      // Loading first, so the user loader leaves this load to us.
      store.set(userAtom, { status: 'loading', user: null });
      store.set(authAtom, authRecordFrom(tokens, Date.now(), organization.settings.sessionTimeout));
      try {
        const { otpCookie, ...user } = await fetchCurrentUser(usedOtp);
        if (otpCookie) saveOtpCookie(user.email, otpCookie);
        store.set(userAtom, { status: 'ready', user });
        store.set(signedOutReasonAtom, null);
        store.set(processAtom, { type: 'login', status: 'success' });
        navigate(afterSignInPath(user, organization.edition, search), { replace: true });
      } catch (error) {
        store.set(authAtom, null);
        store.set(userAtom, { status: 'ready', user: null });
        throw error;
      }
    },
    [store, navigate, search, organization],
  );
}
