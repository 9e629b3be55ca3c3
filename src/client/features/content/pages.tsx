import { PlaceholderPage } from '../../ui/page/placeholder-page';

export const TermsPage = () => <PlaceholderPage page="terms" />;
export const PolicyPage = () => <PlaceholderPage page="policy" />;
