import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { atom, useAtom, useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useTranslation } from 'react-i18next';
import type { OrganizationStage } from '#schemas/pipeline';
import type { CandidateListItem, CandidateSearchPage, ListFieldColumns, StageTotals } from '#schemas/search';
import type { ReferenceItem } from '#schemas/reference-data';
import { PAGE_SIZES, orderedSubStages } from '#engine';
import { searchCandidates } from '../../api/pipeline';
import { fetchReferenceList } from '../../api/reference-data';
import { useApiMessage } from '../../api/use-api-message';
import { userAtom } from '../../state/auth';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { LoadState } from '../../ui/page/load-state';
import { useKeptLoad, useLoad } from '../../ui/page/use-load';
import { Pagination } from '../../ui/pagination/pagination';
import { DelayedSpinner } from '../../ui/spinner/delayed-spinner';
import { media } from '../../ui/media';
import { Board } from './board';
import { BulkActions, SELECTION_ACTIONS_ID } from './bulk-actions';
import { CandidateTable } from './candidate-table';
import { FilterPanel, activeFilterCount, loadFilterOptions } from './filter-panel';
import { choiceQuestions } from './more-filters';
import {
  candidateHref,
  effectivePosition,
  filtersWithoutStage,
  readSearchLocation,
  searchFilters,
  searchHref,
  searchQuery,
  withChanges,
  type SearchLocation,
  type StagePosition,
} from './search-state';
import { NO_SELECTION, togglePage, toggleRow, type Selection } from './selection';
import { ShortcutHelp, singleKeysAtom } from './shortcuts';
import { useStages } from './use-stages';
import * as styles from './pipeline.css';

const NO_ROWS: CandidateListItem[] = [];
const NO_COLUMNS: ListFieldColumns = [];

/**
 * The selection with the filters it belongs to. Kept outside the page, so opening a candidate and coming back
 * finds it still ticked; new filters or another tab start afresh.
 */
const selectionAtom = atom<{ key: string; selection: Selection }>({ key: '', selection: NO_SELECTION });

/** The filter panel shown or hidden, as the user last chose in this browser; until then, shown on wide screens. */
const filtersShownAtom = atomWithStorage<boolean | null>('searchFiltersShown', null, undefined, { getOnInit: true });
const wideScreen = () => typeof window.matchMedia !== 'function' || window.matchMedia(media.md).matches;

/** Moves the focus to the selection's actions (m): the stage to move to, or with nothing to move, its first button. */
function focusSelectionActions(): void {
  const actions = document.getElementById(SELECTION_ACTIONS_ID);
  (actions?.querySelector('select') ?? actions?.querySelector('button'))?.focus();
}

/** A tab's count: how many, and whether counting stopped at the cap ("at least", decision 0079). */
type TabCount = { total: number; capped?: true } | undefined;

function stageTotal(totals: StageTotals | undefined, stageId: number): TabCount {
  return totals?.find((s) => s.stageId === stageId);
}

function subStageTotal(totals: StageTotals | undefined, stageId: number, substageId: string): TabCount {
  return totals?.find((s) => s.stageId === stageId)?.subStages.find((s) => s.substageId === substageId);
}

/** A count the server stopped at its cap reads "1,000+": at least that many. */
function atLeast(total: number, language: string): string {
  return `${total.toLocaleString(language)}+`;
}

/** A tab's text: the name and, once known, how many it holds (one text, so it reads the same everywhere). */
function counted(name: string, count: TabCount, language: string): string {
  if (count === undefined) return name;
  return `${name} (${count.capped ? atLeast(count.total, language) : count.total})`;
}

interface TabsProps {
  stages: readonly OrganizationStage[];
  position: StagePosition;
  totals: StageTotals | undefined;
  hrefFor: (position: StagePosition) => string;
}

