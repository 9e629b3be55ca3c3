import { PlaceholderPage } from '../../ui/page/placeholder-page';

export const ClientsPage = () => <PlaceholderPage page="clients" />;
export const AdminPage = () => <PlaceholderPage page="admin" />;
