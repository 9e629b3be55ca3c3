import { useTranslation } from 'react-i18next';
import type { CandidateProgress } from '#schemas/application';
import { Tag, type TagColour } from '../../ui/tag/tag';

const COLOURS: Record<CandidateProgress, TagColour> = {
  DRAFT: 'grey',
  SUBMITTED: 'blue',
  ASSESSMENT: 'purple',
  INTERVIEW: 'purple',
  OFFER: 'green',
  HIRED: 'green',
  WITHDRAWN: 'grey',
  UNSUCCESSFUL: 'red',
};

/** The status a candidate may see of an application (decision 0009). */
export function ProgressTag({ progress }: { progress: CandidateProgress }) {
  const { t } = useTranslation();
  return <Tag colour={COLOURS[progress]}>{t(`applications.progressStatus.${progress}`)}</Tag>;
}
