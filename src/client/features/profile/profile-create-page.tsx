import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { safeRedirectTarget, isCandidate } from '#engine';
import type { CandidateProfile } from '#schemas/profile';
import { userAtom } from '../../state/auth';
import { useOrganization } from '../../state/site';
import { LoadState } from '../../ui/page/load-state';
import { SignInPrompt } from '../../ui/page/sign-in-prompt';
import { caption } from '../../ui/typography.css';
import { ProfileSectionForm } from './profile-section-form';
import { useProfile } from './use-profile';

function CreateProfile() {
  const { t } = useTranslation();
  const { form, state, reload, params, apiMessage, finish } = useProfile();
  const nextSection = (profile: CandidateProfile) =>
    form.steps.find((step) => !profile.completedSections.includes(step.id));
  const done = (saved: CandidateProfile) => {
    const next = nextSection(saved);
    if (next)
      finish(
        saved,
        `/profile/create?${new URLSearchParams({ section: next.id, ...(params.has('redirect') && { redirect: params.get('redirect')! }) }).toString()}`,
      );
    else finish(saved, safeRedirectTarget(`?${params.toString()}`) ?? '/profile', t('profile.complete'));
  };
  return (
    <>
      <h1>{t('pages.profileCreate.title')}</h1>
      <LoadState state={state} title={t('pages.profileCreate.title')} message={apiMessage} onRetry={reload} heading={2}>
        {(profile) => {
          const step = form.steps.find((s) => s.id === params.get('section')) ?? nextSection(profile) ?? form.steps[0]!;
          const number = form.steps.indexOf(step) + 1;
          return (
            <>
              <span className={caption}>{t('profile.sectionOf', { number, total: form.steps.length })}</span>
              <ProfileSectionForm
                form={form}
                step={step}
                profile={profile}
                heading={false}
                submitLabel={t('profile.saveAndContinue')}
                onSaved={done}
                onConflict={reload}
              />
              <p>
                <Link to="/roles">{t('profile.skip')}</Link>
              </p>
            </>
          );
        }}
      </LoadState>
    </>
  );
}

/** /profile/create: the profile sections one at a time, after sign-up (spec §2). */
export function ProfileCreatePage() {
  const { t } = useTranslation();
  const { user } = useAtomValue(userAtom);
  const organization = useOrganization();
  if (!user)
    return (
      <SignInPrompt
        title={t('pages.profileCreate.title')}
        body={t('profile.createSignIn')}
        returnTo="/profile/create"
        allowSignUp={!organization.settings.subdomainRestricted}
      />
    );
  if (!isCandidate(user.userType)) {
    return (
      <>
        <h1>{t('pages.profileCreate.title')}</h1>
        <p>{t('profile.candidatesOnly')}</p>
      </>
    );
  }
  return <CreateProfile />;
}
