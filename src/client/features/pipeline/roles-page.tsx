import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { OrganizationStage } from '#schemas/pipeline';
import type { RoleStatus } from '#schemas/vocabularies';
import { DEFAULT_PAGE_SIZE } from '#engine';
import { fetchManagerRoles, setRoleArchived, type ManagerRole, type ManagerRolePage } from '../../api/manager-roles';
import { useApiMessage } from '../../api/use-api-message';
import { useLongDate } from '../../i18n/use-long-date';
import { showToastAtom } from '../../state/process';
import { Button, ButtonGroup } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { Dialog } from '../../ui/dialog/dialog';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { Pagination } from '../../ui/pagination/pagination';
import { Tag } from '../../ui/tag/tag';
import { ListSearch, StatusTabs } from '../../ui/listing/list-controls';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import { roleSearchHref } from './search-state';
import { useStages } from './use-stages';
import * as styles from './pipeline.css';

const ROLES_PER_PAGE = DEFAULT_PAGE_SIZE;
const LIST_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;

/** The role list's tabs: the role statuses but the Preset templates. */
type RoleListStatus = Exclude<RoleStatus, 'PRESET'>;

/** The role list's address: status (ACTIVE by default, spec §9), search term and page (from 1 in the address). */
export interface RoleListQuery {
  status: RoleListStatus;
  searchTerm: string;
  page: number;
}

