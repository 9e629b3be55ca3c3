// The candidate's list of applications, a chunk apart from the application's own pages: its withdraw and delete
// dialogs (Radix) are not needed to show an application step (decision 0083).
export { ApplicationsPage } from './applications-page';
