import { PlaceholderPage } from '../../ui/page/placeholder-page';

export const InterviewPage = () => <PlaceholderPage page="interview" />;
