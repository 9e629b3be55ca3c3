import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { metricRange, providerProblems } from '#engine';
import type { MetricDefinition, OrganizationStage } from '#schemas/pipeline';
import { STAGE_STATUSES } from '#schemas/vocabularies';
import { Button } from '#client/ui/button/button';
import { Checkbox } from '#client/ui/form/checkbox';
import { Radios } from '#client/ui/form/choices';
import * as formStyles from '#client/ui/form/form.css';
import { SelectField } from '#client/ui/form/select-field';
import { TextInput } from '#client/ui/form/text-input';
import { visuallyHidden } from '#client/ui/visually-hidden.css';
import {
  hasRange,
  inProviderList,
  moved,
  newMetric,
  newSubStage,
  retyped,
  withAssessment,
  withDefaultSubStage,
  withoutSubStage,
  withProviderSubStage,
} from './stage-model';
import * as styles from './studio.css';

const METRIC_TYPES = Object.keys({
  NUMBER: true,
  PERCENT: true,
  BOOLEAN: true,
  TEXT: true,
  DATE: true,
} satisfies Record<MetricDefinition['metricType'], true>) as MetricDefinition['metricType'][];

interface PartsProps {
  stages: readonly OrganizationStage[];
  stage: OrganizationStage;
  onChange: (stage: OrganizationStage) => void;
}

/**
 * A stage's substages (decision 0058): renamed, given the stage status each stands for, ordered, added and removed,
 * and the one candidates arrive at chosen. Removing one where candidates are is refused by the server on save.
 */
