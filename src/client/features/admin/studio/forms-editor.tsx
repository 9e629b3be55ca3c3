import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Configuration, CustomQuestion } from '#schemas/configuration';
import type { PublicOrganization } from '#schemas/organization';
import { SECTIONS } from '#engine';
import { Button } from '#client/ui/button/button';
import { Checkbox } from '#client/ui/form/checkbox';
import { TextArea, TextInput } from '#client/ui/form/text-input';
import * as formStyles from '#client/ui/form/form.css';
import { visuallyHidden } from '#client/ui/visually-hidden.css';
import { FlagsEditor, TextArraysEditor } from './flags-editor';
import { Folded } from './folded';
import {
  controlId,
  escape,
  jsonPointer,
  newQuestionId,
  withCustom,
  withFlag,
  withText,
  type Draft,
  type EditorStep,
  type Layer,
} from './studio-model';
import * as styles from './studio.css';

const FORM = '/formConfiguration';
const OPTION_TYPES = new Set(['select', 'radio', 'checkboxes']);
/** Every type a custom question may have (a new one is a type error here until listed). */
const QUESTION_TYPES = Object.keys({
  text: true,
  textarea: true,
  number: true,
  select: true,
  radio: true,
  checkboxes: true,
  yesno: true,
  date: true,
} satisfies Record<CustomQuestion['type'], true>) as CustomQuestion['type'][];

export interface EditorProps {
  draft: Draft;
  merged: Configuration;
  steps: readonly EditorStep[];
  /** The messages of the problems shown at a control, by the pointer the control writes. */
  errorAt: (pointer: string) => string | undefined;
  onForm: (change: (form: Configuration) => Configuration) => void;
  /** The organisation's editor also edits its menus and hiring-side features (a role's layer does not: they are the
   * organisation's). */
  organizationFlags?: boolean;
  /** The organisation (its editor, not a role's): its lists of texts are also edited in its other languages. */
  organization?: Pick<PublicOrganization, 'id' | 'additionalLanguageSupport'>;
}

/**
 * The structured forms editor (decisions 0043 and 0078): steps, sections, questions, custom questions, texts, lists of
 * texts, and the organisation's menus and hiring-side features.
 */
