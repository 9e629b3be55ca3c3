import { createContext, useContext, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { atom, useAtom, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type SortingState,
} from '@tanstack/react-table';
import type { CandidateListItem, ListFieldColumns, SortField, SortOrder } from '#schemas/search';
import { formatScore } from '#engine';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import { isPageSelected, isSelected, type Selection } from './selection';
import { formatShortDate } from './format';
import { rowLink, useRowKeys } from './row-keys';
import * as styles from './pipeline.css';

const features = tableFeatures({ rowSortingFeature });
const helper = createColumnHelper<typeof features, CandidateListItem>();

/** What the cells need from the page: the selection and where a name links to. */
interface TableContext {
  selection: Selection;
  onToggle: (id: string, selected: boolean) => void;
  hrefFor: (row: CandidateListItem) => string;
}
const Context = createContext<TableContext | null>(null);
const useTableContext = () => useContext(Context)!;

/** The row whose candidate was opened from the list: its row takes the focus again on the way back. */
const openedRowAtom = atom<string | null>(null);

function SelectCell({ row }: { row: CandidateListItem }) {
  const { t } = useTranslation();
  const { selection, onToggle } = useTableContext();
  return (
    <input
      type="checkbox"
      className={styles.checkbox}
      aria-label={t('pipeline.table.selectRow', { name: row.name })}
      checked={isSelected(selection, row.id)}
      onChange={(event) => onToggle(row.id, event.target.checked)}
    />
  );
}

function NameCell({ row }: { row: CandidateListItem }) {
  const { hrefFor } = useTableContext();
  const setOpened = useSetAtom(openedRowAtom);
  return (
    <Link to={hrefFor(row)} className={styles.rowLink} onClick={() => setOpened(row.id)}>
      {row.name}
    </Link>
  );
}

/** An answer or a fact in one line of the dense table, cut short with an ellipsis (the full text stays readable to
 * assistive technology and on the candidate's page). */
function Line({ text }: { text: string }) {
  return <span className={styles.line}>{text}</span>;
}

/** Column id → the server's sort field (spec §3 Search state: candidatesSortField). */
const SORTABLE: Readonly<Record<string, SortField>> = {
  name: 'name',
  stage: 'stage',
  totalScore: 'score',
  appliedAt: 'appliedAt',
  lastChangeAt: 'lastChangeAt',
};
const SORT_COLUMN = Object.fromEntries(Object.entries(SORTABLE).map(([column, field]) => [field, column])) as Record<
  SortField,
  string
>;

interface CandidateTableProps {
  rows: CandidateListItem[];
  /** Show the role column (the search spans roles). */
  showRole: boolean;
  /** The role's listFields columns with the form's labels (candidatesx). */
  fieldColumns: ListFieldColumns;
  sortBy: SortField;
  orderBy: SortOrder;
  onSort: (sortBy: SortField, orderBy: SortOrder) => void;
  selection: Selection;
  onToggle: (id: string, selected: boolean) => void;
  onTogglePage: (selected: boolean) => void;
  hrefFor: (row: CandidateListItem) => string;
  busy: boolean;
  caption: string;
  /** Single-key shortcuts are on (decision 0067). */
  singleKeys: boolean;
  /** m: go to the actions for the selected. */
  onActions: () => void;
  /** ?: show the shortcuts. */
  onHelp: () => void;
}

/**
 * The candidate list (@tanstack/react-table v9): the server sorts and pages (manualSorting);
 * the table owns the column model and the sorting state, which mirrors the address. Dense (decision 0066):
 * one line a row, name, stage, status and score first, then the role's answers; a sticky header; the keys
 * of decision 0067 move through the rows, select and open them.
 */
export function CandidateTable(props: CandidateTableProps) {
  const { t } = useTranslation();
  const {
    rows,
    showRole,
    fieldColumns,
    sortBy,
    orderBy,
    onSort,
    selection,
    onToggle,
    onTogglePage,
    hrefFor,
    busy,
    caption,
    singleKeys,
    onActions,
    onHelp,
  } = props;
  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: 'select',
          header: () => null,
          cell: (info) => <SelectCell row={info.row.original} />,
          enableSorting: false,
        }),
        helper.accessor('name', {
          header: () => t('pipeline.table.name'),
          cell: (info) => <NameCell row={info.row.original} />,
        }),
        ...(showRole
          ? [
              helper.accessor('roleName', {
                header: () => t('pipeline.table.role'),
                cell: (info) => <Line text={info.getValue()} />,
                enableSorting: false,
              }),
            ]
          : []),
        helper.accessor((row) => [row.stageName, row.substageName].filter(Boolean).join(' – '), {
          id: 'stage',
          header: () => t('pipeline.table.stage'),
          cell: (info) => <Line text={info.getValue() || t('pipeline.table.none')} />,
        }),
        helper.accessor('stageStatus', {
          header: () => t('pipeline.table.status'),
          cell: (info) => (info.getValue() ? t(`pipeline.status.${info.getValue()!}`) : ''),
          enableSorting: false,
        }),
        helper.accessor('totalScore', {
          header: () => t('pipeline.table.score'),
          cell: (info) => (info.getValue() === null ? '' : formatScore(info.getValue()!)),
        }),
        ...fieldColumns.map(({ id, label }) =>
          helper.accessor((row) => row.fields?.[id] ?? '', {
            id: `field:${id}`,
            header: () => label,
            cell: (info) => <Line text={info.getValue()} />,
            enableSorting: false,
          }),
        ),
        helper.accessor((row) => [row.universityName, row.degreeClass].filter(Boolean).join(', '), {
          id: 'university',
          header: () => t('pipeline.table.university'),
          cell: (info) => <Line text={info.getValue()} />,
          enableSorting: false,
        }),
        helper.accessor('averagePercent', {
          header: () => t('pipeline.table.average'),
          cell: (info) => (info.getValue() === null ? '' : `${formatScore(info.getValue()!)}%`),
          enableSorting: false,
        }),
        // The role's answer columns may show the email already.
        ...(fieldColumns.some((column) => column.id === 'email')
          ? []
          : [
              helper.accessor((row) => row.email ?? '', {
                id: 'email',
                header: () => t('pipeline.table.email'),
                cell: (info) => <Line text={info.getValue()} />,
                enableSorting: false,
              }),
            ]),
        helper.accessor((row) => row.assignee?.name ?? '', {
          id: 'assignee',
          header: () => t('pipeline.table.assignee'),
          cell: (info) => <Line text={info.getValue()} />,
          enableSorting: false,
        }),
        helper.accessor('appliedAt', {
          header: () => t('pipeline.table.applied'),
          cell: (info) => (info.getValue() ? formatShortDate(info.getValue()!) : ''),
        }),
        helper.accessor('lastChangeAt', {
          header: () => t('pipeline.table.lastChange'),
          cell: (info) => formatShortDate(info.getValue()),
        }),
      ]),
    [t, showRole, fieldColumns],
  );
  const sorting: SortingState = useMemo(
    () => [{ id: SORT_COLUMN[sortBy], desc: orderBy === 'DESC' }],
    [sortBy, orderBy],
  );
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => row.id,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (!first || !SORTABLE[first.id]) return;
      onSort(SORTABLE[first.id]!, first.desc ? 'DESC' : 'ASC');
    },
  });
  const pageIds = rows.map((row) => row.id);
  const context = useMemo(() => ({ selection, onToggle, hrefFor }), [selection, onToggle, hrefFor]);
  const region = useRef<HTMLDivElement>(null);
  useRowKeys(region, {
    onToggle: (id) => onToggle(id, !isSelected(selection, id)),
    onActions,
    onHelp,
    singleKeys,
  });
  // Back from a candidate opened here: that row takes the focus, so screening goes on where it stopped. Read once,
  // as the list mounts (it mounts after the navigation moved the focus to <main>).
  const [opened, setOpened] = useAtom(openedRowAtom);
  const returningTo = useRef(opened);
  useEffect(() => {
    const id = returningTo.current;
    if (id === null) return;
    returningTo.current = null;
    setOpened(null);
    const row = [...(region.current?.querySelectorAll('tbody tr') ?? [])].find((tr) =>
      tr instanceof HTMLElement ? tr.dataset.rowId === id : false,
    );
    rowLink(row)?.focus();
  }, [setOpened]);
  return (
    <Context.Provider value={context}>
      <div
        className={styles.tableRegion}
        role="region"
        aria-labelledby="candidate-table-caption"
        tabIndex={0}
        ref={region}
      >
        <table className={styles.table} aria-busy={busy || undefined}>
          <caption id="candidate-table-caption" className={visuallyHidden}>
            {caption}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  if (header.column.id === 'select') {
                    return (
                      <th key={header.id} className={styles.th} scope="col">
                        <input
                          type="checkbox"
                          className={styles.checkbox}
                          aria-label={t('pipeline.table.selectPage')}
                          checked={isPageSelected(selection, pageIds)}
                          disabled={pageIds.length === 0}
                          onChange={(event) => onTogglePage(event.target.checked)}
                        />
                      </th>
                    );
                  }
                  return (
                    <th
                      key={header.id}
                      className={styles.th}
                      scope="col"
                      aria-sort={
                        header.column.getCanSort()
                          ? sorted === 'asc'
                            ? 'ascending'
                            : sorted === 'desc'
                              ? 'descending'
                              : 'none'
                          : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className={styles.sortButton}
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <table.FlexRender header={header} />
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                          <span className={visuallyHidden}>
                            {sorted
                              ? t(sorted === 'asc' ? 'pipeline.table.sortedAsc' : 'pipeline.table.sortedDesc')
                              : t('pipeline.table.sortable')}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                data-row-id={row.id}
                className={isSelected(selection, row.id) ? `${styles.row} ${styles.selectedRow}` : styles.row}
              >
                {row.getAllCells().map((cell) =>
                  cell.column.id === 'name' ? (
                    <th key={cell.id} className={`${styles.td} ${styles.rowHeader}`} scope="row">
                      <table.FlexRender cell={cell} />
                    </th>
                  ) : (
                    <td key={cell.id} className={styles.td}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Context.Provider>
  );
}
