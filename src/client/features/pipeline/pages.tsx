import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganization } from '../../state/site';
import { DelayedSpinner } from '../../ui/spinner/delayed-spinner';

/*
 * The hiring-side pages. Each screen (the table library, the board, the score forms) loads as
 * its own chunk, started as soon as this small one loads; meanwhile the page already has its
 * heading and, after 300 ms, the spinner.
 */
const searchScreen = () => import('./search-page');
const rolesScreen = () => import('./roles-page');
const candidateScreen = () => import('./candidate-page');
const SearchScreen = lazy(() => searchScreen().then((m) => ({ default: m.SearchScreen })));
const RolesScreen = lazy(() => rolesScreen().then((m) => ({ default: m.RolesScreen })));
const CandidateScreen = lazy(() => candidateScreen().then((m) => ({ default: m.CandidatePage })));

function Loading({ title }: { title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <DelayedSpinner />
    </>
  );
}

/**
 * The manager landing: /manager (and / on the HR host). Spec §2: the connect edition lands on
 * the candidate search, the others on the role list; the dashboard shows that screen in place.
 */
export function ManagerHomePage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  const title = t('pages.manager.title');
  return (
    <Suspense fallback={<Loading title={title} />}>
      {organization.edition === 'connect' ? <SearchScreen title={title} /> : <RolesScreen title={title} />}
    </Suspense>
  );
}

export function ManagerSearchPage() {
  const { t } = useTranslation();
  const title = t('pages.managerSearch.title');
  return (
    <Suspense fallback={<Loading title={title} />}>
      <SearchScreen title={title} />
    </Suspense>
  );
}

export function ManagerRolesPage() {
  const { t } = useTranslation();
  const title = t('pages.managerRoles.title');
  return (
    <Suspense fallback={<Loading title={title} />}>
      <RolesScreen title={title} />
    </Suspense>
  );
}

export function ManagerCandidatePage() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Loading title={t('pages.managerCandidate.title')} />}>
      <CandidateScreen />
    </Suspense>
  );
}

// Start loading the screens with this chunk rather than one after the other on first render.
void searchScreen();
void rolesScreen();
void candidateScreen();