export function SubStagesEditor({ stages, stage, onChange }: PartsProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const edit = (index: number, change: Partial<OrganizationStage['subStages'][number]>) =>
    onChange({ ...stage, subStages: stage.subStages.map((sub, i) => (i === index ? { ...sub, ...change } : sub)) });
  return (
    <fieldset className={styles.panel}>
      <legend>{t('studio.stages.substages', { name: stage.name })}</legend>
      <ol className={styles.stageList}>
        {stage.subStages.map((sub, index) => (
          <li key={sub.id} className={styles.fieldRow}>
            <div className={styles.inline}>
              <TextInput
                id={`studio-substage-${sub.id}`}
                label={t('studio.stages.substage', { n: index + 1 })}
                value={sub.name}
                onChange={(event) => edit(index, { name: event.target.value })}
              />
              <SelectField
                label={t('studio.stages.status', { name: sub.name })}
                value={sub.codeStage}
                options={STAGE_STATUSES.map((status) => ({ value: status, label: t(`pipeline.status.${status}`) }))}
                onChange={(status) => edit(index, { codeStage: status as (typeof STAGE_STATUSES)[number] })}
              />
            </div>
            <div className={styles.inline}>
              <Button
                variant="secondary"
                disabled={index === 0}
                onClick={() => onChange({ ...stage, subStages: moved(stage.subStages, index, -1) })}
              >
                {t('studio.stages.substageUp', { name: sub.name })}
              </Button>
              <Button
                variant="secondary"
                disabled={index === stage.subStages.length - 1}
                onClick={() => onChange({ ...stage, subStages: moved(stage.subStages, index, 1) })}
              >
                {t('studio.stages.substageDown', { name: sub.name })}
              </Button>
              <Button
                variant="warning"
                disabled={stage.subStages.length === 1}
                onClick={() => onChange(withoutSubStage(stage, sub.id))}
              >
                {t('studio.stages.substageRemove', { name: sub.name })}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Radios
        legend={t('studio.stages.arrival', { name: stage.name })}
        name={`studio-default-${stage.id}`}
        options={stage.subStages.map((sub) => ({ value: sub.id, label: sub.name || sub.id }))}
        value={stage.subStages.find((sub) => sub.defaultSubStage)?.id ?? null}
        onChange={(id) => onChange(withDefaultSubStage(stage, id))}
      />
      {stage.subStages.length < 10 && (
        <div className={styles.inline}>
          <TextInput
            id={`studio-new-substage-${stage.id}`}
            label={t('studio.stages.newSubstage', { name: stage.name })}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <Button
            variant="secondary"
            disabled={!name.trim()}
            onClick={() => {
              onChange({ ...stage, subStages: [...stage.subStages, newSubStage(stages, stage, name.trim())] });
              setName('');
            }}
          >
            {t('studio.stages.addSubstage')}
            <span className={visuallyHidden}> {t('studio.stages.toStage', { name: stage.name })}</span>
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/** A number typed in a range box: a whole or decimal number, else none (the type's default range applies). */
const numberOrNone = (text: string) =>
  text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text);

/**
 * The metrics managers score at a stage (spec §3 stage metrics, §5 ranges): labelled, typed, a range for numbers and
 * percentages, added and removed. A metric that holds scores cannot be removed or retyped (the server says which).
 */
export function MetricsEditor({ stage, onChange }: Omit<PartsProps, 'stages'>) {
  const { t } = useTranslation();
  const edit = (index: number, next: MetricDefinition) =>
    onChange({ ...stage, metrics: stage.metrics.map((m, i) => (i === index ? next : m)) });
  const setBound = (index: number, bound: 'min' | 'max', text: string) => {
    const { [bound]: _old, ...rest } = stage.metrics[index]!;
    const value = numberOrNone(text);
    edit(index, value === undefined ? rest : { ...rest, [bound]: value });
  };
  return (
    <fieldset className={styles.panel}>
      <legend>{t('studio.stages.metrics', { name: stage.name })}</legend>
      {stage.metrics.length === 0 && <p>{t('studio.stages.noMetrics')}</p>}
      <ul className={styles.stageList}>
        {stage.metrics.map((metric, index) => {
          const range = metricRange(metric);
          return (
            <li key={metric.key} className={styles.fieldRow}>
              <div className={styles.inline}>
                <TextInput
                  id={`studio-metric-${stage.id}-${metric.key}`}
                  label={t('studio.stages.metric', { n: index + 1 })}
                  value={metric.label}
                  onChange={(event) => edit(index, { ...metric, label: event.target.value })}
                />
                <SelectField
                  label={t('studio.stages.metricType', { name: metric.label })}
                  value={metric.metricType}
                  options={METRIC_TYPES.map((type) => ({ value: type, label: t(`studio.metricTypes.${type}`) }))}
                  onChange={(type) => edit(index, retyped(metric, type as MetricDefinition['metricType']))}
                />
              </div>
              {hasRange(metric) && range && (
                <div className={styles.inline}>
                  <TextInput
                    id={`studio-metric-${stage.id}-${metric.key}-min`}
                    label={t('studio.stages.min', { name: metric.label })}
                    inputMode="decimal"
                    value={metric.min ?? ''}
                    placeholder={String(range.min)}
                    onChange={(event) => setBound(index, 'min', event.target.value)}
                  />
                  <TextInput
                    id={`studio-metric-${stage.id}-${metric.key}-max`}
                    label={t('studio.stages.max', { name: metric.label })}
                    inputMode="decimal"
                    value={metric.max ?? ''}
                    placeholder={String(range.max)}
                    onChange={(event) => setBound(index, 'max', event.target.value)}
                  />
                </div>
              )}
              <Button
                variant="warning"
                onClick={() => onChange({ ...stage, metrics: stage.metrics.filter((_, i) => i !== index) })}
              >
                {t('studio.stages.metricRemove', { name: metric.label || metric.key })}
              </Button>
            </li>
          );
        })}
      </ul>
      <Button
        variant="secondary"
        disabled={stage.metrics.length >= 30}
        onClick={() =>
          onChange({ ...stage, metrics: [...stage.metrics, newMetric(stage, t('studio.stages.newMetric'))] })
        }
      >
        {t('studio.stages.addMetric')}
        <span className={visuallyHidden}> {t('studio.stages.toStage', { name: stage.name })}</span>
      </Button>
    </fieldset>
  );
}

/**
 * The substages of a stage's assessment provider (spec §4 substage filtering, decision 0078): whether its assessment is
 * set up, the substages offered to managers before it is (`included`) and those the provider sets itself once it is,
 * hidden from managers (`excluded`). The engine's rules for providers (stageProblems) are shown as they are broken, and
 * the server checks them again on save.
 */
export function ProviderSubStagesEditor({ stage, onChange }: Omit<PartsProps, 'stages'>) {
  const { t } = useTranslation();
  const provider = stage.provider;
  if (!provider) return null;
  const name = t(`studio.providers.${provider.kind}`);
  const problems = providerProblems(stage);
  const errorId = `studio-provider-${stage.id}-error`;
  return (
    <fieldset
      className={problems.length > 0 ? `${styles.panel} ${styles.panelError}` : styles.panel}
      aria-describedby={problems.length > 0 ? errorId : undefined}
    >
      <legend>{t('studio.stages.providerSubstages', { provider: name, name: stage.name })}</legend>
      {problems.length > 0 && (
        <p id={errorId} className={formStyles.errorMessage}>
          {problems.join('. ')}
        </p>
      )}
      <Checkbox
        id={`studio-provider-${stage.id}-assessment`}
        label={t('studio.stages.assessmentReady', { provider: name })}
        checked={provider.assessment !== false}
        onChange={(ready) => onChange(withAssessment(stage, ready))}
      />
      <ul className={styles.stageList}>
        {stage.subStages.map((sub) => (
          <li key={sub.id} className={styles.fieldRow}>
            <p className={formStyles.label}>{sub.name || sub.id}</p>
            <div className={styles.inline}>
              <Checkbox
                id={`studio-provider-${stage.id}-included-${sub.id}`}
                label={t('studio.stages.included', { name: sub.name || sub.id })}
                checked={inProviderList(stage, 'included', sub.id)}
                onChange={(on) => onChange(withProviderSubStage(stage, 'included', sub.id, on))}
              />
              <Checkbox
                id={`studio-provider-${stage.id}-excluded-${sub.id}`}
                label={t('studio.stages.excluded', { name: sub.name || sub.id, provider: name })}
                checked={inProviderList(stage, 'excluded', sub.id)}
                onChange={(on) => onChange(withProviderSubStage(stage, 'excluded', sub.id, on))}
              />
            </div>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
