import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ATTENDANCE_FILTERS,
  UNIVERSITY_GROUPS,
  type AttendanceFilter,
  type CandidateSearchFilters,
  type DateAdded,
} from '#schemas/search';
import {
  STAGE_STATUSES,
  isValidPercent,
  compactFilters,
  mergeConfigurations,
  questionList,
  regionLayer,
} from '#engine';
import type { PublicOrganization } from '#schemas/organization';
import { STAGE_GROUPS, type StageGroup } from '#schemas/vocabularies';
import { fetchManagerEvents } from '../../api/events';
import { fetchReferenceList } from '../../api/reference-data';
import { Button } from '../../ui/button/button';
import { Checkboxes, Radios } from '../../ui/form/choices';
import { ErrorSummary, summaryItems } from '../../ui/form/error-summary';
import { SelectField } from '../../ui/form/select-field';
import { TextInput } from '../../ui/form/text-input';
import { useFormErrors } from '../../ui/form/use-form-errors';
import { useLoad } from '../../ui/page/use-load';
import type { choiceQuestions } from './more-filters';
import { ContextualFilters, DegreeAndDateFilters, moreDraftOf, readMoreFilters, type MoreDraft } from './more-filters';
import { ASSIGNED_TO_ME } from './search-state';
import * as styles from './pipeline.css';

const DATE_ADDED: readonly DateAdded[] = [
  'LAST_DAY',
  'LAST_WEEK',
  'LAST_MONTH',
  'LAST_3_MONTHS',
  'LAST_6_MONTHS',
  'LAST_YEAR',
];
/** The stage groups in the order the filter lists them: from the pipeline's end back. */
const GROUP_ORDER: Readonly<Record<StageGroup, number>> = { OFFERS: 0, HIRED: 1, REJECTED: 2 };
const GROUPS = [...STAGE_GROUPS].sort((a, b) => GROUP_ORDER[a] - GROUP_ORDER[b]);

/** Filters whose options are reference lists (spec §3 Filter types offered), with the list each comes from. */
const LISTED = {
  locations: 'ORGANIZATION_LOCATION',
  permitTypes: 'PERMIT_TYPE',
  roleTypes: 'ROLE_TYPE',
  roleLevels: 'ROLE_LEVEL',
  departments: 'DEPARTMENT',
  employmentTypes: 'EMPLOYMENT_TYPE',
} as const;
type ListedFilter = keyof typeof LISTED;
const LISTED_FILTERS = Object.keys(LISTED) as ListedFilter[];
const CANDIDATE_LISTS: readonly ListedFilter[] = ['locations', 'permitTypes'];
const ROLE_LISTS: readonly ListedFilter[] = ['roleTypes', 'roleLevels', 'departments', 'employmentTypes'];

export type FilterOptions = Record<ListedFilter, string[]>;

/**
 * The lists behind the filters; one that fails to load leaves its filter out rather than the whole panel. The
 * right-to-work answers are the list the organisation's form asks (its region's, decision 0034).
 */
export async function loadFilterOptions(organization: PublicOrganization): Promise<FilterOptions> {
  const configuration = mergeConfigurations(
    regionLayer(organization.countryBase),
    organization.defaultConfiguration,
    organization.formConfiguration,
  );
  const listOf = (filter: ListedFilter) =>
    filter === 'permitTypes' ? (questionList(configuration, 'permitType') ?? LISTED[filter]) : LISTED[filter];
  const lists = await Promise.allSettled(LISTED_FILTERS.map((filter) => fetchReferenceList(listOf(filter))));
  return Object.fromEntries(
    LISTED_FILTERS.map((filter, i) => {
      const list = lists[i]!;
      return [filter, list.status === 'fulfilled' ? list.value.map((item) => item.value) : []];
    }),
  ) as FilterOptions;
}

type RangeKey = 'universityPercentile' | 'schoolPercentile';
const RANGES: readonly RangeKey[] = ['universityPercentile', 'schoolPercentile'];

interface Draft {
  filters: CandidateSearchFilters;
  ranges: Record<RangeKey, { min: string; max: string }>;
  sources: string;
  more: MoreDraft;
}

function draftOf(filters: CandidateSearchFilters): Draft {
  const range = (key: RangeKey) => ({
    min: filters[key]?.min?.toString() ?? '',
    max: filters[key]?.max?.toString() ?? '',
  });
  return {
    filters,
    ranges: { universityPercentile: range('universityPercentile'), schoolPercentile: range('schoolPercentile') },
    sources: (filters.sources ?? []).join(', '),
    more: moreDraftOf(filters),
  };
}

/** How many filters are set (the panel's heading and its Show button say so). */
export function activeFilterCount(filters: CandidateSearchFilters): number {
  return Object.values(compactFilters(filters)).reduce<number>(
    (n, value) => n + (Array.isArray(value) ? value.length : 1),
    0,
  );
}

