import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../../state/auth';
import { DelayedSpinner } from '../../ui/spinner/delayed-spinner';

/*
 * /clients and /admin (issue 15 part A): client organisations for platform admins, an organisation's managers,
 * contacts and report. The screens live in clients/ and load as their own chunk. (The configuration studio keeps
 * its own pages apart, under studio/.)
 */
const clients = () => import('./clients/screens');
const ClientsListScreen = lazy(() => clients().then((m) => ({ default: m.ClientsListScreen })));
const CreateOrganizationScreen = lazy(() => clients().then((m) => ({ default: m.CreateOrganizationScreen })));
const OrganizationScreen = lazy(() => clients().then((m) => ({ default: m.OrganizationScreen })));
const EditOrganizationScreen = lazy(() => clients().then((m) => ({ default: m.EditOrganizationScreen })));
const ReportScreen = lazy(() => clients().then((m) => ({ default: m.ReportScreen })));
const AdminHomeScreen = lazy(() => clients().then((m) => ({ default: m.AdminHomeScreen })));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<DelayedSpinner />}>{children}</Suspense>;
}

/** Client organisations are the platform admins' alone (the server refuses anyone else too). */
function PlatformOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const userType = useAtomValue(userAtom).user?.userType;
  if (userType !== 'ADMIN')
    return (
      <>
        <h1>{t('pages.clients.title')}</h1>
        <p>{t('admin.home.notAllowed')}</p>
      </>
    );
  return <>{children}</>;
}

export const ClientsPage = () => (
  <PlatformOnly>
    <Loading>
      <Routes>
        <Route index element={<ClientsListScreen />} />
        <Route path="new" element={<CreateOrganizationScreen />} />
        <Route path=":id" element={<OrganizationScreen />} />
        <Route path=":id/edit" element={<EditOrganizationScreen />} />
      </Routes>
    </Loading>
  </PlatformOnly>
);

/** An /admin address that names no page: said within the administration area, with the way back. */
function NoSuchAdminPage() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('admin.home.title')}</h1>
      <p>{t('admin.home.noSuchPage')}</p>
      <p>
        <Link to="/admin">{t('admin.home.backHome')}</Link>
      </p>
    </>
  );
}

export const AdminPage = () => (
  <Loading>
    <Routes>
      <Route index element={<AdminHomeScreen />} />
      <Route path="report/:id" element={<ReportScreen />} />
      <Route path="*" element={<NoSuchAdminPage />} />
    </Routes>
  </Loading>
);
