import { PlaceholderPage } from '../../ui/page/placeholder-page';

export const ApplicationPage = () => <PlaceholderPage page="application" />;
export const ApplicationsPage = () => <PlaceholderPage page="applications" />;
/** /applya/:roleId and /applyp/:roleId (the form pages) share this screen. */
export const ApplicationFormPage = () => <PlaceholderPage page="applicationForm" />;
export const ApplyPage = () => <PlaceholderPage page="apply" />;
export const ScreenPage = () => <PlaceholderPage page="screen" />;
/** /finished and /submitted share this screen. */
export const SubmittedPage = () => <PlaceholderPage page="submitted" />;
