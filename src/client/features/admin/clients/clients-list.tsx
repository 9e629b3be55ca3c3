import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '#engine';
import type { OrganizationStatus } from '#schemas/vocabularies';
import { fetchOrganizations, type OrganizationPage } from '#client/api/organization-admin';
import { useApiMessage } from '#client/api/use-api-message';
import { ButtonLink } from '#client/ui/button/button-link';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { Pagination } from '#client/ui/pagination/pagination';
import { Tag } from '#client/ui/tag/tag';
import { ListSearch, StatusTabs } from '#client/ui/listing/list-controls';
import * as styles from './clients.css';

const LIST_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;

/** The list's address: status (ACTIVE by default), search term and page (from 1 in the address). */
interface ListQuery {
  status: OrganizationStatus;
  searchTerm: string;
  page: number;
}

function queryFrom(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page') ?? '1');
  return {
    status: params.get('status') === 'ARCHIVED' ? 'ARCHIVED' : 'ACTIVE',
    searchTerm: (params.get('q') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

function hrefOf(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.status !== 'ACTIVE') params.set('status', query.status);
  if (query.searchTerm) params.set('q', query.searchTerm);
  if (query.page > 0) params.set('page', String(query.page + 1));
  const text = params.toString();
  return text ? `/clients?${text}` : '/clients';
}

function Results({ page, query }: { page: OrganizationPage; query: ListQuery }) {
  const { t } = useTranslation();
  if (!page.hasContent)
    return (
      <>
        <h2>{t('admin.list.noneTitle')}</h2>
        <p>{query.searchTerm ? t('admin.list.noneSearch') : t(`admin.list.none.${query.status}`)}</p>
      </>
    );
  return (
    <>
      <p role="status">{t('admin.list.found', { count: page.totalElements })}</p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className={styles.label}>{t(`admin.list.caption.${query.status}`)}</caption>
          <thead>
            <tr>
              <th className={styles.cell} scope="col">
                {t('admin.list.name')}
              </th>
              <th className={styles.cell} scope="col">
                {t('admin.list.subdomain')}
              </th>
              <th className={styles.cell} scope="col">
                {t('admin.list.edition')}
              </th>
              <th className={styles.cell} scope="col">
                {t('admin.list.region')}
              </th>
              <th className={styles.cell} scope="col">
                {t('admin.list.status')}
              </th>
            </tr>
          </thead>
          <tbody>
            {page.content.map((org) => (
              <tr key={org.id}>
                <td className={styles.cell}>
                  <Link to={`/clients/${org.id}`}>{org.name}</Link>
                </td>
                <td className={styles.cell}>{org.subdomain}</td>
                <td className={styles.cell}>{t(`admin.edition.${org.edition}`)}</td>
                <td className={styles.cell}>{t(`admin.region.${org.countryBase}`)}</td>
                <td className={styles.cell}>
                  <Tag colour={org.status === 'ACTIVE' ? 'green' : 'grey'}>{t(`admin.status.${org.status}`)}</Tag>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page.number} totalPages={page.totalPages} hrefFor={(n) => hrefOf({ ...query, page: n })} />
    </>
  );
}

/** /clients: the platform admin's client organisations by status, searched by name or subdomain, a page at a time. */
export function ClientsListScreen() {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const navigate = useNavigate();
  const { search } = useLocation();
  const query = queryFrom(search);
  const { state, reload } = useLoad(() => fetchOrganizations({ ...query, resultsPerPage: DEFAULT_PAGE_SIZE }), search);
  return (
    <>
      <h1>{t('admin.list.title')}</h1>
      <p>
        <ButtonLink to="/clients/new">{t('admin.list.create')}</ButtonLink>
      </p>
      <StatusTabs
        label={t('admin.list.statusLabel')}
        statuses={LIST_STATUSES}
        current={query.status}
        hrefOf={(status) => hrefOf({ status, searchTerm: query.searchTerm, page: 0 })}
        labelOf={(status) => t(`admin.list.tab.${status}`)}
      />
      <ListSearch
        id="client-search"
        formLabel={t('admin.list.searchLabel')}
        label={t('admin.list.search')}
        buttonLabel={t('admin.list.searchButton')}
        initial={query.searchTerm}
        onSearch={(searchTerm) => navigate(hrefOf({ ...query, searchTerm, page: 0 }))}
      />
      <LoadState state={state} title={t('admin.list.loadFailed')} message={apiMessage} onRetry={reload} heading={2}>
        {(page) => <Results page={page} query={query} />}
      </LoadState>
    </>
  );
}
