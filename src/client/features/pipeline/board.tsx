import { moveBlocker, formatScore, DEFAULT_SORT_FIELD, DEFAULT_SORT_ORDER } from '#engine';
import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { OrganizationStage } from '#schemas/pipeline';
import type { CandidateListItem, CandidateSearchFilters } from '#schemas/search';
import { moveCandidateToStage, searchCandidates, type MoveResult } from '../../api/pipeline';
import type { Template } from '../../api/communications';
import { useApiMessage } from '../../api/use-api-message';
import { showToastAtom } from '../../state/process';
import { useOrganization } from '../../state/site';
import { Button, ButtonGroup } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { Dialog } from '../../ui/dialog/dialog';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import * as styles from './pipeline.css';
import { templatesGoing, useMoveTemplates, useWillSend } from './stage-message';

/** Cards per column; the rest are a link away, in the list. */
const BOARD_CARDS_PER_COLUMN = 20;

interface Column {
  stage: OrganizationStage;
  items: CandidateListItem[];
  total: number;
}

async function loadBoard(
  organizationId: string,
  stages: readonly OrganizationStage[],
  filters: CandidateSearchFilters,
): Promise<Column[]> {
  const pages = await Promise.all(
    stages.map((stage) =>
      searchCandidates(
        organizationId,
        'fastCandidate',
        { ...filters, stageId: stage.id },
        { page: 0, resultsPerPage: BOARD_CARDS_PER_COLUMN, sortBy: DEFAULT_SORT_FIELD, orderBy: DEFAULT_SORT_ORDER },
      ),
    ),
  );
  return stages.map((stage, i) => ({ stage, items: pages[i]!.content, total: pages[i]!.totalElements }));
}

/** A card moved on this board: where it is now and what the server said about it. */
interface Placement {
  stageId: number;
  result?: MoveResult;
}

interface Lifted {
  cardId: string;
  from: number;
  over: number;
}

/** A move waiting for the manager's word because the stage sends a message (issue 16). */
interface PendingMove {
  card: CandidateListItem;
  from: number;
  to: number;
  going: Template[];
}

interface BoardProps {
  stages: readonly OrganizationStage[];
  /** The search's filters without a stage (each column adds its own). */
  filters: CandidateSearchFilters;
  hrefFor: (row: CandidateListItem) => string;
  listHrefFor: (stageId: number) => string;
}

const handleId = (prefix: string, cardId: string) => `${prefix}-handle-${cardId}`;

/**
 * A role's board: one column per stage with its candidates as cards. A card moves by drag and
 * drop, by keyboard on its handle (Space picks it up, arrows choose the stage, Space drops, Escape
 * cancels) and by its "Move to…" menu; every move calls the single-move endpoint, shows at once,
 * and goes back with a toast when the server refuses it. A move to a stage that sends a message asks
 * first, as the move dialog does: send it, move without it, or cancel (decision 0061).
 */
