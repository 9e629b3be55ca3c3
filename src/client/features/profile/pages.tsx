import { PlaceholderPage } from '../../ui/page/placeholder-page';

export const ProfilePage = () => <PlaceholderPage page="profile" />;
export const ProfileCreatePage = () => <PlaceholderPage page="profileCreate" />;
