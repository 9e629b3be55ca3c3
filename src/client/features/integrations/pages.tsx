import { PlaceholderPage } from '../../ui/page/placeholder-page';

export const DocusignApprovedPage = () => <PlaceholderPage page="docusignApproved" />;
export const WorkdayConnectPage = () => <PlaceholderPage page="workdayConnect" />;
