import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isCandidate, type CompiledForm } from '#engine';
import type { CandidateProfile } from '#schemas/profile';
import { AnswerSections, useAnswerSections } from '../../engine-ui/answer-sections';
import { userAtom } from '../../state/auth';
import { useOrganization } from '../../state/site';
import { BackLink } from '../../ui/link/back-link';
import { LoadState } from '../../ui/page/load-state';
import { lead } from '../../ui/typography.css';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import { ProfileSectionForm } from './profile-section-form';
import { useProfile } from './use-profile';

function Summary({ form, profile }: { form: CompiledForm; profile: CandidateProfile }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const { user } = useAtomValue(userAtom);
  const sections = useAnswerSections(form, profile.answers);
  return (
    <>
      <h1>{t('pages.profile.title')}</h1>
      <p className={lead}>{t('profile.lead', { name: organization.name })}</p>
      <AnswerSections
        sections={sections}
        after={(section) => (
          <p>
            <Link to={`/profile?section=${section.stepId}`}>
              {profile.completedSections.includes(section.stepId) ? t('profile.change') : t('profile.add')}
              <span className={visuallyHidden}> {section.title}</span>
            </Link>
          </p>
        )}
      />
      <h2>{form.texts['section.acceptedTermsAndConditions.title'] ?? t('profile.accepted')}</h2>
      <p>{user?.acceptTermAndConditions ? t('profile.accepted') : t('profile.notAccepted')}</p>
      {(form.textArrays['terms.paragraphs'] ?? []).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
      <p>
        <Link to="/applications">{t('profile.applications')}</Link>
      </p>
    </>
  );
}

function Profile() {
  const { t } = useTranslation();
  const { form, state, reload, params, apiMessage, finish } = useProfile();
  const step = form.steps.find((s) => s.id === params.get('section'));
  return (
    <LoadState state={state} title={t('pages.profile.title')} message={apiMessage} onRetry={reload}>
      {(profile) =>
        step ? (
          <>
            <BackLink to="/profile">{t('profile.back')}</BackLink>
            <ProfileSectionForm
              form={form}
              step={step}
              profile={profile}
              submitLabel={t('profile.save')}
              onConflict={reload}
              onSaved={(saved) => finish(saved, '/profile', t('profile.saved', { section: step.title }))}
            />
          </>
        ) : (
          <Summary form={form} profile={profile} />
        )
      }
    </LoadState>
  );
}

/** /profile: the sections of spec §2, each with its answers and a way to change them. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAtomValue(userAtom);
  if (!user || !isCandidate(user.userType)) {
    return (
      <>
        <h1>{t('pages.profile.title')}</h1>
        <p>{t('profile.candidatesOnly')}</p>
      </>
    );
  }
  return <Profile />;
}
