import { lazy } from 'react';

/**
 * The renderer as lazily loaded components: RJSF, Ajv and the engine's validation add about
 * 100 kB gzipped, which only pages with a form should download. Render inside <Suspense>.
 */
export const LazyStepForm = lazy(() => import('./step-form').then((m) => ({ default: m.StepForm })));
export const LazyApplicationFlow = lazy(() =>
  import('./flow/application-flow').then((m) => ({ default: m.ApplicationFlow })),
);