interface FilterPanelProps {
  filters: CandidateSearchFilters;
  /** The reference lists behind the listed filters (loadFilterOptions), or null while they load. */
  options: FilterOptions | null;
  onApply: (filters: CandidateSearchFilters) => void;
  onClear: () => void;
  /** The contextual edition: its flags and measures are offered. */
  contextual: boolean;
  /** The organisation's questions with fixed answers (the custom question filter). */
  questions: ReturnType<typeof choiceQuestions>;
}

/**
 * The filter panel (spec §3 Filter types offered): search term, date added, stage statuses and
 * groups, university groups, percentile ranges, locations, permit types, role attributes, sources
 * and the assignee ("assigned to me or everyone", spec §6). Applied together, into the address.
 */
export function FilterPanel({ filters, options: listed, onApply, onClear, contextual, questions }: FilterPanelProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const { errors, attempt, fail, clear, of: fieldError } = useFormErrors();
  const events = useLoad(() => fetchManagerEvents('ACTIVE'), 'events').state;
  const set = (changes: Partial<CandidateSearchFilters>) =>
    setDraft((current) => ({ ...current, filters: { ...current.filters, ...changes } }));
  const setRange = (key: RangeKey, end: 'min' | 'max', value: string) =>
    setDraft((current) => ({
      ...current,
      ranges: { ...current.ranges, [key]: { ...current.ranges[key], [end]: value } },
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Array<{ fieldId: string; message: string }> = [];
    const ranges: Partial<Record<RangeKey, { min?: number; max?: number }>> = {};
    for (const key of RANGES) {
      const { min, max } = draft.ranges[key];
      const label = t(`pipeline.filters.${key}`);
      for (const [end, value] of [
        ['min', min],
        ['max', max],
      ] as const) {
        if (value.trim() && !isValidPercent(value.trim()))
          problems.push({
            fieldId: `filter-${key}-${end}`,
            message: t('pipeline.filters.percentError', { label, end: t(`pipeline.filters.${end}`) }),
          });
      }
      const low = min.trim() ? Number(min) : undefined;
      const high = max.trim() ? Number(max) : undefined;
      if (
        low !== undefined &&
        high !== undefined &&
        isValidPercent(min.trim()) &&
        isValidPercent(max.trim()) &&
        low > high
      ) {
        problems.push({ fieldId: `filter-${key}-min`, message: t('pipeline.filters.rangeOrder', { label }) });
      }
      ranges[key] = { min: low, max: high };
    }
    const more = readMoreFilters(draft.more, t, draft.filters);
    problems.push(...more.problems);
    if (problems.length > 0) {
      fail(problems);
      return;
    }
    clear();
    const sources = draft.sources
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    onApply(compactFilters({ ...draft.filters, ...more.filters, ...ranges, sources }));
  };

  const moreProps = {
    filters: draft.filters,
    draft: draft.more,
    set,
    setText: (field: keyof MoreDraft, value: string) =>
      setDraft((current) => ({ ...current, more: { ...current.more, [field]: value } })),
    errorOf: fieldError,
  };
  const count = activeFilterCount(filters);
  const listGroup = (filter: ListedFilter) =>
    listed && listed[filter].length > 0 ? (
      <Checkboxes
        key={filter}
        legend={t(`pipeline.filters.${filter}`)}
        name={filter}
        options={listed[filter].map((value) => ({ value, label: value }))}
        values={draft.filters[filter] ?? []}
        onChange={(values) => set({ [filter]: values })}
      />
    ) : null;

  return (
    <form
      className={styles.filters}
      role="search"
      aria-label={t('pipeline.filters.label')}
      onSubmit={submit}
      noValidate
    >
      <h2>{count > 0 ? t('pipeline.filters.titleWithCount', { count }) : t('pipeline.filters.title')}</h2>
      <ErrorSummary items={summaryItems(errors)} focusKey={attempt} />
      <TextInput
        id="filter-searchTerm"
        label={t('pipeline.filters.searchTerm')}
        hint={t('pipeline.filters.searchTermHint')}
        type="search"
        maxLength={100}
        value={draft.filters.searchTerm ?? ''}
        onChange={(event) => set({ searchTerm: event.target.value })}
      />
      <Radios
        legend={t('pipeline.filters.assignee')}
        name="assignee"
        options={[
          { value: '', label: t('pipeline.filters.everyone') },
          { value: ASSIGNED_TO_ME, label: t('pipeline.filters.assignedToMe') },
        ]}
        value={draft.filters.assigneeId ? ASSIGNED_TO_ME : ''}
        onChange={(value) => set({ assigneeId: value === ASSIGNED_TO_ME ? ASSIGNED_TO_ME : undefined })}
      />
      <details
        className={styles.filterSection}
        open={Boolean(filters.dateAdded || filters.statuses?.length || filters.groups?.length)}
      >
        <summary className={styles.filterSummary}>{t('pipeline.filters.applicationSection')}</summary>
        <Radios
          legend={t('pipeline.filters.dateAdded')}
          name="dateAdded"
          options={[
            { value: '', label: t('pipeline.filters.anyTime') },
            ...DATE_ADDED.map((value) => ({ value, label: t(`pipeline.dateAdded.${value}`) })),
          ]}
          value={draft.filters.dateAdded ?? ''}
          onChange={(value) => set({ dateAdded: (value || undefined) as DateAdded | undefined })}
        />
        <Checkboxes
          legend={t('pipeline.filters.statuses')}
          name="statuses"
          options={STAGE_STATUSES.map((value) => ({ value, label: t(`pipeline.status.${value}`) }))}
          values={draft.filters.statuses ?? []}
          onChange={(values) => set({ statuses: values as CandidateSearchFilters['statuses'] })}
        />
        <Checkboxes
          legend={t('pipeline.filters.groups')}
          name="groups"
          options={GROUPS.map((value) => ({ value, label: t(`pipeline.group.${value}`) }))}
          values={draft.filters.groups ?? []}
          onChange={(values) => set({ groups: values as CandidateSearchFilters['groups'] })}
        />
        <TextInput
          id="filter-sources"
          label={t('pipeline.filters.sources')}
          hint={t('pipeline.filters.sourcesHint')}
          value={draft.sources}
          maxLength={1000}
          onChange={(event) => setDraft((current) => ({ ...current, sources: event.target.value }))}
        />
      </details>
      <details
        className={styles.filterSection}
        open={Boolean(filters.universityGroups?.length || filters.universityPercentile || filters.schoolPercentile)}
      >
        <summary className={styles.filterSummary}>{t('pipeline.filters.educationSection')}</summary>
        <Checkboxes
          legend={t('pipeline.filters.universityGroups')}
          name="universityGroups"
          options={UNIVERSITY_GROUPS.map((value) => ({ value, label: t(`pipeline.universityGroup.${value}`) }))}
          values={draft.filters.universityGroups ?? []}
          onChange={(values) => set({ universityGroups: values as CandidateSearchFilters['universityGroups'] })}
        />
        {RANGES.map((key) => (
          <fieldset key={key} className={styles.filterSection}>
            <legend className={styles.label}>{t(`pipeline.filters.${key}`)}</legend>
            <div className={styles.rangeRow}>
              {(['min', 'max'] as const).map((end) => (
                <TextInput
                  key={end}
                  id={`filter-${key}-${end}`}
                  label={t(`pipeline.filters.${end}`)}
                  inputMode="decimal"
                  className={styles.narrowInput}
                  value={draft.ranges[key][end]}
                  error={fieldError(`filter-${key}-${end}`)}
                  onChange={(event) => setRange(key, end, event.target.value)}
                />
              ))}
            </div>
          </fieldset>
        ))}
      </details>
      {contextual ? <ContextualFilters {...moreProps} /> : null}
      <DegreeAndDateFilters {...moreProps} questions={questions} />
      {listed && CANDIDATE_LISTS.some((f) => listed[f].length > 0) ? (
        <details className={styles.filterSection} open={CANDIDATE_LISTS.some((f) => filters[f]?.length)}>
          <summary className={styles.filterSummary}>{t('pipeline.filters.candidateSection')}</summary>
          {CANDIDATE_LISTS.map(listGroup)}
        </details>
      ) : null}
      {listed && ROLE_LISTS.some((f) => listed[f].length > 0) ? (
        <details className={styles.filterSection} open={ROLE_LISTS.some((f) => filters[f]?.length)}>
          <summary className={styles.filterSummary}>{t('pipeline.filters.roleSection')}</summary>
          {ROLE_LISTS.map(listGroup)}
        </details>
      ) : null}
      <details className={styles.filterSection} open={Boolean(filters.eventIds?.length || filters.attendance?.length)}>
        <summary className={styles.filterSummary}>{t('pipeline.filters.eventSection')}</summary>
        <SelectField
          label={t('pipeline.filters.event')}
          value={draft.filters.eventIds?.[0] ?? ''}
          options={[
            { value: '', label: t('pipeline.filters.anyEvent') },
            ...(events.status === 'ready' ? events.data.map((e) => ({ value: e.id, label: e.title })) : []),
          ]}
          onChange={(value) => set({ eventIds: value ? [value] : undefined })}
        />
        <Checkboxes
          legend={t('pipeline.filters.attendance')}
          name="attendance"
          options={ATTENDANCE_FILTERS.map((value) => ({ value, label: t(`pipeline.attendance.${value}`) }))}
          values={draft.filters.attendance ?? []}
          onChange={(values) => set({ attendance: values as AttendanceFilter[] })}
        />
      </details>
      <Button type="submit">{t('pipeline.filters.apply')}</Button>
      {count > 0 ? (
        <p>
          <button type="button" className={styles.linkButton} onClick={onClear}>
            {t('pipeline.filters.clear')}
          </button>
        </p>
      ) : null}
    </form>
  );
}
