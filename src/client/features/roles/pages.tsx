import { PlaceholderPage } from '../../ui/page/placeholder-page';

export const RolesPage = () => <PlaceholderPage page="roles" />;
export const PreviewPage = () => <PlaceholderPage page="preview" />;
