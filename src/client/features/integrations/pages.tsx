export { DocusignApprovedPage } from './docusign-approved-page';
