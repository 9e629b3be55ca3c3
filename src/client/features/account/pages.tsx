import { PlaceholderPage } from '../../ui/page/placeholder-page';

export const AccountPage = () => <PlaceholderPage page="account" />;
export const SettingsPage = () => <PlaceholderPage page="settings" />;
