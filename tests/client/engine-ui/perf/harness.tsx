import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18n } from '../../../../src/client/i18n';
import '../../../../src/client/ui/global.css';
import { StepForm } from '../../../../src/client/engine-ui/step-form';
import { ApplicationFlow } from '../../../../src/client/engine-ui/flow/application-flow';
import { mergeStepAnswers } from '../../../../src/client/engine-ui/validation';
import type { Answers } from '../../../../engine/forms/answers';
import { acmeForm, stepOf } from '../support';
import { bigStepLayer } from '../perf-support';

/**
 * A page for measuring and checking the form renderer in a real browser (run.ts): ?view=big is a
 * 300-question step, ?view=step&step=<id> one acme step, ?view=flow the whole acme application.
 */
createI18n('en');
const params = new URLSearchParams(location.search);
const view = params.get('view') ?? 'big';

const searchList = async (_list: string, term: string) =>
  ['University of Leeds', 'University of Leicester', 'University of Liverpool', 'Leeds Beckett University'].filter((name) =>
    name.toLowerCase().includes(term.toLowerCase()),
  );

function Flow() {
  const form = acmeForm();
  const [answers, setAnswers] = useState<Answers>({});
  const [completed, setCompleted] = useState<string[]>([]);
  return (
    <ApplicationFlow
      form={form}
      answers={answers}
      completedSteps={completed}
      formContext={{ searchList }}
      onSaveStep={(stepId, stepAnswers) => {
        setAnswers((all) => mergeStepAnswers(stepOf(form, stepId), all, stepAnswers));
        setCompleted((done) => (done.includes(stepId) ? done : [...done, stepId]));
      }}
      onSubmit={(final) => {
        (window as unknown as { submitted: Answers }).submitted = final;
      }}
    />
  );
}

function App() {
  if (view === 'flow') return <Flow />;
  const form = view === 'big' ? acmeForm(bigStepLayer()) : acmeForm();
  const step = stepOf(form, view === 'big' ? 'questions' : (params.get('step') ?? 'aboutYou'));
  return (
    <StepForm
      form={form}
      step={step}
      formContext={{ searchList }}
      onContinue={(answers) => {
        (window as unknown as { continued: Answers }).continued = answers;
      }}
    />
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <App />
    </main>
  </StrictMode>,
);