export function Board({ stages, filters, hrefFor, listHrefFor }: BoardProps) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const prefix = useId().replace(/:/g, '');
  const key = `${organization.id}:${JSON.stringify(filters)}:${stages.map((s) => s.id).join(',')}`;
  const { state, reload } = useLoad(() => loadBoard(organization.id, stages, filters), key);
  const [placed, setPlaced] = useState<{ key: string; cards: Record<string, Placement> }>({ key, cards: {} });
  const placements = placed.key === key ? placed.cards : {};
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusCard, setFocusCard] = useState<string | null>(null);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const templates = useMoveTemplates();
  const [pending, setPending] = useState<PendingMove | null>(null);

  useEffect(() => {
    if (!focusCard) return;
    document.getElementById(handleId(prefix, focusCard))?.focus();
  }, [focusCard, placed, prefix]);

  if (state.status !== 'ready') {
    return (
      <LoadState state={state} title={t('pipeline.board.loadFailed')} message={apiMessage} onRetry={reload} heading={2}>
        {() => null}
      </LoadState>
    );
  }

  const columns = state.data;
  const stageName = (stageId: number) => columns.find((c) => c.stage.id === stageId)?.stage.name ?? '';
  const all = columns.flatMap((c) => c.items.map((item) => ({ item, home: c.stage.id })));
  const where = (id: string, home: number) => placements[id]?.stageId ?? home;
  const shown: Column[] = columns.map((column) => {
    const here = all.filter(({ item, home }) => where(item.id, home) === column.stage.id);
    const movedIn = here.filter(({ home }) => home !== column.stage.id).map(({ item }) => item);
    const stayed = here.filter(({ home }) => home === column.stage.id).map(({ item }) => item);
    const movedOut = column.items.length - stayed.length;
    return { stage: column.stage, items: [...movedIn, ...stayed], total: column.total - movedOut + movedIn.length };
  });

  const setPlacement = (cardId: string, placement: Placement | undefined) =>
    setPlaced((current) => {
      const cards = { ...(current.key === key ? current.cards : {}) };
      if (placement) cards[cardId] = placement;
      else delete cards[cardId];
      return { key, cards };
    });

  const move = (card: CandidateListItem, from: number, to: number) => {
    if (from === to) {
      setAnnouncement(t('pipeline.board.sameStage', { name: card.name, stage: stageName(to) }));
      return;
    }
    const blocker = moveBlocker(stages, card);
    if (blocker) {
      setAnnouncement(t('pipeline.board.moveFailed', { name: card.name, stage: stageName(from), message: blocker }));
      showToast({ kind: 'error', message: t('pipeline.board.moveFailedToast', { name: card.name, message: blocker }) });
      return;
    }
    const going = templatesGoing(
      templates,
      stages.find((stage) => stage.id === to),
    );
    if (going.length > 0) {
      setPending({ card, from, to, going });
      return;
    }
    send(card, from, to, false);
  };

  const send = (card: CandidateListItem, from: number, to: number, skipMessage: boolean) => {
    const previous = placements[card.id];
    setPlacement(card.id, { stageId: to });
    setFocusCard(card.id);
    setAnnouncement(t('pipeline.board.moving', { name: card.name, stage: stageName(to) }));
    moveCandidateToStage(card.id, to, { skipMessage }).then(
      (result) => {
        setPlacement(card.id, { stageId: result.stageId, result });
        setAnnouncement(t('pipeline.board.moved', { name: card.name, stage: result.stageName }));
        showToast({
          kind: 'success',
          message: t('pipeline.board.moved', { name: card.name, stage: result.stageName }),
        });
      },
      (error: unknown) => {
        setPlacement(card.id, previous);
        const message = apiMessage(error);
        setAnnouncement(t('pipeline.board.moveFailed', { name: card.name, stage: stageName(from), message }));
        showToast({ kind: 'error', message: t('pipeline.board.moveFailedToast', { name: card.name, message }) });
      },
    );
  };

  const ids = shown.map((c) => c.stage.id);
  const onHandleKey = (card: CandidateListItem, current: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const pick = event.key === ' ' || event.key === 'Enter';
    if (!lifted || lifted.cardId !== card.id) {
      if (!pick) return;
      event.preventDefault();
      setMenuFor(null);
      setLifted({ cardId: card.id, from: current, over: current });
      setAnnouncement(t('pipeline.board.pickedUp', { name: card.name, stage: stageName(current) }));
      return;
    }
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (step !== 0) {
      event.preventDefault();
      const index = Math.min(ids.length - 1, Math.max(0, ids.indexOf(lifted.over) + step));
      setLifted({ ...lifted, over: ids[index]! });
      setAnnouncement(
        t('pipeline.board.over', { stage: stageName(ids[index]!), position: index + 1, count: ids.length }),
      );
    } else if (pick) {
      event.preventDefault();
      setLifted(null);
      move(card, lifted.from, lifted.over);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setLifted(null);
      setAnnouncement(t('pipeline.board.cancelled', { name: card.name, stage: stageName(lifted.from) }));
    }
  };

  const onDrop = (to: number) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragOver(null);
    const cardId = event.dataTransfer.getData('text/plain');
    const found = all.find(({ item }) => item.id === cardId);
    if (found) move(found.item, where(found.item.id, found.home), to);
  };

  const decide = (skipMessage: boolean) => {
    if (!pending) return;
    setPending(null);
    send(pending.card, pending.from, pending.to, skipMessage);
  };
  const cancelPending = () => {
    if (!pending) return;
    setPending(null);
    setFocusCard(pending.card.id);
    setAnnouncement(t('pipeline.board.cancelled', { name: pending.card.name, stage: stageName(pending.from) }));
  };

  return (
    <>
      <MoveMessageDialog
        pending={pending}
        stage={pending ? stageName(pending.to) : ''}
        onDecide={decide}
        onCancel={cancelPending}
      />
      <p id={`${prefix}-instructions`} className={visuallyHidden}>
        {t('pipeline.board.instructions')}
      </p>
      <div className={visuallyHidden} aria-live="assertive" aria-atomic="true">
        {announcement}
      </div>
      <div className={styles.board} role="region" aria-label={t('pipeline.board.label')} tabIndex={0}>
        {shown.map((column) => {
          const target = lifted?.over === column.stage.id || dragOver === column.stage.id;
          const headingId = `${prefix}-column-${column.stage.id}`;
          return (
            <section
              key={column.stage.id}
              className={target ? `${styles.column} ${styles.columnTarget}` : styles.column}
              aria-labelledby={headingId}
              data-stage={column.stage.id}
              onDragOver={(event) => {
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                if (dragOver !== column.stage.id) setDragOver(column.stage.id);
              }}
              onDragLeave={() => setDragOver((current) => (current === column.stage.id ? null : current))}
              onDrop={onDrop(column.stage.id)}
            >
              <h2 id={headingId} className={styles.columnTitle}>
                {`${column.stage.name} (${column.total})`}
              </h2>
              {column.items.length === 0 ? <p className={styles.muted}>{t('pipeline.board.emptyColumn')}</p> : null}
              <ul className={styles.cards}>
                {column.items.map((card) => {
                  const placement = placements[card.id];
                  const substage = placement?.result?.substageName ?? (placement ? null : card.substageName);
                  const isLifted = lifted?.cardId === card.id;
                  return (
                    <li
                      key={card.id}
                      className={isLifted ? `${styles.card} ${styles.cardLifted}` : styles.card}
                      draggable
                      onDragStart={(event) => {
                        event.dataTransfer.setData('text/plain', card.id);
                        event.dataTransfer.effectAllowed = 'move';
                      }}
                      onDragEnd={() => setDragOver(null)}
                    >
                      <Link to={hrefFor(card)}>{card.name}</Link>
                      {substage ? <p className={styles.muted}>{substage}</p> : null}
                      {card.assignee ? (
                        <p className={styles.muted}>{t('pipeline.board.assignee', { name: card.assignee.name })}</p>
                      ) : null}
                      {card.totalScore !== null ? (
                        <p className={styles.muted}>
                          {t('pipeline.board.score', { score: formatScore(card.totalScore) })}
                        </p>
                      ) : null}
                      {placement && !placement.result ? (
                        <p className={styles.muted}>{t('pipeline.board.saving')}</p>
                      ) : null}
                      <div className={styles.cardActions}>
                        <button
                          type="button"
                          id={handleId(prefix, card.id)}
                          className={styles.handle}
                          aria-describedby={`${prefix}-instructions`}
                          aria-pressed={isLifted}
                          onKeyDown={onHandleKey(card, column.stage.id)}
                          onBlur={() => {
                            if (isLifted) {
                              setLifted(null);
                              setAnnouncement(
                                t('pipeline.board.cancelled', { name: card.name, stage: column.stage.name }),
                              );
                            }
                          }}
                        >
                          {t('pipeline.board.handle', { name: card.name })}
                        </button>
                        <MoveMenu
                          open={menuFor === card.id}
                          onOpenChange={(open) => setMenuFor(open ? card.id : null)}
                          name={card.name}
                          stages={shown.map((c) => c.stage)}
                          current={column.stage.id}
                          onChoose={(to) => {
                            setMenuFor(null);
                            move(card, column.stage.id, to);
                          }}
                        />
                      </div>
                    </li>
                  );
                })}
              </ul>
              {column.total > column.items.length ? (
                <p className={styles.muted}>
                  {t('pipeline.board.more', { shown: column.items.length, total: column.total })}{' '}
                  <Link to={listHrefFor(column.stage.id)}>
                    {t('pipeline.board.seeAll', { stage: column.stage.name })}
                  </Link>
                </p>
              ) : null}
            </section>
          );
        })}
      </div>
    </>
  );
}

