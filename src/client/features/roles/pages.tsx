export { RolesPage } from './roles-page';
export { ApplyPage } from './apply-page';
