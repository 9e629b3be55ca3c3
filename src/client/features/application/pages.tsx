export { ApplicationFormPage } from './application-form-page';
export { ApplicationPage } from './application-page';
export { ScreenPage } from './screen-page';
export { SubmittedPage } from './submitted-page';