interface MoveMessageDialogProps {
  pending: PendingMove | null;
  stage: string;
  onDecide: (skipMessage: boolean) => void;
  onCancel: () => void;
}

/** The board's "a message will go" question: move and send, move without it, or don't move. */
function MoveMessageDialog({ pending, stage, onDecide, onCancel }: MoveMessageDialogProps) {
  const { t } = useTranslation();
  const willSend = useWillSend();
  const moveAndSend = useClickLock(() => onDecide(false));
  const moveWithoutMessage = useClickLock(() => onDecide(true));
  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('pipeline.board.messageTitle', { name: pending?.card.name ?? '', stage })}
      description={pending ? willSend(pending.going) : ''}
    >
      <ButtonGroup>
        <Button onClick={moveAndSend}>{t('pipeline.board.moveAndSend')}</Button>
        <Button variant="secondary" onClick={moveWithoutMessage}>
          {t('pipeline.board.moveWithoutMessage')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('pipeline.board.cancelMove')}
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}

interface MoveMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  stages: readonly OrganizationStage[];
  current: number;
  onChoose: (stageId: number) => void;
}

/** "Move to…": a disclosure listing the other stages as buttons; Escape closes it and returns focus. */
function MoveMenu({ open, onOpenChange, name, stages, current, onChoose }: MoveMenuProps) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (open) list.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!anchor.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open, onOpenChange]);
  const close = () => {
    onOpenChange(false);
    button.current?.focus();
  };
  return (
    <span
      className={styles.menuAnchor}
      ref={anchor}
      onBlur={(event) => {
        // Tab took focus elsewhere: the list closes (clicks outside are handled below).
        const next = event.relatedTarget as Node | null;
        if (open && next && !event.currentTarget.contains(next)) onOpenChange(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.handle}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => onOpenChange(!open)}
      >
        {t('pipeline.board.moveTo')}
        <span className={visuallyHidden}> {name}</span>
      </button>
      {open ? (
        <ul
          ref={list}
          id={menuId}
          className={styles.menu}
          aria-label={t('pipeline.board.moveToLabel', { name })}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
        >
          {stages.map((stage) => (
            <li key={stage.id}>
              <button
                type="button"
                className={styles.menuItem}
                disabled={stage.id === current}
                onClick={() => onChoose(stage.id)}
              >
                {stage.id === current ? t('pipeline.board.currentStage', { stage: stage.name }) : stage.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}
