import { runtimeRequire, type StandaloneModule } from '#engine';
import type { FormValidatorsRequest } from '#server/modules/forms/validators.service';

/**
 * Runs a validator module the server wrote (decision 0076) as the browser does: its default export given the engine's
 * runtimeRequire. The test, not a page, evaluates it (Node has no CSP); the functions it returns compile nothing.
 */
export function evaluateModule<T>(source: string): T {
  const factory = new Function(source.replace(/^export default /m, 'return ')) as () => StandaloneModule<T>;
  return factory()(runtimeRequire);
}

/** The smallest request for a form's validators: an empty configuration layer, compiled for a candidate. */
export const SMALL_FORM_REQUEST: FormValidatorsRequest = {
  form: 'application',
  configuration: {},
  context: { language: 'en', edition: 'ats', userType: 'CANDIDATE', today: '2026-11-21' },
};
