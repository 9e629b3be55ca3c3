import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CONTEXTUAL_FLAGS } from '#schemas/contextual';
import type { CandidateSearchFilters } from '#schemas/search';
import { Checkboxes, Radios } from '../../ui/form/choices';
import { TextInput } from '../../ui/form/text-input';
import * as styles from './pipeline.css';

/*
 * The filters of spec §3 added with issue 17: contextual data (flags, PI, school bands, university
 * percentile; on the contextual edition), the degree (years, type, class, subject) and dates
 * (interview date, deadline passed). Typed fields are drafts until the panel applies them.
 */

type TextField =
  | 'piMin'
  | 'piMax'
  | 'universityMin'
  | 'universityMax'
  | 'graduationYears'
  | 'startYears'
  | 'degreeTypes'
  | 'degreeClasses'
  | 'degreeSubjects'
  | 'interviewFrom'
  | 'interviewTo';
export type MoreDraft = Record<TextField, string>;

const SECONDS_PER_DAY = 86_400;
const dateOf = (epochSeconds: number | undefined) =>
  epochSeconds === undefined ? '' : new Date(epochSeconds * 1000).toISOString().slice(0, 10);
const list = (values: readonly (string | number)[] | undefined) => (values ?? []).join(', ');
const split = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function moreDraftOf(f: CandidateSearchFilters): MoreDraft {
  const text = (n: number | undefined) => n?.toString() ?? '';
  return {
    piMin: text(f.performanceIndex?.min),
    piMax: text(f.performanceIndex?.max),
    universityMin: text(f.universityAveragePercentile?.min),
    universityMax: text(f.universityAveragePercentile?.max),
    graduationYears: list(f.graduationYears),
    startYears: list(f.startYears),
    degreeTypes: list(f.degreeTypes),
    degreeClasses: list(f.degreeClasses),
    degreeSubjects: list(f.degreeSubjects),
    interviewFrom: dateOf(f.interviewDate?.from),
    interviewTo: dateOf(f.interviewDate?.to === undefined ? undefined : f.interviewDate.to - SECONDS_PER_DAY + 1),
  };
}

type Problem = { fieldId: string; message: string };

