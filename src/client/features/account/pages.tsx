/* Account and settings (spec §2): their layout follows the user type. */
export { AccountPage } from './account-page';
export { SettingsPage } from './settings-page';
