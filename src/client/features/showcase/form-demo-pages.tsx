import { Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Answers } from '#engine';
import { errorMessage } from '../../api/errors';
import { validateOnServer } from '../../api/forms';
import { searchReferenceList } from '../../api/reference-data';
import { ApplicationFlow, StepForm, mergeStepAnswers, type EngineServices } from '../../engine-ui';
import { useApplicationForm } from '../../engine-ui/use-application-form';
import { showToastAtom } from '../../state/process';
import { Button, ButtonGroup } from '../../ui/button/button';
import { useOrganization } from '../../state/site';
import { lead } from '../../ui/typography.css';
import { largeFormLayer, WIDGET_GALLERY } from './demo-forms';

const services: EngineServices = { searchList: searchReferenceList };

function BackToShowcase() {
  const { t } = useTranslation();
  return <Link to="/ui">{t('showcase.backToShowcase')}</Link>;
}

/** /ui/application: the organisation's own application form, whole, checked by the server on submit. */
export function ApplicationDemoPage() {
  const { t, i18n } = useTranslation();
  const organization = useOrganization();
  const form = useApplicationForm();
  const showToast = useSetAtom(showToastAtom);
  const [answers, setAnswers] = useState<Answers>({});
  const [completed, setCompleted] = useState<string[]>([]);
  return (
    <>
      <ApplicationFlow
        form={form}
        title={t('showcase.applicationTitle', { name: organization.name })}
        answers={answers}
        completedSteps={completed}
        formContext={services}
        onSaveStep={(stepId, stepAnswers) => {
          const step = form.steps.find((s) => s.id === stepId)!;
          setAnswers((all) => mergeStepAnswers(step, all, stepAnswers));
          setCompleted((done) => (done.includes(stepId) ? done : [...done, stepId]));
        }}
        onSubmit={async (final) => {
          try {
            await validateOnServer(organization.subdomain, final, i18n.resolvedLanguage);
            showToast({ kind: 'success', message: t('showcase.serverAccepted') });
          } catch (error) {
            showToast({ kind: 'error', message: t('showcase.serverRejected', { message: errorMessage(error) }) });
          }
        }}
      />
      <p className={lead}>{t('showcase.applicationIntro')}</p>
    </>
  );
}

/** /ui/widgets: one question of every kind the renderer has. */
export function WidgetGalleryPage() {
  const { t } = useTranslation();
  const form = useApplicationForm(WIDGET_GALLERY);
  const showToast = useSetAtom(showToastAtom);
  return (
    <>
      <BackToShowcase />
      <StepForm
        form={form}
        step={form.steps[0]!}
        formContext={services}
        onContinue={() => showToast({ kind: 'success', message: t('showcase.widgetsSaved') })}
      />
    </>
  );
}

/** /ui/large-form: a 300-question step (the keystroke benchmark types here). */
export function LargeFormPage() {
  const { t } = useTranslation();
  const layer = useMemo(() => largeFormLayer(300), []);
  const form = useApplicationForm(layer);
  const step = form.steps[0]!;
  return (
    <>
      <BackToShowcase />
      <p>{t('showcase.largeFormIntro', { count: step.fieldIds.length })}</p>
      <StepForm form={form} step={step} onContinue={() => undefined} />
    </>
  );
}

/** The 300-question step of /ui/large-form, its configuration generated and compiled afresh when mounted. */
function GeneratedLargeStep() {
  const layer = useMemo(() => largeFormLayer(300), []);
  const form = useApplicationForm(layer);
  return <StepForm form={form} step={form.steps[0]!} heading={false} onContinue={() => undefined} />;
}

/**
 * /ui/large-form/render: the 300-question step rendered through the engine and StepForm each time "Render the step"
 * is pressed, and removed again (the forms benchmark times the render, from the click to the first frame with every
 * question). Showcase chunk only: no first load carries it.
 */
export function LargeFormRenderPage() {
  const { t } = useTranslation();
  const [run, setRun] = useState(0);
  const [shown, setShown] = useState(false);
  return (
    <>
      <BackToShowcase />
      <h1>{t('showcase.renderTitle')}</h1>
      <ButtonGroup>
        <Button
          onClick={() => {
            setRun((n) => n + 1);
            setShown(true);
          }}
        >
          {t('showcase.renderStep')}
        </Button>
        <Button variant="secondary" onClick={() => setShown(false)}>
          {t('showcase.removeStep')}
        </Button>
      </ButtonGroup>
      {shown ? (
        <Suspense fallback={null}>
          <GeneratedLargeStep key={run} />
        </Suspense>
      ) : null}
    </>
  );
}
