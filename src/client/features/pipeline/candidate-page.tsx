import { useId, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { OrganizationStage } from '#schemas/pipeline';
import { choosableSubStages, moveBlocker, hasMoveToUndo, isHiringManagerAdmin, formatScore } from '#engine';
import {
  addComment,
  addNote,
  editNote,
  fetchCandidatePanel,
  saveScores,
  setMatch,
  type CandidatePanel,
  type PanelApplication,
  type StageScores,
} from '../../api/candidate-items';
import { fetchDocument } from '../../api/applications';
import {
  copyToRole,
  fetchHistory,
  moveCandidate,
  setAssignee,
  undoMove,
  type HistoryEntry,
  type MoveResult,
} from '../../api/pipeline';
import { fetchReferenceList } from '../../api/reference-data';
import { useApiMessage } from '../../api/use-api-message';
import { CandidateAnswers } from '../../engine-ui/candidate-answers';
import { useLongDate } from '../../i18n/use-long-date';
import { userAtom } from '../../state/auth';
import { useHrFeatures } from '../../state/hiring-features';
import { CandidateInterviews } from './interviews';
import { showToastAtom } from '../../state/process';
import { useOrganization } from '../../state/site';
import { Button, ButtonGroup } from '../../ui/button/button';
import { SelectField } from '../../ui/form/select-field';
import { useClickLock } from '../../ui/button/use-click-lock';
import { saveFile } from '../../ui/download/save-file';
import { BackLink } from '../../ui/link/back-link';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { SummaryList } from '../../ui/summary-list/summary-list';
import { Switch } from '../../ui/switch/switch';
import { formatDateTime, formatShortDate, formatSize } from './format';
import { Notes } from './notes';
import { ScoreForm } from './score-form';
import { candidateHref, returnTarget } from './search-state';
import { useStages } from './use-stages';
import { AdjustmentForm, Contacts } from './candidate-support';
import { ContextualSection } from './candidate-contextual';
import { CandidateEvents } from './candidate-events';
import { CandidateHrExport, CandidateSignatures } from './candidate-signatures';
import { SendMessage } from './send-message';
import { StageMessage, useMoveTemplates } from './stage-message';
import type { Template } from '../../api/communications';
import * as styles from './pipeline.css';

function positionText(position: { stageName: string; substageName?: string | null } | null): string {
  if (!position) return '';
  return position.substageName ? `${position.stageName} – ${position.substageName}` : position.stageName;
}

function History({ entries }: { entries: readonly HistoryEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <p className={styles.muted}>{t('pipeline.history.none')}</p>;
  return (
    <ol className={styles.history}>
      {entries.map((entry) => (
        <li key={entry.id} className={entry.undone ? `${styles.historyItem} ${styles.undone}` : styles.historyItem}>
          <p>
            {entry.from
              ? t('pipeline.history.move', { from: entry.from.stageName, to: entry.to?.stageName ?? '' })
              : t('pipeline.history.entered', { to: entry.to?.stageName ?? '' })}
            {entry.undone ? ` ${t('pipeline.history.undone')}` : ''}
          </p>
          <p className={styles.muted}>
            {t('pipeline.history.byline', {
              name: entry.actor?.name ?? t('pipeline.history.system'),
              date: formatDateTime(entry.createdAt),
            })}
            {` · ${t(`pipeline.history.kind.${entry.kind}`)}`}
          </p>
        </li>
      ))}
    </ol>
  );
}

interface MoveFormProps {
  stages: readonly OrganizationStage[];
  application: PanelApplication;
  /** Whether the history has a move to undo; undefined while it loads. */
  canUndo: boolean | undefined;
  onMoved: (result: MoveResult) => void;
  /** The organisation's templates: which one the move would send. */
  templates: readonly Template[];
}

/** Move this application to a stage and substage, or undo the last move (offered only when there is one). */
function MoveForm({ stages, application, canUndo, onMoved, templates }: MoveFormProps) {
  const { t } = useTranslation();
  const undoReason = useId();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const [stageId, setStageId] = useState<number>(application.stageId ?? stages[0]?.id ?? 0);
  const stage = stages.find((s) => s.id === stageId);
  // The engine's move rules, as the server applies them: the provider's substage filter, and
  // whether the candidate can leave an assessment under way.
  const subs = stage ? choosableSubStages(stage) : [];
  const blocker = moveBlocker(stages, { stageId: application.stageId, stageStatus: application.stageStatus });
  const [substageId, setSubstageId] = useState<string>(application.substageId ?? '');
  const chosenSub = subs.find((s) => s.id === substageId) ?? subs.find((s) => s.defaultSubStage) ?? subs[0];
  const [skipMessage, setSkipMessage] = useState(false);
  const done = (result: MoveResult, message: string) => {
    onMoved(result);
    showToast({ kind: 'success', message });
  };
  const failed = (error: unknown) => showToast({ kind: 'error', message: apiMessage(error) });
  const move = useClickLock(() => {
    if (!stage || !chosenSub) return;
    moveCandidate(organization.id, application.id, stage.id, chosenSub.id, { skipMessage }).then(
      (result) => done(result, t('pipeline.candidate.moved', { stage: positionText(result) })),
      failed,
    );
  });
  const undo = useClickLock(() => {
    undoMove(application.id).then(
      (result) => done(result, t('pipeline.candidate.undone', { stage: positionText(result) })),
      failed,
    );
  });
  return (
    <>
      <div className={styles.inlineFields}>
        <SelectField
          label={t('pipeline.candidate.stage')}
          selectClassName={styles.select}
          value={stageId}
          options={stages.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(value) => {
            setStageId(Number(value));
            setSubstageId('');
          }}
        />
        <SelectField
          label={t('pipeline.candidate.substage')}
          selectClassName={styles.select}
          value={chosenSub?.id ?? ''}
          options={subs.map((s) => ({ value: s.id, label: s.name }))}
          onChange={setSubstageId}
        />
      </div>
      {blocker ? <p className={styles.muted}>{t('pipeline.candidate.cannotMove', { reason: blocker })}</p> : null}
      <StageMessage
        id={`${undoReason}-skip-message`}
        templates={templates}
        stage={stage}
        substageId={chosenSub?.id}
        skip={skipMessage}
        onSkipChange={setSkipMessage}
      />
      <ButtonGroup>
        <Button
          onClick={move}
          disabled={
            blocker !== null ||
            !chosenSub ||
            (stage?.id === application.stageId && chosenSub.id === application.substageId)
          }
        >
          {t('pipeline.candidate.move')}
        </Button>
        <Button
          variant="secondary"
          onClick={undo}
          disabled={!canUndo}
          aria-describedby={canUndo === false ? undoReason : undefined}
        >
          {t('pipeline.candidate.undo')}
        </Button>
      </ButtonGroup>
      {canUndo === false && (
        <p id={undoReason} className={styles.muted}>
          {t('pipeline.candidate.nothingToUndo')}
        </p>
      )}
    </>
  );
}

interface ScoresProps {
  stages: readonly OrganizationStage[];
  panel: CandidatePanel;
  application: PanelApplication;
  /** The saved total is also the application's total score. */
  onScored: (totalScore: number | null) => void;
}

/** POST /candidate/:id/copy/:roleId: the same candidate, answers copied, at another role's entry stage. */
function CopyForm({ application, returnTo }: { application: PanelApplication; returnTo: string }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const roles = useLoad(() => fetchReferenceList('ROLE'), organization.id).state;
  const others = roles.status === 'ready' ? roles.data.filter((role) => role.id !== application.roleId) : [];
  const [roleId, setRoleId] = useState('');
  const [copied, setCopied] = useState<{ id: string; role: string } | null>(null);
  const chosen = others.find((role) => role.id === roleId) ?? others[0];
  const copy = useClickLock(() => {
    if (!chosen) return;
    copyToRole(application.id, chosen.id).then(
      (result) => {
        setCopied({ id: result.id, role: chosen.value });
        showToast({ kind: 'success', message: t('pipeline.candidate.copied', { role: chosen.value }) });
      },
      (error: unknown) => showToast({ kind: 'error', message: apiMessage(error) }),
    );
  });
  if (others.length === 0) return null;
  return (
    <>
      <h3>{t('pipeline.candidate.copyTitle')}</h3>
      <div className={styles.inlineFields}>
        <SelectField
          label={t('pipeline.candidate.copyRole')}
          className={styles.toolbarField}
          selectClassName={styles.select}
          value={chosen?.id ?? ''}
          options={others.map((role) => ({ value: role.id, label: role.value }))}
          onChange={setRoleId}
        />
        <Button variant="secondary" onClick={copy}>
          {t('pipeline.candidate.copy')}
        </Button>
      </div>
      <p role="status">
        {copied ? (
          <>
            {t('pipeline.candidate.copied', { role: copied.role })}{' '}
            <Link to={candidateHref(copied.id, returnTo)}>{t('pipeline.candidate.openCopy')}</Link>
          </>
        ) : null}
      </p>
    </>
  );
}

function Scores({ stages, panel, application, onScored }: ScoresProps) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const scored = stages.filter((s) => s.metrics.length > 0);
  const [saved, setSaved] = useState<StageScores[]>(panel.scores);
  const initial = scored.find((s) => s.id === application.stageId)?.id ?? scored[0]?.id;
  const [stageId, setStageId] = useState<number | undefined>(initial);
  const stage = scored.find((s) => s.id === stageId);
  if (scored.length === 0) return <p className={styles.muted}>{t('pipeline.scores.noMetrics')}</p>;
  const summary = saved.filter((s) => s.totalScore !== null);
  return (
    <>
      {summary.length > 0 ? (
        <SummaryList
          rows={summary.map((s) => ({
            key: String(s.stageId),
            label: stages.find((x) => x.id === s.stageId)?.name ?? String(s.stageId),
            value: formatScore(s.totalScore!),
          }))}
        />
      ) : null}
      <div className={styles.inlineFields}>
        <SelectField
          label={t('pipeline.scores.stage')}
          selectClassName={styles.select}
          value={stageId ?? ''}
          options={scored.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(value) => setStageId(Number(value))}
        />
      </div>
      {stage ? (
        <ScoreForm
          key={stage.id}
          stage={stage}
          saved={saved.find((s) => s.stageId === stage.id)}
          onSave={(values, totalScore) =>
            saveScores(organization.id, application.id, stage.id, values, totalScore).then((result) => {
              setSaved((current) => [...current.filter((s) => s.stageId !== result.stageId), result]);
              onScored(result.totalScore);
              return result;
            })
          }
        />
      ) : null}
    </>
  );
}

function Documents({ panel }: { panel: CandidatePanel }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  if (panel.documents.length === 0) return <p className={styles.muted}>{t('pipeline.documents.none')}</p>;
  const download = (documentId: string, fileName: string) =>
    fetchDocument(organization.id, panel.application.id, documentId).then(
      (blob) => saveFile(blob, fileName),
      (error: unknown) => showToast({ kind: 'error', message: apiMessage(error) }),
    );
  return (
    <ul className={styles.noteList}>
      {panel.documents.map((document) => (
        <li key={document.id} className={styles.noteItem}>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => void download(document.id, document.fileName)}
          >
            {t('pipeline.documents.download', { name: document.fileName })}
          </button>
          <span className={styles.muted}>
            {' '}
            ({formatSize(document.size)}, {formatShortDate(document.createdAt)})
          </span>
        </li>
      ))}
    </ul>
  );
}

