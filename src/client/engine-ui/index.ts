/**
 * The form renderer: compiled configuration (engine/forms) as GOV.UK-style pages. RJSF and the
 * validator are heavy (see lazy.ts): features import the lazy components unless they are
 * themselves loaded lazily (every feature page is, through the route table).
 */
export { StepForm, type StepFormProps } from './step-form';
export { ApplicationFlow, type ApplicationFlowProps } from './flow/application-flow';
export type { FlowView } from './flow/navigation';
export type { EngineServices, UploadedFile } from './context';
export { ErrorSummary, focusField, type ErrorSummaryItem } from '../ui/form/error-summary';
export { fieldDomId, ID_PREFIX } from './ids';
export {
  engineValidator,
  validateStepAnswers,
  mergeStepAnswers,
  stepAnswersOf,
  createTransformErrors,
} from './validation';
export { templates, widgets, fields } from './theme';
