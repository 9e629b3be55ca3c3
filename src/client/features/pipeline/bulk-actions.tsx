import { useId, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { OrganizationStage } from '#schemas/pipeline';
import type { CandidateSearchFilters } from '#schemas/search';
import type { ReferenceItem } from '#schemas/reference-data';
import { choosableSubStages } from '#engine';
import { SelectField } from '../../ui/form/select-field';
import { exportCandidates } from '../../api/candidate-items';
import { saveFile } from '../../ui/download/save-file';
import { bulkMove } from '../../api/pipeline';
import { useApiMessage } from '../../api/use-api-message';
import { useHrFeatures } from '../../state/hiring-features';
import { showToastAtom } from '../../state/process';
import { Button, ButtonGroup } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { Dialog } from '../../ui/dialog/dialog';
import { Checkbox } from '../../ui/form/checkbox';
import {
  ALL_MATCHING,
  NO_SELECTION,
  isPageSelected,
  selectedCount,
  selectionPayload,
  type Selection,
} from './selection';
import { FastTrack } from './fast-track';
import { SendMessage } from './send-message';
import { StageMessage, useMoveTemplates } from './stage-message';
import { Link } from 'react-router-dom';
import { INTERVIEW_STAGES, type StageId } from '#engine';
import * as styles from './pipeline.css';

/** The selection bar's id: m on the list moves the focus to its first control (decision 0067). */
export const SELECTION_ACTIONS_ID = 'selection-actions';

interface BulkActionsProps {
  stages: readonly OrganizationStage[];
  /** The organisation's roles (empty until loaded): fast-track's targets. */
  roles: readonly ReferenceItem[];
  selection: Selection;
  onSelectionChange: (selection: Selection) => void;
  totalElements: number;
  /** totalElements is a lower bound (counts across all roles stop at a cap): "all matching" cannot say how many. */
  totalCapped: boolean;
  pageIds: readonly string[];
  /** Bulk moves and exports are per role (POST /candidate/bulkstage/:stageId/:roleId, /candidate/:roleId/export). */
  roleId: string | undefined;
  roleName: string | undefined;
  /** The search's filters: what "all matching" means. */
  filters: CandidateSearchFilters;
  userId: string | undefined;
  onMoved: () => void;
}

/**
 * What can be done with the selection: select all matching (then everything the search finds,
 * minus rows unticked again), move to a stage or substage (optionally assigning them to me) after a
 * confirmation that says how many will move, and export the selection as CSV. The bar follows the
 * table, so ticking a row never moves the rows; while rows are ticked it stays in view at the bottom
 * of the window (decision 0032).
 */
export function BulkActions({
  stages,
  roles,
  selection,
  onSelectionChange,
  totalElements,
  totalCapped,
  pageIds,
  roleId,
  roleName,
  filters,
  userId,
  onMoved,
}: BulkActionsProps) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const ids = useId();
  // The organisation's `hr` flags: bulkMove, export and fastTrack can be hidden (spec §3).
  const shows = useHrFeatures();
  const [stageId, setStageId] = useState<number>(stages[0]?.id ?? 0);
  const [substageId, setSubstageId] = useState('');
  const [assignToMe, setAssignToMe] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [skipMessage, setSkipMessage] = useState(false);
  const templates = useMoveTemplates();
  const count = selectedCount(selection, totalElements);
  const target = stages.find((s) => s.id === stageId);
  const targetSub = target?.subStages.find((s) => s.id === substageId);
  const targetName = target ? (targetSub ? `${target.name} – ${targetSub.name}` : target.name) : '';
  const payload = selectionPayload(selection, filters);

  const move = useClickLock(() => {
    if (!roleId || !target) return;
    setConfirming(false);
    const options = { substageId: targetSub?.id, assignee: assignToMe ? userId : undefined, skipMessage };
    bulkMove(roleId, target.id, payload, options).then(
      (result) => {
        showToast({ kind: 'success', message: t('pipeline.bulk.moved', { count: result.moved, stage: targetName }) });
        onSelectionChange(NO_SELECTION);
        onMoved();
      },
      (error: unknown) => showToast({ kind: 'error', message: apiMessage(error) }),
    );
  });

  const exportCsv = useClickLock(() => {
    if (!roleId) return;
    exportCandidates(roleId, payload).then(
      (blob) => {
        saveFile(blob, `candidates-${(roleName ?? roleId).replace(/[^a-zA-Z0-9]+/g, '-').toLowerCase()}.csv`);
        showToast({ kind: 'success', message: t('pipeline.bulk.exported') });
      },
      (error: unknown) => showToast({ kind: 'error', message: apiMessage(error) }),
    );
  });

  const pageSelected =
    selection.mode === 'ids' && isPageSelected(selection, pageIds) && selection.ids.length === pageIds.length;
  return (
    <div
      id={SELECTION_ACTIONS_ID}
      className={count === 0 ? styles.selectionBar.idle : styles.selectionBar.active}
      role="group"
      aria-labelledby={`${ids}-count`}
    >
      <p id={`${ids}-count`} className={styles.selectionNote} aria-live="polite">
        {count === 0 ? (
          t('pipeline.bulk.none')
        ) : (
          <strong>
            {selection.mode === 'all' && selection.unselectedIds.length === 0
              ? t('pipeline.bulk.allSelected', { count })
              : t('pipeline.bulk.selected', { count })}
          </strong>
        )}{' '}
        {pageSelected && totalElements > pageIds.length && !totalCapped ? (
          <button type="button" className={styles.linkButton} onClick={() => onSelectionChange(ALL_MATCHING)}>
            {t('pipeline.bulk.selectAllMatching', { count: totalElements })}
          </button>
        ) : null}
        {count > 0 ? (
          <>
            {' '}
            <button type="button" className={styles.linkButton} onClick={() => onSelectionChange(NO_SELECTION)}>
              {t('pipeline.bulk.clear')}
            </button>
          </>
        ) : null}
      </p>
      {count === 0 ? null : !roleId ? (
        <p className={styles.selectionNote}>{t('pipeline.bulk.chooseRole')}</p>
      ) : (
        <>
          <SelectField
            label={t('pipeline.bulk.stage')}
            selectClassName={styles.select}
            value={stageId}
            options={stages.map((stage) => ({ value: stage.id, label: stage.name }))}
            onChange={(value) => {
              setStageId(Number(value));
              setSubstageId('');
            }}
          />
          <SelectField
            label={t('pipeline.bulk.substage')}
            selectClassName={styles.select}
            value={substageId}
            options={[
              { value: '', label: t('pipeline.bulk.defaultSubstage') },
              ...(target ? choosableSubStages(target).map((sub) => ({ value: sub.id, label: sub.name })) : []),
            ]}
            onChange={setSubstageId}
          />
          <div>
            <Checkbox
              id={`${ids}-assign`}
              label={t('pipeline.bulk.assignToMe')}
              checked={assignToMe}
              onChange={setAssignToMe}
              disabled={!userId}
            />
          </div>
          <ButtonGroup>
            {shows('bulkMove') ? (
              <Button disabled={!target} onClick={() => setConfirming(true)}>
                {t('pipeline.bulk.move')}
              </Button>
            ) : null}
            {shows('export') ? (
              <Button variant="secondary" onClick={exportCsv}>
                {t('pipeline.bulk.export')}
              </Button>
            ) : null}
            <SendMessage templates={templates} selection={payload} count={count} />
          </ButtonGroup>
          {selection.mode === 'ids' &&
          filters.stageId !== undefined &&
          INTERVIEW_STAGES.includes(filters.stageId as StageId) ? (
            <p>
              <Link
                to={`/manager/scheduling/new?step=1&roleId=${roleId}&stageId=${filters.stageId}&ids=${selection.ids.join(',')}`}
              >
                {t('pipeline.bulk.scheduleInterviews', { count })}
              </Link>
            </p>
          ) : null}
          {selection.mode === 'ids' && shows('fastTrack') ? (
            <FastTrack
              stages={stages}
              roles={roles}
              applicationIds={selection.ids}
              roleId={roleId}
              onDone={() => {
                onSelectionChange(NO_SELECTION);
                onMoved();
              }}
            />
          ) : null}
        </>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('pipeline.bulk.confirmTitle', { count, stage: targetName })}
        description={
          assignToMe ? t('pipeline.bulk.confirmBodyAssign', { count }) : t('pipeline.bulk.confirmBody', { count })
        }
      >
        <StageMessage
          id={`${ids}-skip-message`}
          templates={templates}
          stage={target}
          substageId={targetSub?.id}
          skip={skipMessage}
          onSkipChange={setSkipMessage}
        />
        <ButtonGroup>
          <Button onClick={move}>{t('pipeline.bulk.confirm', { count })}</Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('pipeline.bulk.cancel')}
          </Button>
        </ButtonGroup>
      </Dialog>
    </div>
  );
}
