import { useTranslation } from 'react-i18next';
import type { ContextualData, ContextualFlag, ReferenceMeasure, UniversityAverage } from '#schemas/contextual';
import { SummaryList, type SummaryRow } from '../../ui/summary-list/summary-list';
import * as styles from './pipeline.css';

/*
 * The contextual edition's section of the candidate page (issue 17): each flag with the one line
 * that says what set it, then the measures (Performance Index, schools, grades, university, area),
 * each naming the reference figure, its source and year.
 */

function useMeasureText() {
  const { t } = useTranslation();
  return (m: ReferenceMeasure) =>
    t('contextual.measureText', {
      measure: t(`contextual.measure.${m.measure}`, { defaultValue: m.measure }),
      value: m.value,
      source: m.source,
      year: m.year,
    });
}

function FlagReason({ flag }: { flag: ContextualFlag }) {
  const { t } = useTranslation();
  const measureText = useMeasureText();
  if (flag.id === 'LOW_PERFORMING_SCHOOL' && flag.measure)
    return (
      <>{t('contextual.why.LOW_PERFORMING_SCHOOL', { school: flag.answer, measure: measureText(flag.measure) })}</>
    );
  if (flag.id === 'LOW_PARTICIPATION_AREA' && flag.measure)
    return (
      <>{t('contextual.why.LOW_PARTICIPATION_AREA', { postcode: flag.answer, measure: measureText(flag.measure) })}</>
    );
  return <>{t('contextual.why.answer', { question: t(`contextual.question.${flag.id}`) })}</>;
}

export function ContextualSection({
  data,
  universityAverage,
}: {
  data: ContextualData;
  /** The average mark of the organisation's applicants from the candidate's university, when 5 or more have one. */
  universityAverage: UniversityAverage | null;
}) {
  const { t } = useTranslation();
  const measureText = useMeasureText();
  const pi = data.performanceIndex;
  const rows: SummaryRow[] = [];
  if (pi)
    rows.push({
      key: 'pi',
      label: t('contextual.performanceIndex'),
      value: t(pi.outperformance >= 0 ? 'contextual.piAbove' : 'contextual.piBelow', {
        index: pi.index,
        points: pi.candidatePoints,
        school: pi.school,
        schoolPoints: pi.schoolPoints,
        difference: Math.abs(pi.outperformance),
        measure: t(`contextual.measure.${pi.measure.measure}`, { defaultValue: pi.measure.measure }),
      }),
    });
  // One row when both schools are the same.
  const [first, second] = data.schools;
  const same = first && second && first.name === second.name;
  for (const school of same ? [first] : data.schools)
    rows.push({
      key: `school-${school.field}`,
      label: same
        ? t('contextual.school.both')
        : t(`contextual.school.${school.field}`, { defaultValue: school.field }),
      value:
        school.percentile === null
          ? t('contextual.schoolUnknown', { school: school.name })
          : t('contextual.schoolRank', {
              school: school.name,
              percentile: school.percentile,
              band: school.band,
              measures: school.measures.map(measureText).join('; '),
            }),
    });
  if (data.ks5)
    rows.push({
      key: 'ks5',
      label: t('contextual.ks5'),
      value: t('contextual.points', { points: data.ks5.points, system: t(`contextual.system.${data.ks5.system}`) }),
    });
  if (data.ks4Points !== null)
    rows.push({
      key: 'ks4',
      label: t('contextual.ks4'),
      value: t('contextual.gcsePoints', { points: data.ks4Points }),
    });
  const university = data.university;
  if (university.averageMark !== null)
    rows.push({
      key: 'university',
      label: t('contextual.university'),
      value: t(university.percentile === null ? 'contextual.universityMark' : 'contextual.universityRank', {
        name: university.name ?? '',
        mark: university.averageMark,
        percentile: university.percentile,
        source: university.percentileSource?.source,
        year: university.percentileSource?.year,
      }),
    });
  if (university.groups.length > 0)
    rows.push({
      key: 'universityGroups',
      label: t('contextual.universityGroups'),
      value: university.groups
        .map((group) => t(`pipeline.universityGroup.${group}`, { defaultValue: group }))
        .join(', '),
    });
  if (universityAverage && university.averageMark !== null) {
    const difference = Math.round((university.averageMark - universityAverage.average) * 10) / 10;
    rows.push({
      key: 'universityAverage',
      label: t('contextual.universityAverage'),
      value: t(difference >= 0 ? 'contextual.universityAverageAbove' : 'contextual.universityAverageBelow', {
        university: universityAverage.university,
        average: universityAverage.average,
        count: universityAverage.applicants,
        difference: Math.abs(difference),
      }),
    });
  }
  if (data.area)
    rows.push({
      key: 'area',
      label: t('contextual.area'),
      value: `${data.area.postcode}: ${data.area.measures.map(measureText).join('; ')}`,
    });

  return (
    <>
      <h3>{t('contextual.flagsTitle')}</h3>
      {data.flags.length > 0 ? (
        <SummaryList
          rows={data.flags.map((flag) => ({
            key: flag.id,
            label: t(`contextual.flag.${flag.id}`),
            value: <FlagReason flag={flag} />,
          }))}
        />
      ) : (
        <p className={styles.muted}>{t('contextual.noFlags')}</p>
      )}
      <h3>{t('contextual.measuresTitle')}</h3>
      {rows.length > 0 ? <SummaryList rows={rows} /> : <p className={styles.muted}>{t('contextual.noMeasures')}</p>}
    </>
  );
}