/** The stage tabs with their counts (totalForStage), and the current stage's substage tabs. */
function StageTabs({ stages, position, totals, hrefFor }: TabsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const current = stages.find((s) => s.id === position.stageId);
  return (
    <>
      <nav aria-label={t('pipeline.tabs.stages')}>
        <ul className={styles.tabs}>
          {stages.map((stage) => {
            const selected = stage.id === position.stageId;
            return (
              <li key={stage.id}>
                <Link
                  className={selected ? styles.tab.current : styles.tab.idle}
                  to={hrefFor({ stageId: stage.id })}
                  aria-current={selected ? 'page' : undefined}
                >
                  {counted(stage.name, stageTotal(totals, stage.id), language)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {current ? (
        <nav aria-label={t('pipeline.tabs.substages', { stage: current.name })}>
          <ul className={styles.subTabs}>
            <li>
              <Link
                className={position.substageId ? styles.subTab.idle : styles.subTab.current}
                to={hrefFor({ stageId: current.id })}
                aria-current={position.substageId ? undefined : 'page'}
              >
                {counted(t('pipeline.tabs.allInStage'), stageTotal(totals, current.id), language)}
              </Link>
            </li>
            {orderedSubStages(current).map((sub) => {
              const selected = sub.id === position.substageId;
              return (
                <li key={sub.id}>
                  <Link
                    className={selected ? styles.subTab.current : styles.subTab.idle}
                    to={hrefFor({ stageId: current.id, substageId: sub.id })}
                    aria-current={selected ? 'page' : undefined}
                  >
                    {counted(sub.name, subStageTotal(totals, current.id, sub.id), language)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
    </>
  );
}

interface ListViewProps {
  location: SearchLocation;
  stages: readonly OrganizationStage[];
  /** The organisation's roles (empty until loaded): fast-track's targets. */
  roles: readonly ReferenceItem[];
  roleName: string | undefined;
  go: (next: SearchLocation) => void;
  here: string;
}

/** The list view: filters, stage tabs, the selection bar, the table and its pages. */
function ListView({ location, stages, roles, roleName, go, here }: ListViewProps) {
  const { t, i18n } = useTranslation();
  const organization = useOrganization();
  // Loaded here, not in the panel: the panel is remounted (its draft reset) whenever the filters change.
  const filterOptions = useLoad(() => loadFilterOptions(organization), organization.id).state;
  const apiMessage = useApiMessage();
  const userId = useAtomValue(userAtom).user?.id;
  const { state } = location;
  const position = effectivePosition(location, stages);
  const filters = searchFilters(state, position, userId);
  const query = searchQuery(state);
  const variant = location.list === 'candidatesx' && state.roleId ? 'candidatev' : 'candidate';
  const requestKey = JSON.stringify([organization.id, variant, filters, query]);
  const search = useKeptLoad<CandidateSearchPage>(
    () => searchCandidates(organization.id, variant, filters, query),
    requestKey,
  );

  // The selection belongs to one set of matching applications: new filters or another tab start afresh.
  const selectionKey = JSON.stringify([organization.id, filters]);
  const [stored, setStored] = useAtom(selectionAtom);
  const selection = stored.key === selectionKey ? stored.selection : NO_SELECTION;
  const setSelection = useCallback(
    (next: Selection) => setStored({ key: selectionKey, selection: next }),
    [selectionKey, setStored],
  );
  const [storedShown, setFiltersShown] = useAtom(filtersShownAtom);
  const filtersShown = storedShown ?? wideScreen();
  const filtersId = useId();
  const filterCount = activeFilterCount(state.filters);
  const singleKeys = useAtomValue(singleKeysAtom);
  const [helpOpen, setHelpOpen] = useState(false);

  const page = search.data;
  const rows = page?.content ?? NO_ROWS;
  const pageIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const onToggle = useCallback(
    (id: string, selected: boolean) => setSelection(toggleRow(selection, id, selected)),
    [selection, setSelection],
  );
  const hrefFor = useCallback((row: CandidateListItem) => candidateHref(row.id, here), [here]);

  const at = (changes: Partial<SearchLocation['state']>, extra: Partial<SearchLocation> = {}): SearchLocation => ({
    ...location,
    ...extra,
    state: withChanges(state, changes),
  });
  const hrefForPosition = (next: StagePosition) =>
    searchHref(at({ stageId: next.stageId, substageId: next.substageId }, { tabIndex: null }));
  const currentStage = stages.find((s) => s.id === position.stageId);
  const currentSub = currentStage?.subStages.find((s) => s.id === position.substageId);
  const caption = [roleName ?? t('pipeline.search.allRoles'), currentStage?.name, currentSub?.name]
    .filter(Boolean)
    .join(' – ');

  return (
    <>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={styles.linkButton}
          aria-expanded={filtersShown}
          aria-controls={filtersId}
          onClick={() => setFiltersShown(!filtersShown)}
        >
          {filtersShown
            ? t('pipeline.search.hideFilters')
            : filterCount > 0
              ? t('pipeline.search.showFiltersWithCount', { count: filterCount })
              : t('pipeline.search.showFilters')}
        </button>
        <button type="button" className={styles.linkButton} onClick={() => setHelpOpen(true)}>
          {t('pipeline.search.shortcuts')}
        </button>
        {page ? (
          <p role="status">
            {page.totalCapped
              ? t('pipeline.search.foundAtLeast', { shown: atLeast(page.totalElements, i18n.language) })
              : t('pipeline.search.found', { count: page.totalElements })}
            {search.loading ? <span className={styles.muted}> {t('pipeline.search.updating')}</span> : null}
          </p>
        ) : null}
      </div>
      <ShortcutHelp open={helpOpen} onOpenChange={setHelpOpen} />
      <div className={filtersShown ? styles.layout.withFilters : styles.layout.withoutFilters}>
        <div id={filtersId} hidden={!filtersShown}>
          <FilterPanel
            key={JSON.stringify(state.filters)}
            filters={state.filters}
            options={filterOptions.status === 'ready' ? filterOptions.data : null}
            onApply={(next) => go(at({ filters: next }))}
            onClear={() => go(at({ filters: {} }))}
            contextual={organization.edition === 'contextual'}
            questions={choiceQuestions(organization.formConfiguration.custom)}
          />
        </div>
        <div className={styles.results}>
          <StageTabs stages={stages} position={position} totals={page?.totalForStage} hrefFor={hrefForPosition} />
          {search.error ? (
            <>
              <h2>{t('pipeline.search.failedTitle')}</h2>
              <p role="alert">{apiMessage(search.error)}</p>
              <Button variant="secondary" onClick={search.reload}>
                {t('common.tryAgain')}
              </Button>
            </>
          ) : !page ? (
            <DelayedSpinner />
          ) : (
            <>
              {page.totalElements === 0 ? (
                <>
                  <h2>{t('pipeline.search.noneTitle')}</h2>
                  <p>{t('pipeline.search.noneBody')}</p>
                </>
              ) : (
                <>
                  <CandidateTable
                    rows={rows}
                    showRole={!state.roleId}
                    fieldColumns={(variant === 'candidatev' && page.columns) || NO_COLUMNS}
                    sortBy={query.sortBy}
                    orderBy={query.orderBy}
                    onSort={(sortBy, orderBy) => go(at({ sortBy, orderBy }))}
                    selection={selection}
                    onToggle={onToggle}
                    onTogglePage={(selected) => setSelection(togglePage(selection, pageIds, selected))}
                    hrefFor={hrefFor}
                    busy={search.loading}
                    caption={caption}
                    singleKeys={singleKeys}
                    onActions={focusSelectionActions}
                    onHelp={() => setHelpOpen(true)}
                  />
                  <BulkActions
                    stages={stages}
                    roles={roles}
                    selection={selection}
                    onSelectionChange={setSelection}
                    totalElements={page.totalElements}
                    totalCapped={page.totalCapped === true}
                    pageIds={pageIds}
                    roleId={state.roleId}
                    roleName={roleName}
                    filters={filters}
                    userId={userId}
                    onMoved={search.reload}
                  />
                  <div className={styles.pageSize}>
                    <span id="page-size-label">{t('pipeline.search.perPage')}</span>
                    <ul className={styles.statusTabs} aria-labelledby="page-size-label">
                      {PAGE_SIZES.map((size) => (
                        <li key={size}>
                          {size === state.resultsPerPage ? (
                            <strong aria-current="true">{size}</strong>
                          ) : (
                            <Link
                              to={searchHref(at({ resultsPerPage: size }))}
                              aria-label={t('pipeline.search.perPageLink', { count: size })}
                            >
                              {size}
                            </Link>
                          )}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <Pagination
                    page={page.number}
                    totalPages={page.totalPages}
                    hrefFor={(n) => searchHref({ ...location, state: { ...state, page: n } })}
                  />
                </>
              )}
            </>
          )}
        </div>
      </div>
    </>
  );
}

/**
 * /manager/search: a role's (or every role's) candidates by stage, with filters, sorting, paging,
 * selection and bulk actions, or the role's board. Everything lives in the address (spec §2).
 */
export function SearchScreen({ title }: { title: string }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const location = readSearchLocation(search);
  const stages = useStages();
  const roles = useLoad(() => fetchReferenceList('ROLE'), organization.id).state;
  const roleList = roles.status === 'ready' ? roles.data : [];
  const roleName = roleList.find((role) => role.id === location.state.roleId)?.value;
  const go = (next: SearchLocation) => navigate(searchHref(next));
  const here = `${pathname}${search}`;
  const userId = useAtomValue(userAtom).user?.id;
  const viewHref = (view: SearchLocation['view']) => searchHref({ ...location, view });

  return (
    <>
      <h1>{roleName ? t('pipeline.search.titleForRole', { title, role: roleName }) : title}</h1>
      <div className={styles.toolbar}>
        <div className={styles.inlineField}>
          <label className={styles.label} htmlFor="search-role">
            {t('pipeline.search.role')}
          </label>
          <select
            id="search-role"
            className={styles.select}
            value={location.state.roleId ?? ''}
            onChange={(event) =>
              go({
                ...location,
                tabIndex: null,
                state: withChanges(location.state, {
                  roleId: event.target.value || undefined,
                  stageId: undefined,
                  substageId: undefined,
                }),
              })
            }
          >
            <option value="">{t('pipeline.search.allRoles')}</option>
            {roleList.map((role) => (
              <option key={role.id} value={role.id}>
                {role.value}
              </option>
            ))}
            {location.state.roleId && !roleName && roles.status === 'ready' ? (
              <option value={location.state.roleId}>{t('pipeline.search.otherRole')}</option>
            ) : null}
          </select>
        </div>
        <nav aria-label={t('pipeline.search.views')}>
          <ul className={styles.statusTabs}>
            {(['list', 'board'] as const).map((view) => (
              <li key={view}>
                <Link
                  className={location.view === view ? styles.subTab.current : styles.subTab.idle}
                  to={viewHref(view)}
                  aria-current={location.view === view ? 'page' : undefined}
                >
                  {t(`pipeline.search.view.${view}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {location.view === 'list' && location.state.roleId ? (
          <p>
            <Link
              to={searchHref({ ...location, list: location.list === 'candidatesx' ? 'candidatesc' : 'candidatesx' })}
            >
              {location.list === 'candidatesx' ? t('pipeline.search.hideAnswers') : t('pipeline.search.showAnswers')}
            </Link>
          </p>
        ) : null}
      </div>
      <LoadState
        state={stages.state}
        title={t('pipeline.search.stagesFailed')}
        message={apiMessage}
        onRetry={stages.reload}
        heading={2}
      >
        {(list) =>
          location.view === 'board' ? (
            location.state.roleId ? (
              <Board
                stages={list}
                filters={filtersWithoutStage(location.state, userId)}
                hrefFor={(row) => candidateHref(row.id, here)}
                listHrefFor={(stageId) =>
                  searchHref({
                    ...location,
                    view: 'list',
                    tabIndex: null,
                    state: withChanges(location.state, { stageId, substageId: undefined }),
                  })
                }
              />
            ) : (
              <p>{t('pipeline.board.chooseRole')}</p>
            )
          ) : (
            <ListView location={location} stages={list} roles={roleList} roleName={roleName} go={go} here={here} />
          )
        }
      </LoadState>
    </>
  );
}
