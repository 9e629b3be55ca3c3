import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganizationStage } from '#schemas/pipeline';
import { TEXT_LIMIT_LONG, metricRange, formatScore } from '#engine';
import type { ScoreValue, StageScores } from '../../api/candidate-items';
import { fieldErrors } from '../../api/translated-messages';
import { useApiMessage } from '../../api/use-api-message';
import { Button } from '../../ui/button/button';
import { Radios } from '../../ui/form/choices';
import { ErrorSummary, summaryItems } from '../../ui/form/error-summary';
import { TextArea, TextInput } from '../../ui/form/text-input';
import { useFormErrors } from '../../ui/form/use-form-errors';
import { draftFromValues, scoreValues, type ScoreDraft, type ScoreProblem } from './score-values';
import * as styles from './pipeline.css';

interface ScoreFormProps {
  stage: OrganizationStage;
  saved: StageScores | undefined;
  onSave: (scores: Record<string, ScoreValue | null>, totalScore: number | undefined) => Promise<StageScores>;
}

const fieldId = (stageId: number, key: string) => `score-${stageId}-${key}`;

/**
 * A stage's score form from its metrics (spec §3 Score): NUMBER and PERCENT as number inputs within
 * their §5 ranges, BOOLEAN as yes/no, TEXT as text, DATE as a date; an optional total score
 * (else the server sums or averages). Checked here as on the server before anything is sent.
 */
export function ScoreForm({ stage, saved, onSave }: ScoreFormProps) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const [draft, setDraft] = useState<ScoreDraft>(() => draftFromValues(stage.metrics, saved?.values ?? {}));
  // Left empty unless the manager types a total: an old total kept here would override the new sum.
  const [total, setTotal] = useState('');
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const { errors, attempt, fail, clear, of: errorOf } = useFormErrors();
  const set = (key: string, value: string | boolean | null) => setDraft((current) => ({ ...current, [key]: value }));

  const problemText = (problem: ScoreProblem): string => {
    const label = stage.metrics.find((m) => m.key === problem.key)?.label ?? problem.key;
    switch (problem.code) {
      case 'number':
        return t('pipeline.scores.notNumber', { label, min: problem.min, max: problem.max });
      case 'range':
        return t('pipeline.scores.outOfRange', { label, min: problem.min, max: problem.max });
      case 'tooLong':
        return t('pipeline.scores.tooLong', { label, max: problem.max });
      case 'date':
        return t('pipeline.scores.badDate', { label });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const { values, problems } = scoreValues(stage.metrics, draft);
    const list = problems.map((problem) => ({
      fieldId: fieldId(stage.id, problem.key),
      message: problemText(problem),
    }));
    const totalText = total.trim();
    const totalScore = totalText ? Number(totalText) : undefined;
    if (totalText && !Number.isFinite(totalScore))
      list.push({ fieldId: fieldId(stage.id, 'total'), message: t('pipeline.scores.totalNotNumber') });
    if (list.length > 0) {
      fail(list);
      return;
    }
    clear();
    setSaving(true);
    setStatus('');
    onSave(values, totalScore).then(
      (result) => {
        setSaving(false);
        setTotal('');
        setStatus(
          t('pipeline.scores.saved', {
            stage: stage.name,
            total: result.totalScore === null ? t('pipeline.scores.noTotal') : formatScore(result.totalScore),
          }),
        );
      },
      (error: unknown) => {
        setSaving(false);
        const byField = fieldErrors(error);
        const listed = Object.entries(byField).map(([field, message]) => ({
          fieldId: fieldId(stage.id, field.replace(/^\/?scores[./]/, '')),
          message,
        }));
        fail(listed.length > 0 ? listed : [{ message: apiMessage(error) }]);
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`score-title-${stage.id}`}>
      <h3 id={`score-title-${stage.id}`}>{t('pipeline.scores.formTitle', { stage: stage.name })}</h3>
      <ErrorSummary items={summaryItems(errors)} focusKey={attempt} />
      {stage.metrics.map((metric) => {
        const id = fieldId(stage.id, metric.key);
        const range = metricRange(metric);
        const value = draft[metric.key];
        if (range) {
          return (
            <TextInput
              key={metric.key}
              id={id}
              type="number"
              min={range.min}
              max={range.max}
              step="any"
              inputMode="decimal"
              className={styles.narrowInput}
              label={
                metric.metricType === 'PERCENT'
                  ? t('pipeline.scores.percentLabel', { label: metric.label })
                  : metric.label
              }
              hint={t('pipeline.scores.rangeHint', { min: range.min, max: range.max })}
              value={typeof value === 'string' ? value : ''}
              error={errorOf(id)}
              onChange={(event) => set(metric.key, event.target.value)}
            />
          );
        }
        if (metric.metricType === 'BOOLEAN') {
          return (
            <div key={metric.key} id={id}>
              <Radios
                legend={metric.label}
                name={id}
                options={[
                  { value: 'yes', label: t('pipeline.scores.yes') },
                  { value: 'no', label: t('pipeline.scores.no') },
                  { value: '', label: t('pipeline.scores.notScored') },
                ]}
                value={value === true ? 'yes' : value === false ? 'no' : ''}
                onChange={(choice) => set(metric.key, choice === 'yes' ? true : choice === 'no' ? false : null)}
              />
            </div>
          );
        }
        if (metric.metricType === 'DATE') {
          return (
            <TextInput
              key={metric.key}
              id={id}
              type="date"
              label={metric.label}
              value={typeof value === 'string' ? value : ''}
              error={errorOf(id)}
              onChange={(event) => set(metric.key, event.target.value)}
            />
          );
        }
        return (
          <TextArea
            key={metric.key}
            id={id}
            label={metric.label}
            error={errorOf(id)}
            className={styles.textarea}
            maxLength={TEXT_LIMIT_LONG + 1}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => set(metric.key, event.target.value)}
          />
        );
      })}
      <TextInput
        id={fieldId(stage.id, 'total')}
        type="number"
        step="any"
        inputMode="decimal"
        className={styles.narrowInput}
        label={t('pipeline.scores.total')}
        hint={
          saved?.totalScore === null || saved?.totalScore === undefined
            ? t('pipeline.scores.totalHint')
            : t('pipeline.scores.totalHintWithCurrent', { total: formatScore(saved.totalScore) })
        }
        value={total}
        error={errorOf(fieldId(stage.id, 'total'))}
        onChange={(event) => setTotal(event.target.value)}
      />
      <Button type="submit" aria-disabled={saving || undefined}>
        {t('pipeline.scores.save')}
      </Button>
      <p role="status">{status}</p>
    </form>
  );
}