export function roleListQueryFrom(search: string): RoleListQuery {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page') ?? '1');
  return {
    status: params.get('status') === 'ARCHIVED' ? 'ARCHIVED' : 'ACTIVE',
    searchTerm: (params.get('q') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

export function roleListHref(path: string, query: RoleListQuery): string {
  const params = new URLSearchParams();
  if (query.status !== 'ACTIVE') params.set('status', query.status);
  if (query.searchTerm) params.set('q', query.searchTerm);
  if (query.page > 0) params.set('page', String(query.page + 1));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function StageCounts({ role, stages }: { role: ManagerRole; stages: readonly OrganizationStage[] | null }) {
  const { t } = useTranslation();
  const name = (stageId: number) =>
    stages?.find((s) => s.id === stageId)?.name ?? t('pipeline.roles.stageNumber', { id: stageId });
  const order = (stageId: number) => stages?.find((s) => s.id === stageId)?.orderIndex ?? stageId;
  const counts = [...role.stages].filter((s) => s.total > 0).sort((a, b) => order(a.stageId) - order(b.stageId));
  if (counts.length === 0) return null;
  return (
    <ul className={styles.stageCounts} aria-label={t('pipeline.roles.stageCountsLabel', { name: role.name })}>
      {counts.map((count) => (
        <li key={count.stageId} className={styles.stageCount}>
          {name(count.stageId)}: <strong>{count.total}</strong>
        </li>
      ))}
    </ul>
  );
}

function RoleItem({
  role,
  stages,
  onArchive,
}: {
  role: ManagerRole;
  stages: readonly OrganizationStage[] | null;
  onArchive: (role: ManagerRole) => void;
}) {
  const { t } = useTranslation();
  const formatLongDate = useLongDate();
  const forRole = <span className={visuallyHidden}> {t('pipeline.roles.forRole', { name: role.name })}</span>;
  return (
    <li className={styles.roleItem}>
      <h2 className={styles.roleTitle}>
        <Link to={roleSearchHref(role.id)}>{role.name}</Link>{' '}
        {role.status === 'ARCHIVED' ? <Tag colour="grey">{t('pipeline.roles.archivedTag')}</Tag> : null}
      </h2>
      <ul className={styles.facts} aria-label={t('pipeline.roles.factsLabel', { name: role.name })}>
        {[role.department, role.location, role.roleType, role.roleLevel].filter(Boolean).map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
        {role.deadline ? (
          <li>
            {role.closed
              ? t('pipeline.roles.closed', { date: formatLongDate(role.deadline) })
              : t('pipeline.roles.deadline', { date: formatLongDate(role.deadline) })}
          </li>
        ) : null}
      </ul>
      <p>{t('pipeline.roles.applications', { count: role.applications })}</p>
      <StageCounts role={role} stages={stages} />
      <div className={styles.actions}>
        <Link to={roleSearchHref(role.id)}>
          {t('pipeline.roles.candidates')}
          {forRole}
        </Link>
        <Link to={roleSearchHref(role.id, 'board')}>
          {t('pipeline.roles.board')}
          {forRole}
        </Link>
        <Button variant="secondary" onClick={() => onArchive(role)}>
          {role.status === 'ARCHIVED' ? t('pipeline.roles.restore') : t('pipeline.roles.archive')}
          {forRole}
        </Button>
      </div>
    </li>
  );
}

function ArchiveDialog({
  role,
  onClose,
  onDone,
}: {
  role: ManagerRole | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const archive = role?.status !== 'ARCHIVED';
  const name = role?.name ?? '';
  const act = useClickLock(() => {
    if (!role) return;
    onClose();
    setRoleArchived(role.id, archive).then(
      () => {
        showToast({
          kind: 'success',
          message: archive ? t('pipeline.roles.archived', { name }) : t('pipeline.roles.restored', { name }),
        });
        onDone();
      },
      (error: unknown) => showToast({ kind: 'error', message: apiMessage(error) }),
    );
  });
  return (
    <Dialog
      open={role !== null}
      onOpenChange={(open) => !open && onClose()}
      title={archive ? t('pipeline.roles.archiveTitle', { name }) : t('pipeline.roles.restoreTitle', { name })}
      description={archive ? t('pipeline.roles.archiveBody') : t('pipeline.roles.restoreBody')}
    >
      <ButtonGroup>
        <Button variant={archive ? 'warning' : 'primary'} onClick={act}>
          {archive ? t('pipeline.roles.archiveConfirm') : t('pipeline.roles.restoreConfirm')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('pipeline.roles.cancel')}
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}

function Results({
  page,
  query,
  path,
  stages,
  onArchive,
}: {
  page: ManagerRolePage;
  query: RoleListQuery;
  path: string;
  stages: readonly OrganizationStage[] | null;
  onArchive: (role: ManagerRole) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p role="status">{t('pipeline.roles.found', { count: page.totalElements })}</p>
      {page.hasContent ? (
        <ul className={styles.roleList}>
          {page.content.map((role) => (
            <RoleItem key={role.id} role={role} stages={stages} onArchive={onArchive} />
          ))}
        </ul>
      ) : (
        <>
          <h2>{t('pipeline.roles.noneTitle')}</h2>
          <p>{query.status === 'ARCHIVED' ? t('pipeline.roles.noneArchived') : t('pipeline.roles.noneBody')}</p>
        </>
      )}
      <Pagination
        page={page.number}
        totalPages={page.totalPages}
        hrefFor={(n) => roleListHref(path, { ...query, page: n })}
      />
    </>
  );
}

/** /manager/roles: the organisation's roles (active or archived), searchable and paged, with per-stage counts. */
export function RolesScreen({ title }: { title: string }) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const query = roleListQueryFrom(search);
  const { state, reload } = useLoad(() => fetchManagerRoles({ ...query, resultsPerPage: ROLES_PER_PAGE }), search);
  const stages = useStages().state;
  const [archiving, setArchiving] = useState<ManagerRole | null>(null);
  return (
    <>
      <h1>{title}</h1>
      <StatusTabs
        label={t('pipeline.roles.statusLabel')}
        statuses={LIST_STATUSES}
        current={query.status}
        hrefOf={(status) => roleListHref(pathname, { status, searchTerm: query.searchTerm, page: 0 })}
        labelOf={(status) => t(`pipeline.roles.status.${status}`)}
      />
      <ListSearch
        id="role-search"
        formLabel={t('pipeline.roles.searchLabel')}
        label={t('pipeline.roles.search')}
        buttonLabel={t('pipeline.roles.searchButton')}
        initial={query.searchTerm}
        onSearch={(searchTerm) => navigate(roleListHref(pathname, { ...query, searchTerm, page: 0 }))}
      />
      <LoadState state={state} title={t('pipeline.roles.loadFailed')} message={apiMessage} onRetry={reload} heading={2}>
        {(page) => (
          <Results
            page={page}
            query={query}
            path={pathname}
            stages={stages.status === 'ready' ? stages.data : null}
            onArchive={setArchiving}
          />
        )}
      </LoadState>
      <ArchiveDialog role={archiving} onClose={() => setArchiving(null)} onDone={reload} />
    </>
  );
}
