/* The screens of /clients and /admin, one chunk (features/admin/pages.tsx loads it lazily). */
export { AdminHomeScreen } from './admin-home';
export { ClientsListScreen } from './clients-list';
export { CreateOrganizationScreen } from './create-organization';
export { EditOrganizationScreen, OrganizationScreen } from './organization-page';
export { ReportScreen } from './report-page';
