export { SchedulingOverviewPage } from './overview-page';
export { SchedulingWizardPage } from './wizard-page';