export function FormsEditor({
  draft,
  merged,
  steps,
  errorAt,
  onForm,
  organizationFlags = false,
  organization,
}: EditorProps) {
  const { t } = useTranslation();
  const form = draft.formConfiguration;
  const textValue = (key: string) => form.text?.[key] ?? merged.text?.[key] ?? '';
  const text = (key: string, label: string, hint?: string) => {
    const pointer = `${FORM}/text/${escape(key)}`;
    return (
      <TextInput
        id={controlId(pointer)}
        label={label}
        hint={hint}
        value={textValue(key)}
        error={errorAt(pointer)}
        onChange={(event) => onForm((layer) => withText(layer, key, event.target.value))}
      />
    );
  };
  const flag = (group: 'fields' | 'required' | 'subsections', id: string, label: string, checked: boolean) => {
    const pointer = `${FORM}/${group}/${escape(id)}`;
    const hidden = group !== 'required';
    return (
      <Checkbox
        id={controlId(pointer)}
        label={label}
        checked={checked}
        error={errorAt(pointer)}
        onChange={(on) => onForm((layer) => withFlag(layer, group, id, hidden ? !on : on))}
      />
    );
  };
  const customIndex = new Map((form.custom ?? []).map((q, i) => [q.id, i]));
  const shownTexts = new Set<string>();
  for (const step of steps) {
    shownTexts.add(`step.${step.id}.title`);
    for (const section of step.sections) {
      shownTexts.add(`section.${section.id}.title`);
      for (const id of section.fields) for (const part of ['label', 'hint']) shownTexts.add(`field.${id}.${part}`);
    }
  }
  const otherTexts = Object.keys(form.text ?? {}).filter((key) => !shownTexts.has(key));
  const stepsError = errorAt(`${FORM}/views/application`);

  return (
    <>
      <h2>{t('studio.forms.steps')}</h2>
      <div
        id={controlId(`${FORM}/views/application`)}
        tabIndex={-1}
        className={stepsError ? `${styles.panel} ${styles.panelError}` : styles.panel}
      >
        {stepsError && <p className={formStyles.errorMessage}>{stepsError}</p>}
        {steps.map((step) => (
          <Folded
            key={step.id}
            title={t('studio.forms.step', { n: step.index + 1, title: textValue(`step.${step.id}.title`) || step.id })}
            keep={stepPointers(step).some(errorAt)}
          >
            {text(`step.${step.id}.title`, t('studio.forms.stepTitle'))}
            {step.sections.map((section) => (
              <Folded
                key={section.id}
                title={textValue(`section.${section.id}.title`) || section.id}
                keep={sectionPointers(section).some(errorAt)}
              >
                {text(`section.${section.id}.title`, t('studio.forms.sectionTitle'))}
                {flag(
                  'subsections',
                  section.id,
                  t('studio.forms.hideSection'),
                  merged.subsections?.[section.id] === false,
                )}
                {section.fields.map((id) => (
                  <div key={id} className={styles.fieldRow}>
                    <p className={formStyles.label}>{textValue(`field.${id}.label`) || id}</p>
                    {text(`field.${id}.label`, t('studio.forms.label'))}
                    {text(`field.${id}.hint`, t('studio.forms.hint'))}
                    <div className={styles.inline}>
                      {flag('required', id, t('studio.forms.required'), merged.required?.[id] !== false)}
                      {flag('fields', id, t('studio.forms.hidden'), merged.fields?.[id] === false)}
                    </div>
                  </div>
                ))}
                {section.custom.map((id) => (
                  <p key={id} className={styles.fieldRow}>
                    {customIndex.has(id) ? (
                      <a href={`#${controlId(`${FORM}/custom/${customIndex.get(id)}`)}`}>
                        {t('studio.forms.customHere', { id })}
                      </a>
                    ) : (
                      t('studio.forms.customBeneath', { id })
                    )}
                  </p>
                ))}
              </Folded>
            ))}
          </Folded>
        ))}
      </div>

      <h2>{t('studio.forms.customQuestions')}</h2>
      {(form.custom ?? []).map((question, i) => (
        <CustomQuestionEditor
          key={i}
          question={question}
          index={i}
          merged={merged}
          errorAt={errorAt}
          onChange={(next) =>
            onForm((layer) =>
              withCustom(
                layer,
                (layer.custom ?? []).map((q, j) => (j === i ? next : q)),
              ),
            )
          }
          onRemove={() =>
            onForm((layer) =>
              withCustom(
                layer,
                (layer.custom ?? []).filter((_, j) => j !== i),
              ),
            )
          }
          flag={flag}
        />
      ))}
      <Button
        variant="secondary"
        onClick={() =>
          onForm((layer) =>
            withCustom(layer, [...(layer.custom ?? []), { id: newQuestionId(merged), type: 'text', label: '' }]),
          )
        }
      >
        {t('studio.forms.addQuestion')}
      </Button>

      <h2>{t('studio.forms.texts')}</h2>
      <p className={formStyles.hint}>{t('studio.forms.textsHint')}</p>
      {otherTexts.map((key) => (
        <div key={key}>{text(key, key)}</div>
      ))}
      <NewText onAdd={(key, value) => onForm((layer) => withText(layer, key, value))} />

      <TextArraysEditor merged={merged} form={form} errorAt={errorAt} onForm={onForm} organization={organization} />
      {organizationFlags && <FlagsEditor merged={merged} errorAt={errorAt} onForm={onForm} />}
    </>
  );
}

/** The pointers a section's controls write. */
function sectionPointers(section: EditorStep['sections'][number]): string[] {
  const ids = [...section.fields, ...section.custom];
  return [
    `${FORM}/text/${escape(`section.${section.id}.title`)}`,
    `${FORM}/subsections/${escape(section.id)}`,
    ...ids.flatMap((id) => [`${FORM}/fields/${escape(id)}`, `${FORM}/required/${escape(id)}`]),
    ...section.fields.flatMap((id) => ['label', 'hint'].map((part) => `${FORM}/text/${escape(`field.${id}.${part}`)}`)),
  ];
}

function stepPointers(step: EditorStep): string[] {
  return [`${FORM}/text/${escape(`step.${step.id}.title`)}`, ...step.sections.flatMap(sectionPointers)];
}

interface CustomQuestionProps {
  question: CustomQuestion;
  index: number;
  merged: Configuration;
  errorAt: (pointer: string) => string | undefined;
  onChange: (question: CustomQuestion) => void;
  onRemove: () => void;
  flag: (group: 'fields' | 'required', id: string, label: string, checked: boolean) => ReactNode;
}

