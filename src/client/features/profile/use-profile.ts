import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import type { CandidateProfile } from '#schemas/profile';
import { fetchProfile } from '../../api/profile';
import { useApiMessage } from '../../api/use-api-message';
import { useProfileForm } from '../../engine-ui/use-application-form';
import { showToastAtom } from '../../state/process';
import { useLoad } from '../../ui/page/use-load';

/**
 * What the profile pages share: the profile form (the organisation's profile sections), the
 * candidate's saved profile, the section in the address, and what happens after a save (the new
 * profile kept, a message, the next page).
 */
export function useProfile() {
  const form = useProfileForm();
  const { state, set, reload } = useLoad(fetchProfile, 'profile');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const showToast = useSetAtom(showToastAtom);
  const apiMessage = useApiMessage();
  const finish = useCallback(
    (saved: CandidateProfile, next: string, message?: string) => {
      set(saved);
      if (message) showToast({ kind: 'success', message });
      navigate(next);
    },
    [set, showToast, navigate],
  );
  return { form, state, reload, params, apiMessage, finish };
}
