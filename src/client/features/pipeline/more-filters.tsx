import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CONTEXTUAL_FLAGS, type GradeSystemId } from '#schemas/contextual';
import { LEGAL_INTERESTS_QUESTION, type CandidateSearchFilters } from '#schemas/search';
import type { CustomQuestion } from '#schemas/configuration';
import { Checkboxes, Radios } from '../../ui/form/choices';
import { SelectField } from '../../ui/form/select-field';
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
  | 'ks4Min'
  | 'ks4Max'
  | 'ks5Min'
  | 'ks5Max'
  | 'universityMin'
  | 'universityMax'
  | 'universityAverageMin'
  | 'universityAverageMax'
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
    ks4Min: text(f.ks4Points?.min),
    ks4Max: text(f.ks4Points?.max),
    ks5Min: text(f.ks5?.min),
    ks5Max: text(f.ks5?.max),
    universityMin: text(f.universityAveragePercentile?.min),
    universityMax: text(f.universityAveragePercentile?.max),
    universityAverageMin: text(f.universityAverage?.min),
    universityAverageMax: text(f.universityAverage?.max),
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
/** The top of each post-16 scale (configs/reference-data/grade-scales.json). */
const POST_16_MAXIMUM: Readonly<Record<Exclude<GradeSystemId, 'GCSE'>, number>> = {
  A_LEVEL: 60,
  SCOTTISH_HIGHER: 33,
  IB: 45,
  ATAR: 99.95,
};
const POST_16_SYSTEMS = Object.keys(POST_16_MAXIMUM) as Array<keyof typeof POST_16_MAXIMUM>;

export function readMoreFilters(
  draft: MoreDraft,
  t: TFunction,
  current: CandidateSearchFilters,
): { problems: Problem[]; filters: CandidateSearchFilters } {
  const problems: Problem[] = [];
  /** A number from `least` (0, or below for a signed field) to `max`. */
  const numberIn = (field: TextField, max: number, least = 0): number | undefined => {
    const text = draft[field].trim();
    if (!text) return undefined;
    const value = Number(text);
    if (!/^-?\d+(\.\d+)?$/.test(text) || value > max || value < least) {
      problems.push({
        fieldId: `filter-${field}`,
        message: t('pipeline.filters.numberError', { label: t(`pipeline.filters.${field}`), min: least, max }),
      });
      return undefined;
    }
    return value;
  };
  const bounds = (min: TextField, max: TextField, limit: number, least = 0) => {
    const low = numberIn(min, limit, least);
    const high = numberIn(max, limit, least);
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
  const system = current.ks5?.system;
  const post16 = system && system !== 'GCSE' ? bounds('ks5Min', 'ks5Max', POST_16_MAXIMUM[system]) : undefined;
  const question = current.customQuestion;
  const filters: CandidateSearchFilters = {
    performanceIndex: bounds('piMin', 'piMax', 1000),
    ks4Points: bounds('ks4Min', 'ks4Max', 9),
    ks5: system ? { system, ...post16 } : undefined,
    customQuestion: question?.values.length ? question : undefined,
    universityAveragePercentile: bounds('universityMin', 'universityMax', 100),
    universityAverage: bounds('universityAverageMin', 'universityAverageMax', 100, -100),
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

/**
 * Contextual flags, the Performance Index, school bands, the university percentile and the mark against the
 * university's applicants (contextual edition).
 */
export function ContextualFilters(props: SectionProps) {
  const { t } = useTranslation();
  const { filters, set } = props;
  const open = Boolean(
    filters.flags?.length ||
    filters.performanceIndex ||
    filters.ks4Points ||
    filters.ks5 ||
    filters.schoolBands?.length ||
    filters.universityAveragePercentile ||
    filters.universityAverage,
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
      <RangeFields {...props} legend={t('pipeline.filters.ks4Points')} from="ks4Min" to="ks4Max" />
      <SelectField
        label={t('pipeline.filters.ks5System')}
        value={filters.ks5?.system ?? ''}
        options={[
          { value: '', label: t('pipeline.filters.anySystem') },
          ...POST_16_SYSTEMS.map((value) => ({ value, label: t(`contextual.system.${value}`) })),
        ]}
        onChange={(value) => set({ ks5: value ? { system: value as GradeSystemId } : undefined })}
      />
      {filters.ks5?.system ? (
        <RangeFields {...props} legend={t(`contextual.system.${filters.ks5.system}`)} from="ks5Min" to="ks5Max" />
      ) : null}
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
      <RangeFields
        {...props}
        legend={t('pipeline.filters.universityAverage')}
        from="universityAverageMin"
        to="universityAverageMax"
      />
    </details>
  );
}

/** The organisation's questions with fixed answers, which the custom question filter offers. */
export const choiceQuestions = (custom: readonly CustomQuestion[] | undefined) =>
  (custom ?? []).flatMap((q) => (q.options?.length ? [{ id: q.id, label: q.label, options: q.options }] : []));

/**
 * The degree (years, type, class, subject), dates (interview, deadline), legal interests (when the
 * organisation asks them) and an answer to a question.
 */
export function DegreeAndDateFilters({
  questions,
  ...props
}: SectionProps & { questions: ReturnType<typeof choiceQuestions> }) {
  const { t } = useTranslation();
  const { filters, set } = props;
  // The legal interests question has a filter of its own (spec §3 legalInterests).
  const legal = questions.find((q) => q.id === LEGAL_INTERESTS_QUESTION);
  const others = questions.filter((q) => q !== legal);
  const question = others.find((q) => q.id === filters.customQuestion?.id);
  const open = Boolean(
    filters.graduationYears?.length ||
    filters.startYears?.length ||
    filters.degreeTypes?.length ||
    filters.degreeClasses?.length ||
    filters.degreeSubjects?.length ||
    filters.interviewDate ||
    filters.deadlinePassed !== undefined ||
    filters.customQuestion ||
    filters.legalInterests?.length,
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
      {legal ? (
        <Checkboxes
          legend={t('pipeline.filters.legalInterests')}
          name="legalInterests"
          options={legal.options.map((value) => ({ value, label: value }))}
          values={filters.legalInterests ?? []}
          onChange={(values) => set({ legalInterests: values })}
        />
      ) : null}
      {others.length > 0 ? (
        <SelectField
          label={t('pipeline.filters.customQuestion')}
          value={question?.id ?? ''}
          options={[
            { value: '', label: t('pipeline.filters.anyQuestion') },
            ...others.map((q) => ({ value: q.id, label: q.label })),
          ]}
          onChange={(id) => set({ customQuestion: id ? { id, values: [] } : undefined })}
        />
      ) : null}
      {question ? (
        <Checkboxes
          legend={t('pipeline.filters.customAnswers', { question: question.label })}
          name="customAnswers"
          options={question.options.map((value) => ({ value, label: value }))}
          values={filters.customQuestion?.values ?? []}
          onChange={(values) => set({ customQuestion: { id: question.id, values } })}
        />
      ) : null}
    </details>
  );
}
