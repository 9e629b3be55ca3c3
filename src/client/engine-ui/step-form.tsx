import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { pruneAnswers, stepFields, type Answers, type CompiledForm, type CompiledStep } from '#engine';
import {
  createCounter,
  createErrorStore,
  createPendingAnswers,
  type EngineFormContext,
  type EngineServices,
} from './context';
import { focusField } from '../ui/form/error-summary';
import { fieldDomId, ID_PREFIX, ID_SEPARATOR } from './ids';
import { renderUiSchema } from './rjsf-ui-schema';
import { fields, templates, widgets } from './theme';
import * as themeStyles from './theme/theme.css';
import { FormTranslation, memoisedT } from './theme/form-translation';
import { StepErrorSummary } from './step-error-summary';
import { stepAnswersOf, useFormValidators, validateStepAnswers } from './validation';

export interface StepFormProps {
  step: CompiledStep;
  form: CompiledForm;
  /**
   * The application's answers so far: the step's own are its starting values, read when the step
   * is first shown (the form then keeps its own state until Continue; change `step` to restart).
   */
  answers?: Answers;
  /** Called on Continue once the step validates, with the step's answers (hidden answers pruned). */
  onContinue: (answers: Answers) => void | Promise<void>;
  /**
   * Every change, with the step's answers (hidden answers pruned); a typed answer once typing pauses or the box is left
   * (decision 0094). Not needed to save: Continue does.
   */
  onChange?: (answers: Answers) => void;
  /** Server look-ups (type-ahead) and uploads; read when used, so a new object does not re-render the form. */
  formContext?: EngineServices;
  /** The submit button's text; 'Continue' by default. */
  submitLabel?: string;
  /** The page heading (h1); the step's title by default, or none (false) when the host renders its own. */
  heading?: string | false;
  /** Dotted path of an answer to focus when the form appears (a "Change" link from check answers). */
  focusField?: string;
  /** Prefix of the ids of the inputs (field_firstName); change it only to show two forms on one page. */
  idPrefix?: string;
}

/**
 * RJSF fills in defaults from the schema. Compiled schemas have no defaults, so nothing should
 * be invented: no `false` for a required yes/no, no ticked consent from `const: true`, no empty
 * file object. A required repeatable group still starts with one empty item, ready to fill in.
 */
const DEFAULT_STATE = {
  requiredBooleanDefault: 'skip',
  constAsDefaults: 'never',
  emptyObjectFields: 'skipEmptyDefaults',
  arrayMinItems: { populate: 'requiredOnly' },
} as const;

/**
 * One step of a compiled application form, rendered with the GOV.UK theme. Nothing is validated
 * while the candidate types; Continue validates the step (hidden conditional answers pruned first,
 * with exactly the engine's Ajv set-up) and either calls `onContinue` with the step's answers or
 * shows the error summary, which takes focus and links to each question with a problem.
 */
export function StepForm(props: StepFormProps) {
  // A new step (or a recompiled form) starts afresh: its own answers, no errors.
  return <StepFormBody key={`${props.form.key}:${props.step.id}:${props.idPrefix ?? ID_PREFIX}`} {...props} />;
}