function CustomQuestionEditor({ question, index, merged, errorAt, onChange, onRemove, flag }: CustomQuestionProps) {
  const { t } = useTranslation();
  const at = `${FORM}/custom/${index}`;
  const ownError = errorAt(at);
  const set = (change: Partial<CustomQuestion>) => {
    const next: Record<string, unknown> = { ...question, ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined || value === '') delete next[key];
    if (!('label' in next)) next.label = '';
    onChange(next as CustomQuestion);
  };
  const input = (key: 'id' | 'label' | 'hint', label: string) => (
    <TextInput
      id={controlId(`${at}/${key}`)}
      label={label}
      value={question[key] ?? ''}
      error={errorAt(`${at}/${key}`)}
      onChange={(event) => set({ [key]: event.target.value })}
    />
  );
  return (
    <fieldset
      id={controlId(at)}
      tabIndex={-1}
      className={ownError ? `${styles.panel} ${styles.panelError}` : styles.panel}
    >
      <legend className={formStyles.legend}>{t('studio.forms.question', { n: index + 1, id: question.id })}</legend>
      {ownError && <p className={formStyles.errorMessage}>{ownError}</p>}
      {input('label', t('studio.forms.label'))}
      {input('hint', t('studio.forms.hint'))}
      {input('id', t('studio.forms.questionId'))}
      <Select
        id={controlId(`${at}/type`)}
        label={t('studio.forms.type')}
        value={question.type}
        options={QUESTION_TYPES.map((type) => ({ value: type, label: t(`studio.types.${type}`) }))}
        error={errorAt(`${at}/type`)}
        onChange={(type) => set({ type: type as CustomQuestion['type'] })}
      />
      <Select
        id={controlId(`${at}/section`)}
        label={t('studio.forms.section')}
        value={question.section ?? ''}
        options={[
          { value: '', label: t('studio.forms.defaultSection') },
          ...SECTIONS.map((s) => ({ value: s, label: merged.text?.[`section.${s}.title`] ?? s })),
        ]}
        error={errorAt(`${at}/section`)}
        onChange={(section) => set({ section: section || undefined })}
      />
      {(OPTION_TYPES.has(question.type) || question.options) && (
        <TextArea
          id={controlId(`${at}/options`)}
          label={t('studio.forms.options')}
          hint={t('studio.forms.optionsHint')}
          rows={4}
          value={(question.options ?? []).join('\n')}
          error={errorAt(`${at}/options`)}
          onChange={(event) => set({ options: event.target.value ? event.target.value.split('\n') : undefined })}
        />
      )}
      <div className={styles.inline}>
        {flag('required', question.id, t('studio.forms.required'), merged.required?.[question.id] !== false)}
        {flag('fields', question.id, t('studio.forms.hidden'), merged.fields?.[question.id] === false)}
      </div>
      <Button variant="secondary" onClick={onRemove}>
        {t('studio.forms.remove')}
        <span className={visuallyHidden}> {question.label || question.id}</span>
      </Button>
    </fieldset>
  );
}

interface SelectProps {
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
  onChange: (value: string) => void;
}

/** A labelled select with a GOV.UK error message. */
function Select({ id, label, value, options, error, onChange }: SelectProps) {
  return (
    <div className={error ? `${formStyles.formGroup} ${formStyles.formGroupError}` : formStyles.formGroup}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      {error && (
        <span id={`${id}-error`} className={formStyles.errorMessage}>
          {error}
        </span>
      )}
      <select
        id={id}
        className={formStyles.select}
        value={value}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function NewText({ onAdd }: { onAdd: (key: string, value: string) => void }) {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  return (
    <div className={styles.panel}>
      <TextInput label={t('studio.forms.textKey')} value={key} onChange={(event) => setKey(event.target.value)} />
      <TextInput label={t('studio.forms.textValue')} value={value} onChange={(event) => setValue(event.target.value)} />
      <Button
        variant="secondary"
        onClick={() => {
          if (!key.trim()) return;
          onAdd(key.trim(), value);
          setKey('');
          setValue('');
        }}
      >
        {t('studio.forms.addText')}
      </Button>
    </div>
  );
}

/**
 * The raw JSON of one layer beside the structured editor: what is typed replaces the layer as soon as it parses (the
 * engine's check then names its problems); what the structured editor changes shows here at once.
 */
export function JsonView({
  layer,
  value,
  errorAt,
  onChange,
}: {
  layer: Layer;
  value: Configuration;
  errorAt: (pointer: string) => string | undefined;
  onChange: (value: Configuration) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [parseError, setParseError] = useState<string>();
  const emitted = useRef<Configuration>(value);
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(JSON.stringify(value, null, 2));
    setParseError(undefined);
  }, [value]);
  const pointer = jsonPointer(layer);
  const error = [parseError, errorAt(pointer)].filter(Boolean).join(' ') || undefined;
  return (
    <TextArea
      id={controlId(pointer)}
      label={t(`studio.json.${layer}`)}
      hint={t('studio.json.hint')}
      className={styles.json}
      spellCheck={false}
      value={text}
      error={error}
      onChange={(event) => {
        setText(event.target.value);
        try {
          const parsed: unknown = JSON.parse(event.target.value);
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
          setParseError(undefined);
          emitted.current = parsed as Configuration;
          onChange(parsed as Configuration);
        } catch {
          setParseError(t('studio.json.notJson'));
        }
      }}
    />
  );
}
