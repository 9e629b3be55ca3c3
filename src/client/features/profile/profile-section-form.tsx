import { Suspense } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Answers, CompiledForm, CompiledStep } from '#engine';
import type { CandidateProfile } from '#schemas/profile';
import { saveProfileSection } from '../../api/profile';
import { searchReferenceList } from '../../api/reference-data';
import { useApiMessage } from '../../api/use-api-message';
import { LazyStepForm } from '../../engine-ui/lazy';
import { showToastAtom } from '../../state/process';
import { useOrganization } from '../../state/site';
import { DelayedSpinner } from '../../ui/spinner/delayed-spinner';

interface ProfileSectionFormProps {
  form: CompiledForm;
  step: CompiledStep;
  profile: CandidateProfile;
  submitLabel: string;
  /** The page's own h1 stands above the form (profile creation); otherwise the section title is the h1. */
  heading?: false;
  onSaved: (profile: CandidateProfile) => void;
  /** Someone else changed the profile: the page loads it again. */
  onConflict: () => void;
}

/** One profile section as a form: checked like an application step, saved with the version read. */
export function ProfileSectionForm({
  form,
  step,
  profile,
  submitLabel,
  heading,
  onSaved,
  onConflict,
}: ProfileSectionFormProps) {
  const { i18n } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const save = async (answers: Answers) => {
    try {
      onSaved(await saveProfileSection(step.id, answers, profile.version, i18n.resolvedLanguage ?? 'en'));
    } catch (error) {
      showToast({ kind: 'error', message: apiMessage(error) });
      onConflict();
    }
  };
  return (
    <Suspense fallback={<DelayedSpinner />}>
      <LazyStepForm
        form={form}
        step={step}
        answers={profile.answers}
        heading={heading}
        submitLabel={submitLabel}
        onContinue={save}
        formContext={{
          searchList: (list, term) =>
            searchReferenceList(list, term, { signedIn: true, organizationId: organization.id }),
        }}
      />
    </Suspense>
  );
}