function StepFormBody({
  step,
  form,
  answers,
  onContinue,
  onChange,
  formContext,
  submitLabel,
  heading,
  focusField: focusPath,
  idPrefix = ID_PREFIX,
}: StepFormProps) {
  const { t } = useTranslation();
  const formT = useMemo(() => memoisedT(t), [t]);
  const validator = useFormValidators(form).rjsf(step.schema);
  const [initialData] = useState(() => stepAnswersOf(step, answers));
  // Continue's errors live outside RJSF's state: a failed Continue re-renders only the questions whose error changed.
  const [errors] = useState(createErrorStore);
  // Answers typed into text boxes reach RJSF's state once typing pauses, and at once when the candidate leaves the box
  // or clicks (before any other control changes the answers, say removes the group item typed in) or continues
  // (decision 0094).
  const [pending] = useState(createPendingAnswers);
  useEffect(() => pending.cancel, [pending]);
  const services = useRef(formContext);
  const callbacks = useRef({ onContinue, onChange });
  useLayoutEffect(() => {
    services.current = formContext;
    callbacks.current = { onContinue, onChange };
  });

  const fileProblems = useRef(new Map<string, string>());

  const title = heading === false ? undefined : (heading ?? step.title);
  const context = useMemo<EngineFormContext>(
    () => ({
      step,
      form,
      heading: title,
      idPrefix,
      services,
      failures: createCounter(),
      errors,
      pending,
      reportFileProblem: (fieldId, problem) => {
        if (problem) fileProblems.current.set(fieldId, problem);
        else fileProblems.current.delete(fieldId);
        errors.clear(fieldDomId(fieldId, idPrefix));
      },
    }),
    [step, form, title, idPrefix, errors, pending],
  );
  const uiSchema = useMemo(() => renderUiSchema(step, submitLabel ?? t('form.continue')), [step, submitLabel, t]);
  const fieldsOfStep = useMemo(() => stepFields(step), [step]);

  // RJSF reports the starting data from its constructor (while rendering) when it adds an empty
  // group item; that is not the candidate's change, and a host updating its state then would
  // update while React renders. Changes count from mount.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const handleChange = useCallback(
    (event: IChangeEvent<Answers, RJSFSchema, EngineFormContext>) => {
      const report = callbacks.current.onChange;
      if (report && mounted.current) report(pruneAnswers(fieldsOfStep, event.formData ?? {}));
    },
    [fieldsOfStep],
  );

  const formRef = useRef<Form<Answers, RJSFSchema, EngineFormContext>>(null);
  const handleSubmit = useCallback(
    (formData: Answers | undefined) => {
      const result = validateStepAnswers(validator, step, formData, form.texts, fileProblems.current);
      if (!result.valid) {
        // The inline errors and the summary (which then takes focus) change together, in one commit.
        errors.show(result.errors.map(({ field, message }) => ({ id: fieldDomId(field, idPrefix), message })));
        context.failures.bump();
        return;
      }
      errors.show([]);
      void callbacks.current.onContinue(result.answers);
    },
    [validator, step, form.texts, context, errors, idPrefix],
  );
  // Continue is checked here, before RJSF's own submit, which would first derive its whole state again from the
  // schema and render the form again, for a check we do not ask of it (noValidate): on a long step that was several
  // milliseconds of every Continue (decision 0090).
  const submitCapture = useCallback(
    (event: FormEvent<HTMLDivElement>) => {
      const rjsf = formRef.current;
      if (!rjsf || event.target !== rjsf.formElement.current) return;
      event.preventDefault();
      event.stopPropagation();
      // The answers still on their way, and a change queued in this same event, are applied first.
      flushSync(() => pending.flush());
      handleSubmit(rjsf.state.formData);
    },
    [handleSubmit, pending],
  );

  useEffect(() => {
    if (focusPath) focusField(fieldDomId(focusPath, idPrefix));
  }, [focusPath, idPrefix]);

  // The step's check is a large generated function that the browser compiles when it is first called: on a long step
  // that took several milliseconds of the first Continue. Checking the starting answers once while the page is idle
  // (the result is not used) compiles it, and the code that describes the errors, before the candidate presses
  // Continue (decision 0090).
  useEffect(() => {
    const warm = () => void validateStepAnswers(validator, step, initialData, form.texts);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(warm, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(warm, 200);
    return () => window.clearTimeout(handle);
  }, [validator, step, initialData, form.texts]);

  return (
    <FormTranslation.Provider value={formT}>
      <StepErrorSummary context={context} />
      <div
        className={themeStyles.stepFormFrame}
        onSubmitCapture={submitCapture}
        onBlurCapture={pending.flush}
        onClickCapture={pending.flush}
      >
        <Form<Answers, RJSFSchema, EngineFormContext>
          ref={formRef}
          schema={step.schema as RJSFSchema}
          uiSchema={uiSchema}
          validator={validator}
          templates={templates}
          widgets={widgets}
          fields={fields}
          formContext={context}
          initialFormData={initialData}
          onChange={handleChange}
          idPrefix={idPrefix}
          idSeparator={ID_SEPARATOR}
          experimental_defaultFormStateBehavior={DEFAULT_STATE}
          showErrorList={false}
          noHtml5Validate
          // Validation is ours, on Continue only (validateStepAnswers): RJSF's own submit validation would
          // check answers that are hidden, and its live validation would run on every keystroke.
          noValidate
        />
      </div>
    </FormTranslation.Provider>
  );
}
