import { PlaceholderPage } from '../../ui/page/placeholder-page';

export const ReportsPage = () => <PlaceholderPage page="reports" />;
