import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RolePage, RoleSummary } from '#schemas/role';
import { WORK_TYPES } from '#schemas/role';
import { fetchRoleFilterOptions, fetchRolePage, type RoleFilterOptions } from '../../api/roles';
import { useApiMessage } from '../../api/use-api-message';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { Checkboxes } from '../../ui/form/choices';
import { TextInput } from '../../ui/form/text-input';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { Pagination } from '../../ui/pagination/pagination';
import { lead } from '../../ui/typography.css';
import { Deadline } from './role-facts';
import { activeFilterCount, roleSearchFrom, roleSearchQuery, type ListFilter, type RoleSearch } from './role-search';
import * as styles from './roles.css';
import * as listing from '../../ui/listing/listing.css';

function RoleItem({ role }: { role: RoleSummary }) {
  const { t } = useTranslation();
  return (
    <li className={listing.item}>
      <h2 className={listing.title}>
        <Link to={`/apply/${role.id}`}>{role.name}</Link>
      </h2>
      <p>{role.summary}</p>
      <ul className={listing.facts} aria-label={t('roles.factsLabel', { name: role.name })}>
        {role.location === role.workType ? null : <li>{role.location}</li>}
        <li>{t(`roles.workTypes.${role.workType}`)}</li>
        <li>{role.roleType}</li>
        <li>
          <Deadline role={role} />
        </li>
      </ul>
    </li>
  );
}

function Filters({ search, options }: { search: RoleSearch; options: RoleFilterOptions | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(search.filters);
  const choose = (filter: ListFilter) => (values: string[]) =>
    setDraft((current) => ({ ...current, [filter]: values }));
  const groups: Array<{ filter: ListFilter; values: readonly string[] }> = [
    { filter: 'roleTypes', values: options?.roleTypes ?? [] },
    { filter: 'roleLevels', values: options?.roleLevels ?? [] },
    { filter: 'departments', values: options?.departments ?? [] },
    { filter: 'locations', values: options?.locations ?? [] },
    { filter: 'workTypes', values: WORK_TYPES },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(`/roles${roleSearchQuery({ filters: draft, page: 0 })}`);
  };
  const count = activeFilterCount(search.filters);
  return (
    <form className={styles.filters} role="search" aria-label={t('roles.filters.label')} onSubmit={submit} noValidate>
      <TextInput
        id="role-search"
        label={t('roles.filters.search')}
        hint={t('roles.filters.searchHint')}
        type="search"
        maxLength={100}
        value={draft.searchTerm ?? ''}
        onChange={(event) => setDraft((current) => ({ ...current, searchTerm: event.target.value }))}
      />
      <details open={count > 0}>
        <summary className={styles.filterSummary}>
          {count > 0 ? t('roles.filters.titleWithCount', { count }) : t('roles.filters.title')}
        </summary>
        {groups
          .filter((group) => group.values.length > 0)
          .map(({ filter, values }) => (
            <Checkboxes
              key={filter}
              legend={t(`roles.filters.${filter}`)}
              name={filter}
              options={values.map((value) => ({
                value,
                label: filter === 'workTypes' ? t(`roles.workTypes.${value as (typeof WORK_TYPES)[number]}`) : value,
              }))}
              values={draft[filter] ?? []}
              onChange={choose(filter)}
            />
          ))}
      </details>
      <Button type="submit">{t('roles.filters.apply')}</Button>
      {count > 0 || search.filters.searchTerm ? (
        <p>
          <Link to="/roles">{t('roles.filters.clear')}</Link>
        </p>
      ) : null}
    </form>
  );
}

const ROLES_HEADING_ID = 'roles-heading';
const CLOSED_HEADING_ID = 'closed-roles-heading';

function RoleList({ roles, labelledBy }: { roles: readonly RoleSummary[]; labelledBy: string }) {
  if (roles.length === 0) return null;
  return (
    <ul className={listing.list} aria-labelledby={labelledBy}>
      {roles.map((role) => (
        <RoleItem key={role.id} role={role} />
      ))}
    </ul>
  );
}

/** The page's roles: open ones under the page heading, closed ones (deadline passed) apart under their own. */
function Results({ page, search }: { page: RolePage; search: RoleSearch }) {
  const { t } = useTranslation();
  const open = page.content.filter((role) => !role.closed);
  const closed = page.content.filter((role) => role.closed);
  return (
    <>
      <p role="status">{t('roles.found', { count: page.totalElements })}</p>
      {page.hasContent ? (
        <>
          <RoleList roles={open} labelledBy={ROLES_HEADING_ID} />
          {closed.length > 0 ? (
            <>
              <h2 id={CLOSED_HEADING_ID}>{t('roles.closedTitle')}</h2>
              <p>{t('roles.closedBody')}</p>
              <RoleList roles={closed} labelledBy={CLOSED_HEADING_ID} />
            </>
          ) : null}
        </>
      ) : (
        <>
          <h2>{t('roles.noneTitle')}</h2>
          <p>{t('roles.noneBody')}</p>
        </>
      )}
      <Pagination
        page={page.number}
        totalPages={page.totalPages}
        hrefFor={(n) => `/roles${roleSearchQuery({ ...search, page: n })}`}
      />
    </>
  );
}

/** /roles: the organisation's roles with filters (role type, level, department, location, work type) and a search box.
 * */
export function RolesPage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const { search: query } = useLocation();
  const search = roleSearchFrom(query);
  const { state, reload } = useLoad(
    () => fetchRolePage(organization.subdomain, search.filters, search.page),
    `${organization.subdomain}${query}`,
  );
  const options = useLoad(() => fetchRoleFilterOptions(organization.subdomain), organization.subdomain).state;
  return (
    <>
      <h1 id={ROLES_HEADING_ID}>{t('pages.roles.title')}</h1>
      <p className={lead}>{t(`roles.leads.${organization.edition}`, { name: organization.name })}</p>
      <div className={styles.layout}>
        <Filters key={query} search={search} options={options.status === 'ready' ? options.data : null} />
        <div className={styles.results}>
          <LoadState
            state={state}
            title={t('common.loadFailedTitle')}
            message={apiMessage}
            onRetry={reload}
            heading={2}
          >
            {(page) => <Results page={page} search={search} />}
          </LoadState>
        </div>
      </div>
    </>
  );
}
