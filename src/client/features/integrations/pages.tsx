import { PlaceholderPage } from '../../ui/page/placeholder-page';

export { DocusignApprovedPage } from './docusign-approved-page';
export const WorkdayConnectPage = () => <PlaceholderPage page="workdayConnect" />;