function CandidateView({
  panel: initial,
  stages,
  returnTo,
}: {
  panel: CandidatePanel;
  stages: readonly OrganizationStage[];
  returnTo: string;
}) {
  const { t } = useTranslation();
  const formatLongDate = useLongDate();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const user = useAtomValue(userAtom).user;
  // The organisation's `hr` flags hide panels it does not use (spec §3).
  const shows = useHrFeatures();
  const [application, setApplication] = useState(initial.application);
  const history = useLoad(
    () => fetchHistory(application.id),
    `${application.id}:${application.version}:${application.lastChangeAt}`,
  );
  const matchLabel = useId();
  const canEdit = (note: { author: { id: string } | null }) =>
    user ? note.author?.id === user.id || isHiringManagerAdmin(user.userType) : false;
  const onMoved = (result: MoveResult) => setApplication((current) => ({ ...current, ...result }));
  const templates = useMoveTemplates();
  const toggleMatch = (matched: boolean) =>
    setMatch(organization.id, application.id, matched).then(
      (result) => {
        setApplication((current) => ({ ...current, matched: result.matched }));
        showToast({
          kind: 'success',
          message: result.matched ? t('pipeline.candidate.matched') : t('pipeline.candidate.unmatched'),
        });
      },
      (error: unknown) => showToast({ kind: 'error', message: apiMessage(error) }),
    );
  const assign = useClickLock(() => {
    const mine = application.assignee?.id === user?.id;
    setAssignee(application.id, mine ? null : (user?.id ?? null)).then(
      (result) => {
        setApplication((current) => ({ ...current, assignee: result.assignee }));
        showToast({
          kind: 'success',
          message: result.assignee
            ? t('pipeline.candidate.assigned', { name: result.assignee.name })
            : t('pipeline.candidate.unassigned'),
        });
      },
      (error: unknown) => showToast({ kind: 'error', message: apiMessage(error) }),
    );
  });
  const rows = [
    { key: 'role', label: t('pipeline.candidate.role'), value: application.roleName },
    {
      key: 'stage',
      label: t('pipeline.candidate.stage'),
      value: application.stageName
        ? positionText({ stageName: application.stageName, substageName: application.substageName })
        : t('pipeline.table.none'),
    },
    {
      key: 'status',
      label: t('pipeline.candidate.status'),
      value: application.stageStatus ? t(`pipeline.status.${application.stageStatus}`) : '',
    },
    { key: 'email', label: t('pipeline.candidate.email'), value: initial.candidate.email ?? '' },
    {
      key: 'applied',
      label: t('pipeline.candidate.applied'),
      value: application.appliedAt ? formatLongDate(application.appliedAt) : '',
    },
    { key: 'lastChange', label: t('pipeline.candidate.lastChange'), value: formatDateTime(application.lastChangeAt) },
    {
      key: 'score',
      label: t('pipeline.candidate.totalScore'),
      value: application.totalScore === null ? t('pipeline.candidate.noScore') : formatScore(application.totalScore),
    },
    {
      key: 'assignee',
      label: t('pipeline.candidate.assignee'),
      value: application.assignee?.name ?? t('pipeline.candidate.nobody'),
    },
  ];
  return (
    <>
      <BackLink to={returnTo}>{t('pipeline.candidate.back')}</BackLink>
      <h1>{initial.candidate.name}</h1>
      <div className={styles.candidateLayout}>
        <div>
          <section className={styles.section} aria-labelledby="candidate-summary">
            <h2 id="candidate-summary">{t('pipeline.candidate.summary')}</h2>
            <SummaryList rows={rows} />
            <CandidateHrExport applicationId={application.id} />
            <div className={styles.inlineFields}>
              {shows('match') ? (
                <div>
                  <span id={matchLabel} className={styles.label}>
                    {t('pipeline.candidate.match')}
                  </span>
                  <Switch
                    checked={application.matched}
                    onChange={(matched) => void toggleMatch(matched)}
                    labelledBy={matchLabel}
                  />
                </div>
              ) : null}
              <Button variant="secondary" onClick={assign} disabled={!user}>
                {application.assignee && application.assignee.id === user?.id
                  ? t('pipeline.candidate.unassign')
                  : t('pipeline.candidate.assignToMe')}
              </Button>
            </div>
          </section>
          <section className={styles.section} aria-labelledby="candidate-move">
            <h2 id="candidate-move">{t('pipeline.candidate.moveTitle')}</h2>
            <MoveForm
              key={`${application.stageId}:${application.substageId}`}
              stages={stages}
              application={application}
              canUndo={history.state.status === 'ready' ? hasMoveToUndo(history.state.data) : undefined}
              onMoved={onMoved}
              templates={templates}
            />
            <CopyForm application={application} returnTo={returnTo} />
          </section>
          <section className={styles.section} aria-labelledby="candidate-answers">
            <h2 id="candidate-answers">{t('pipeline.candidate.answers')}</h2>
            <CandidateAnswers rows={initial.panel} emptyClassName={styles.muted} />
          </section>
          {initial.contextual && shows('contextualData') ? (
            <section className={styles.section} aria-labelledby="candidate-contextual">
              <h2 id="candidate-contextual">{t('contextual.title')}</h2>
              <ContextualSection data={initial.contextual} universityAverage={initial.universityAverage} />
            </section>
          ) : null}
          {shows('scores') ? (
            <section className={styles.section} aria-labelledby="candidate-scores">
              <h2 id="candidate-scores">{t('pipeline.scores.title')}</h2>
              <Scores
                stages={stages}
                panel={initial}
                application={application}
                onScored={(totalScore) => setApplication((current) => ({ ...current, totalScore }))}
              />
            </section>
          ) : null}
          {shows('scheduling') ? (
            <section className={styles.section} aria-labelledby="candidate-interviews">
              <h2 id="candidate-interviews">{t('scheduling.feedback.title')}</h2>
              <CandidateInterviews applicationId={application.id} userId={user?.id} />
              {application.stageStatus === 'PENDING' && application.state === 'SUBMITTED' ? (
                <p>
                  <Link
                    to={`/manager/scheduling/new?step=1&roleId=${application.roleId}&stageId=${application.stageId ?? ''}&ids=${application.id}`}
                  >
                    {t('scheduling.feedback.invite')}
                  </Link>
                </p>
              ) : null}
            </section>
          ) : null}
        </div>
        <div>
          {shows('documents') ? (
            <section className={styles.section} aria-labelledby="candidate-documents">
              <h2 id="candidate-documents">{t('pipeline.documents.title')}</h2>
              <Documents panel={initial} />
            </section>
          ) : null}
          <section className={styles.section} aria-labelledby="candidate-signatures">
            <h2 id="candidate-signatures">{t('pipeline.signatures.title')}</h2>
            <CandidateSignatures panel={initial} />
          </section>
          {shows('notes') ? (
            <section className={styles.section} aria-labelledby="candidate-notes">
              <h2 id="candidate-notes">{t('pipeline.notes.title')}</h2>
              <Notes
                kind="notes"
                items={initial.notes}
                canEdit={canEdit}
                onAdd={(text) => addNote(organization.id, application.id, text)}
                onEdit={(noteId, text) => editNote(organization.id, application.id, noteId, text)}
              />
            </section>
          ) : null}
          {shows('comments') ? (
            <section className={styles.section} aria-labelledby="candidate-comments">
              <h2 id="candidate-comments">{t('pipeline.comments.title')}</h2>
              <Notes
                kind="comments"
                items={initial.comments}
                canEdit={() => false}
                onAdd={(text) => addComment(organization.id, application.id, text)}
              />
            </section>
          ) : null}
          {shows('adjustments') ? (
            <section className={styles.section} aria-labelledby="candidate-adjustments">
              <h2 id="candidate-adjustments">{t('pipeline.adjustment.title')}</h2>
              <AdjustmentForm
                organizationId={organization.id}
                applicationId={application.id}
                initial={application.adjustment}
              />
            </section>
          ) : null}
          {shows('events') ? (
            <section className={styles.section} aria-labelledby="candidate-events">
              <h2 id="candidate-events">{t('pipeline.events.title')}</h2>
              <CandidateEvents applicationId={application.id} />
            </section>
          ) : null}
          {shows('contacts') ? (
            <section className={styles.section} aria-labelledby="candidate-contacts">
              <h2 id="candidate-contacts">{t('pipeline.contacts.title')}</h2>
              <SendMessage templates={templates} selection={{ ids: [application.id] }} count={1} />
              <Contacts organizationId={organization.id} applicationId={application.id} />
            </section>
          ) : null}
          {shows('history') ? (
            <section className={styles.section} aria-labelledby="candidate-history">
              <h2 id="candidate-history">{t('pipeline.history.title')}</h2>
              <LoadState
                state={history.state}
                title={t('pipeline.history.loadFailed')}
                message={apiMessage}
                onRetry={history.reload}
                heading={2}
              >
                {(entries) => <History entries={entries} />}
              </LoadState>
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}

/** /manager/candidate/:id: one application as the hiring side sees and works on it. */
export function CandidatePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { search } = useLocation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const returnTo = returnTarget(new URLSearchParams(search).get('return'));
  const panel = useLoad(() => fetchCandidatePanel(organization.id, id), `${organization.id}:${id}`);
  const stages = useStages();
  if (panel.state.status !== 'ready') {
    return (
      <>
        <BackLink to={returnTo}>{t('pipeline.candidate.back')}</BackLink>
        <LoadState
          state={panel.state}
          title={t('pipeline.candidate.loadFailed')}
          message={apiMessage}
          onRetry={panel.reload}
        >
          {() => null}
        </LoadState>
        {panel.state.status === 'loading' ? <h1>{t('pages.managerCandidate.title')}</h1> : null}
      </>
    );
  }
  const data = panel.state.data;
  return (
    <LoadState state={stages.state} title={data.candidate.name} message={apiMessage} onRetry={stages.reload}>
      {(list) => <CandidateView key={data.application.id} panel={data} stages={list} returnTo={returnTo} />}
    </LoadState>
  );
}
