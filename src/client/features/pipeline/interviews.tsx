import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { RECOMMENDATIONS, type Recommendation } from '#schemas/scheduling';
import { fieldErrors } from '../../api/translated-messages';
import { fetchCandidateInterviews, saveFeedback, type CandidateInterview } from '../../api/scheduling';
import { useApiMessage } from '../../api/use-api-message';
import { showToastAtom } from '../../state/process';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { Radios } from '../../ui/form/choices';
import { ErrorSummary } from '../../ui/form/error-summary';
import { TextArea, TextInput } from '../../ui/form/text-input';
import { SummaryList } from '../../ui/summary-list/summary-list';
import { useLoad } from '../../ui/page/use-load';

/*
 * Issue 13: the candidate's interviews on the candidate page, each interviewer's feedback (scores
 * against the stage's metrics, a recommendation, comments), and the caller's own feedback form.
 */

type Score = number | boolean | string;

const when = (interview: CandidateInterview, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: interview.timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(interview.startDateTime));

export function CandidateInterviews({ applicationId, userId }: { applicationId: string; userId: string | undefined }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const load = useLoad(
    () => fetchCandidateInterviews(organization.id, applicationId),
    `${organization.id}:${applicationId}`,
  );
  if (load.state.status === 'loading') return <p>{t('scheduling.feedback.loading')}</p>;
  if (load.state.status === 'failed') return <p>{t('scheduling.feedback.loadFailed')}</p>;
  const interviews = load.state.data;
  if (interviews.length === 0) return <p>{t('scheduling.feedback.none')}</p>;
  return (
    <>
      {interviews.map((interview) => (
        <InterviewItem key={interview.id} interview={interview} userId={userId} onSaved={load.reload} />
      ))}
    </>
  );
}

function InterviewItem({
  interview,
  userId,
  onSaved,
}: {
  interview: CandidateInterview;
  userId: string | undefined;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const headingId = `interview-${interview.id}`;
  const mine = interview.feedback.find((f) => f.interviewer.id === userId);
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>
        {interview.scheduleTitle}: {when(interview, 'en-GB')} ({interview.timeZone})
      </h3>
      <p>
        {interview.stage.name} · {interview.location}
        {interview.status === 'CANCELLED' ? ` · ${t('scheduling.feedback.cancelled')}` : ''}
      </p>
      {interview.feedback.map((f) => (
        <SummaryList
          key={f.interviewer.id}
          rows={[
            { key: 'by', label: t('scheduling.feedback.interviewer'), value: f.interviewer.name },
            {
              key: 'recommendation',
              label: t('scheduling.feedback.recommendation'),
              value: t(`scheduling.feedback.recommendations.${f.recommendation}`),
            },
            ...interview.metrics
              .filter((m) => f.scores[m.key] !== undefined)
              .map((m) => ({
                key: m.key,
                label: m.label,
                value:
                  typeof f.scores[m.key] === 'boolean'
                    ? f.scores[m.key]
                      ? t('scheduling.feedback.yes')
                      : t('scheduling.feedback.no')
                    : String(f.scores[m.key]),
              })),
            { key: 'comments', label: t('scheduling.feedback.comments'), value: f.comments || '–' },
          ]}
        />
      ))}
      {interview.status === 'BOOKED' ? <FeedbackForm interview={interview} existing={mine} onSaved={onSaved} /> : null}
    </section>
  );
}

function FeedbackForm({
  interview,
  existing,
  onSaved,
}: {
  interview: CandidateInterview;
  existing: CandidateInterview['feedback'][number] | undefined;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const [scores, setScores] = useState<Record<string, Score>>(existing?.scores ?? {});
  const [recommendation, setRecommendation] = useState<Recommendation | null>(existing?.recommendation ?? null);
  const [comments, setComments] = useState(existing?.comments ?? '');
  const [errors, setErrors] = useState<{ field: string; text: string }[]>([]);
  const [attempt, setAttempt] = useState(0);
  const id = (key: string) => `feedback-${interview.id}-${key}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    if (!recommendation) {
      setErrors([{ field: 'recommendation', text: t('scheduling.feedback.chooseRecommendation') }]);
      return;
    }
    const sent = Object.fromEntries(Object.entries(scores).filter(([, v]) => v !== '' && !Number.isNaN(v)));
    saveFeedback(organization.id, interview.id, { scores: sent, recommendation, comments }).then(
      () => {
        setErrors([]);
        showToast({ kind: 'success', message: t('scheduling.feedback.saved') });
        onSaved();
      },
      (error: unknown) => {
        const fields = Object.entries(fieldErrors(error)).map(([field, text]) => ({
          field: field.replace(/^scores\./, ''),
          text,
        }));
        setErrors(fields.length ? fields : [{ field: 'recommendation', text: apiMessage(error) }]);
      },
    );
  };
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.text;
  return (
    <form onSubmit={submit} noValidate aria-label={t('scheduling.feedback.formLabel')}>
      <h4>{existing ? t('scheduling.feedback.editYours') : t('scheduling.feedback.yours')}</h4>
      <ErrorSummary items={errors.map((e) => ({ text: e.text, targetId: id(e.field) }))} focusKey={attempt} />
      {interview.metrics.map((metric) =>
        metric.metricType === 'BOOLEAN' ? (
          <div key={metric.key} id={id(metric.key)}>
            <Radios
              legend={metric.label}
              name={id(metric.key)}
              value={scores[metric.key] === undefined ? null : String(scores[metric.key])}
              onChange={(value) => setScores({ ...scores, [metric.key]: value === 'true' })}
              options={[
                { value: 'true', label: t('scheduling.feedback.yes') },
                { value: 'false', label: t('scheduling.feedback.no') },
              ]}
            />
          </div>
        ) : metric.metricType === 'TEXT' ? (
          <TextArea
            key={metric.key}
            id={id(metric.key)}
            label={metric.label}
            value={String(scores[metric.key] ?? '')}
            onChange={(event) => setScores({ ...scores, [metric.key]: event.target.value })}
            error={errorOf(metric.key)}
          />
        ) : metric.metricType === 'NUMBER' || metric.metricType === 'PERCENT' ? (
          <TextInput
            key={metric.key}
            id={id(metric.key)}
            label={metric.label}
            type="number"
            inputMode="decimal"
            value={scores[metric.key] === undefined ? '' : String(scores[metric.key])}
            onChange={(event) =>
              setScores({ ...scores, [metric.key]: event.target.value === '' ? '' : Number(event.target.value) })
            }
            error={errorOf(metric.key)}
          />
        ) : null,
      )}
      <div id={id('recommendation')}>
        <Radios
          legend={t('scheduling.feedback.recommendation')}
          name={id('recommendation')}
          value={recommendation}
          onChange={(value) => setRecommendation(value as Recommendation)}
          options={RECOMMENDATIONS.map((r) => ({ value: r, label: t(`scheduling.feedback.recommendations.${r}`) }))}
        />
      </div>
      <TextArea
        id={id('comments')}
        label={t('scheduling.feedback.comments')}
        value={comments}
        maxLength={4096}
        onChange={(event) => setComments(event.target.value)}
      />
      <Button type="submit">{t('scheduling.feedback.save')}</Button>
    </form>
  );
}