/** The draft as filters, or what is wrong with it (each problem names its field). */
export function readMoreFilters(
  draft: MoreDraft,
  t: TFunction,
): { problems: Problem[]; filters: CandidateSearchFilters } {
  const problems: Problem[] = [];
  const numberIn = (field: TextField, max: number): number | undefined => {
    const text = draft[field].trim();
    if (!text) return undefined;
    const value = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text) || value > max) {
      problems.push({
        fieldId: `filter-${field}`,
        message: t('pipeline.filters.numberError', { label: t(`pipeline.filters.${field}`), max }),
      });
      return undefined;
    }
    return value;
  };
  const bounds = (min: TextField, max: TextField, limit: number) => {
    const low = numberIn(min, limit);
    const high = numberIn(max, limit);
    if (low !== undefined && high !== undefined && low > high)
      problems.push({
        fieldId: `filter-${min}`,
        message: t('pipeline.filters.rangeOrder', { label: t(`pipeline.filters.${min}`) }),
      });
    return { min: low, max: high };
  };
  const years = (field: TextField) => {
    const values = split(draft[field]);
    if (values.some((v) => !/^(19|20)\d\d$/.test(v)))
      problems.push({
        fieldId: `filter-${field}`,
        message: t('pipeline.filters.yearsError', { label: t(`pipeline.filters.${field}`) }),
      });
    return values.filter((v) => /^(19|20)\d\d$/.test(v)).map(Number);
  };
  const day = (field: TextField, endOfDay: boolean) => {
    const text = draft[field].trim();
    if (!text) return undefined;
    const time = Date.parse(`${text}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(time)) {
      problems.push({
        fieldId: `filter-${field}`,
        message: t('pipeline.filters.dateError', { label: t(`pipeline.filters.${field}`) }),
      });
      return undefined;
    }
    return time / 1000 + (endOfDay ? SECONDS_PER_DAY - 1 : 0);
  };
  const filters: CandidateSearchFilters = {
    performanceIndex: bounds('piMin', 'piMax', 1000),
    universityAveragePercentile: bounds('universityMin', 'universityMax', 100),
    graduationYears: years('graduationYears'),
    startYears: years('startYears'),
    degreeTypes: split(draft.degreeTypes),
    degreeClasses: split(draft.degreeClasses),
    degreeSubjects: split(draft.degreeSubjects),
    interviewDate: { from: day('interviewFrom', false), to: day('interviewTo', true) },
  };
  return { problems, filters };
}

interface SectionProps {
  filters: CandidateSearchFilters;
  draft: MoreDraft;
  set: (changes: Partial<CandidateSearchFilters>) => void;
  setText: (field: TextField, value: string) => void;
  errorOf: (fieldId: string) => string | undefined;
}

function Field({
  field,
  draft,
  setText,
  errorOf,
  narrow,
  hint,
  type,
}: SectionProps & { field: TextField; narrow?: boolean; hint?: string; type?: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      id={`filter-${field}`}
      label={t(`pipeline.filters.${field}`)}
      className={narrow ? styles.narrowInput : undefined}
      inputMode={narrow ? 'decimal' : undefined}
      hint={hint}
      type={type}
      value={draft[field]}
      error={errorOf(`filter-${field}`)}
      onChange={(event) => setText(field, event.target.value)}
    />
  );
}

/** A from–to pair of number fields under one legend. */
function RangeFields({
  legend,
  from,
  to,
  ...props
}: SectionProps & { legend: string; from: TextField; to: TextField }) {
  return (
    <fieldset className={styles.filterSection}>
      <legend className={styles.label}>{legend}</legend>
      <div className={styles.rangeRow}>
        <Field {...props} field={from} narrow />
        <Field {...props} field={to} narrow />
      </div>
    </fieldset>
  );
}

/** Contextual flags, the Performance Index, school bands and the university percentile (contextual edition). */
export function ContextualFilters(props: SectionProps) {
  const { t } = useTranslation();
  const { filters, set } = props;
  const open = Boolean(
    filters.flags?.length ||
    filters.performanceIndex ||
    filters.schoolBands?.length ||
    filters.universityAveragePercentile,
  );
  return (
    <details className={styles.filterSection} open={open}>
      <summary className={styles.filterSummary}>{t('pipeline.filters.contextualSection')}</summary>
      <Checkboxes
        legend={t('pipeline.filters.flags')}
        name="flags"
        options={CONTEXTUAL_FLAGS.map((value) => ({ value, label: t(`contextual.flag.${value}`) }))}
        values={filters.flags ?? []}
        onChange={(values) => set({ flags: values as CandidateSearchFilters['flags'] })}
      />
      <RangeFields {...props} legend={t('pipeline.filters.performanceIndex')} from="piMin" to="piMax" />
      <Checkboxes
        legend={t('pipeline.filters.schoolBands')}
        name="schoolBands"
        options={[1, 2, 3, 4, 5].map((band) => ({ value: String(band), label: t('pipeline.filters.band', { band }) }))}
        values={(filters.schoolBands ?? []).map(String)}
        onChange={(values) => set({ schoolBands: values.map(Number) })}
      />
      <RangeFields
        {...props}
        legend={t('pipeline.filters.universityAveragePercentile')}
        from="universityMin"
        to="universityMax"
      />
    </details>
  );
}

/** The degree (years, type, class, subject) and dates (interview, deadline). */
export function DegreeAndDateFilters(props: SectionProps) {
  const { t } = useTranslation();
  const { filters, set } = props;
  const open = Boolean(
    filters.graduationYears?.length ||
    filters.startYears?.length ||
    filters.degreeTypes?.length ||
    filters.degreeClasses?.length ||
    filters.degreeSubjects?.length ||
    filters.interviewDate ||
    filters.deadlinePassed !== undefined,
  );
  const commaHint = t('pipeline.filters.commaHint');
  return (
    <details className={styles.filterSection} open={open}>
      <summary className={styles.filterSummary}>{t('pipeline.filters.degreeSection')}</summary>
      <Field {...props} field="graduationYears" hint={commaHint} />
      <Field {...props} field="startYears" hint={commaHint} />
      <Field {...props} field="degreeTypes" hint={commaHint} />
      <Field {...props} field="degreeClasses" hint={commaHint} />
      <Field {...props} field="degreeSubjects" hint={commaHint} />
      <Field {...props} field="interviewFrom" type="date" />
      <Field {...props} field="interviewTo" type="date" />
      <Radios
        legend={t('pipeline.filters.deadline')}
        name="deadlinePassed"
        options={[
          { value: '', label: t('pipeline.filters.anyDeadline') },
          { value: 'passed', label: t('pipeline.filters.deadlinePassed') },
          { value: 'open', label: t('pipeline.filters.deadlineOpen') },
        ]}
        value={filters.deadlinePassed === undefined ? '' : filters.deadlinePassed ? 'passed' : 'open'}
        onChange={(value) => set({ deadlinePassed: value === '' ? undefined : value === 'passed' })}
      />
    </details>
  );
}
