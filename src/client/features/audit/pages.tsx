export { AuditScreen as AuditPage } from './audit-page';
