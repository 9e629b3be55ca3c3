export { ReportsScreen as ReportsPage } from './reports-page';
