import { PlaceholderPage } from '../../ui/page/placeholder-page';

/** The manager landing: /manager and, on the HR host, the home page. */
export const ManagerHomePage = () => <PlaceholderPage page="manager" />;
export const ManagerSearchPage = () => <PlaceholderPage page="managerSearch" />;
export const ManagerRolesPage = () => <PlaceholderPage page="managerRoles" />;
export const ManagerCandidatePage = () => <PlaceholderPage page="managerCandidate" />;
