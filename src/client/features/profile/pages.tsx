export { ProfilePage } from './profile-page';
export { ProfileCreatePage } from './profile-create-page';
