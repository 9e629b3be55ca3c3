// The hiring side's preview of a role's form: a chunk of its own, so the role list and role pages a candidate opens do
// not carry the form compiler (decision 0064).
export { PreviewPage } from './preview-page';
