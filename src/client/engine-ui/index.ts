/**
 * The form renderer: compiled configuration (engine/forms) as GOV.UK-style pages. RJSF and the
 * validator are heavy (see lazy.ts): features import the lazy components unless they are
 * themselves loaded lazily (every feature page is, through the route table).
 */
export { StepForm } from './step-form';
export { ApplicationFlow } from './flow/application-flow';
export type { EngineServices } from './context';
export { mergeStepAnswers } from './validation';
