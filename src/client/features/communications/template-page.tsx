import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, KIND_PLACEHOLDERS, smsLength, smsSegmentLimit, unfillablePlaceholders } from '#engine';
import { CHANNELS, MESSAGE_KINDS, type Channel, type MessageKind } from '#schemas/communications';
import type { CandidateListItem } from '#schemas/search';
import {
  deleteTemplate,
  fetchTemplate,
  previewMessage,
  saveTemplate,
  type Preview,
  type Template,
  type TemplateBody,
} from '../../api/communications';
import { fetchStages, searchCandidates } from '../../api/pipeline';
import { useApiMessage, useFieldErrors } from '../../api/use-api-message';
import { showToastAtom } from '../../state/process';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { ErrorSummary, summaryItems, type SummaryError } from '../../ui/form/error-summary';
import { SelectField } from '../../ui/form/select-field';
import { TextArea, TextInput } from '../../ui/form/text-input';
import { useFormErrors } from '../../ui/form/use-form-errors';
import { BackLink } from '../../ui/link/back-link';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { PlaceholderPicker } from './placeholder-picker';
import * as styles from './communications.css';

/* /manager/communications/new and /:templateId: write a template, with the placeholder picker, the live SMS count
 * and a preview with a real candidate (issue 16). */

interface Draft {
  name: string;
  channel: Channel;
  kind: MessageKind;
  texts: Record<string, { subject: string; body: string }>;
  /** '' (no trigger), 'stageId' or 'stageId/substageId'. */
  trigger: string;
}

const draftOf = (template: Template | null): Draft => ({
  name: template?.name ?? '',
  channel: template?.channel ?? 'EMAIL',
  kind: template?.kind ?? 'GENERAL',
  texts: Object.fromEntries(
    Object.entries(template?.texts ?? {}).map(([code, text]) => [
      code,
      { subject: text.subject ?? '', body: text.body },
    ]),
  ),
  trigger: template?.trigger
    ? [template.trigger.stageId, template.trigger.substageId].filter((part) => part !== null).join('/')
    : '',
});

function bodyOf(draft: Draft): TemplateBody {
  const [stageId, substageId] = draft.trigger.split('/');
  return {
    name: draft.name.trim(),
    channel: draft.channel,
    kind: draft.kind,
    texts: Object.fromEntries(
      Object.entries(draft.texts)
        .filter(([code, text]) => code === DEFAULT_LANGUAGE || text.body.trim() || text.subject.trim())
        .map(([code, text]) => [code, draft.channel === 'EMAIL' ? text : { body: text.body }]),
    ),
    trigger: stageId ? { stageId: Number(stageId), substageId: substageId ?? null } : null,
  };
}

/** The id of a server field's control ('texts.cy.body' → 'template-cy-body'). */
const fieldIdOf = (field: string) => `template-${field.replace(/^texts\./, '').replace(/\./g, '-')}`;

function SmsCount({ text }: { text: string }) {
  const { t } = useTranslation();
  const limit = smsSegmentLimit(useOrganization().settings);
  const length = smsLength(text);
  return (
    <p className={styles.count} aria-live="polite">
      {t(`communications.editor.smsCount.${length.encoding}`, { count: length.units, segments: length.segments })}
      {length.segments > limit ? ` ${t('communications.editor.smsTooLong', { max: limit })}` : ''}
    </p>
  );
}

function PreviewSection({ draft }: { draft: Draft }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const [term, setTerm] = useState('');
  const [found, setFound] = useState<CandidateListItem[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState('');
  const find = useClickLock(() => {
    searchCandidates(
      organization.id,
      'candidate',
      { searchTerm: term.trim() },
      {
        page: 0,
        resultsPerPage: 20,
        sortBy: 'lastChangeAt',
        orderBy: 'DESC',
      },
    ).then(
      (page) => {
        setProblem('');
        setFound(page.content);
        setChosen(page.content[0]?.id ?? '');
      },
      (failure: unknown) => setProblem(apiMessage(failure)),
    );
  });
  const show = useClickLock(() => {
    previewMessage({ template: bodyOf(draft), applicationId: chosen }).then(
      (result) => {
        setProblem('');
        setPreview(result);
      },
      (failure: unknown) => {
        setPreview(null);
        setProblem(apiMessage(failure));
      },
    );
  });
  return (
    <section aria-labelledby="preview-heading">
      <h2 id="preview-heading">{t('communications.preview.title')}</h2>
      <TextInput
        id="preview-search"
        label={t('communications.preview.find')}
        hint={t('communications.preview.findHint')}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <Button variant="secondary" onClick={find}>
        {t('communications.preview.search')}
      </Button>
      {found && found.length === 0 ? <p>{t('communications.preview.noneFound')}</p> : null}
      {found && found.length > 0 ? (
        <>
          <SelectField
            label={t('communications.preview.candidate')}
            value={chosen}
            options={found.map((c) => ({ value: c.id, label: `${c.name} (${c.email ?? c.roleName})` }))}
            onChange={setChosen}
          />
          <Button variant="secondary" onClick={show}>
            {t('communications.preview.show')}
          </Button>
        </>
      ) : null}
      {problem ? <p role="alert">{problem}</p> : null}
      {preview ? <PreviewView preview={preview} /> : null}
    </section>
  );
}

function PreviewView({ preview }: { preview: Preview }) {
  const { t } = useTranslation();
  return (
    <div className={styles.preview} aria-live="polite" data-testid="message-preview">
      {preview.skipped ? <p>{t(`communications.skipReasons.${preview.skipped}`)}</p> : null}
      {preview.subject !== undefined ? (
        <p>
          <strong>{t('communications.preview.subject')}</strong> {preview.subject}
        </p>
      ) : null}
      {preview.html !== undefined ? (
        // Sanitised on the server after the values went in (decision 0044).
        <div dangerouslySetInnerHTML={{ __html: preview.html }} />
      ) : (
        <p className={styles.smsText}>{preview.text}</p>
      )}
      {preview.sms ? (
        <p className={styles.count}>
          {t(`communications.editor.smsCount.${preview.sms.encoding}`, {
            count: preview.sms.units,
            segments: preview.sms.segments,
          })}
        </p>
      ) : null}
    </div>
  );
}

function TemplateForm({ template, onSaved }: { template: Template | null; onSaved: (saved: Template) => void }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const fieldErrorsOf = useFieldErrors();
  const apiMessage = useApiMessage();
  const errors = useFormErrors();
  const stages = useLoad(() => fetchStages(organization.id), organization.id);
  const [draft, setDraft] = useState<Draft>(() => draftOf(template));
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const languages = [
    { code: DEFAULT_LANGUAGE, name: t('header.defaultLanguageName') },
    ...organization.additionalLanguageSupport,
  ];
  const textOf = (code: string) => draft.texts[code] ?? { subject: '', body: '' };
  const setText = (code: string, patch: Partial<{ subject: string; body: string }>) =>
    setDraft((current) => ({ ...current, texts: { ...current.texts, [code]: { ...textOf(code), ...patch } } }));
  // The field the placeholder picker writes into: the last one focused, at its cursor.
  const active = useRef<{ code: string; part: 'subject' | 'body'; element: HTMLInputElement | HTMLTextAreaElement }>(
    null,
  );
  const insert = (placeholder: string) => {
    const target = active.current ?? {
      code: DEFAULT_LANGUAGE,
      part: 'body' as const,
      element: document.getElementById(fieldIdOf(`${DEFAULT_LANGUAGE}.body`)) as HTMLTextAreaElement,
    };
    const value = textOf(target.code)[target.part];
    const at = target.element.selectionStart ?? value.length;
    const end = target.element.selectionEnd ?? at;
    setText(target.code, { [target.part]: value.slice(0, at) + placeholder + value.slice(end) });
    // Back to the field, after the placeholder, once it has rendered — unless focus has moved on meanwhile.
    const focused = document.activeElement;
    requestAnimationFrame(() => {
      if (document.activeElement !== focused) return;
      target.element.focus();
      target.element.setSelectionRange(at + placeholder.length, at + placeholder.length);
    });
  };
  const focusOf =
    (code: string, part: 'subject' | 'body') => (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
      active.current = { code, part, element: event.currentTarget };
    };
  const save = useClickLock((event: FormEvent) => {
    event.preventDefault();
    const problems: SummaryError[] = [];
    if (!draft.name.trim()) problems.push({ fieldId: 'template-name', message: t('communications.errors.name') });
    const segmentLimit = smsSegmentLimit(organization.settings);
    for (const { code } of languages) {
      const text = textOf(code);
      for (const name of unfillablePlaceholders(draft.kind, [text.subject, text.body]))
        problems.push({
          fieldId: fieldIdOf(`${code}.body`),
          message: t('communications.errors.placeholder', { name: `{{${name}}}` }),
        });
      const { segments } = smsLength(text.body.trim());
      if (draft.channel === 'SMS' && segments > segmentLimit)
        problems.push({
          fieldId: fieldIdOf(`${code}.body`),
          message: t('communications.errors.smsTooLong', { count: segments, max: segmentLimit }),
        });
    }
    if (!textOf(DEFAULT_LANGUAGE).body.trim())
      problems.push({ fieldId: fieldIdOf(`${DEFAULT_LANGUAGE}.body`), message: t('communications.errors.body') });
    if (problems.length > 0) {
      errors.fail(problems);
      return;
    }
    saveTemplate(bodyOf(draft), template?.id).then(
      (saved) => {
        errors.clear();
        onSaved(saved);
      },
      (failure: unknown) => {
        const byField = Object.entries(fieldErrorsOf(failure));
        errors.fail(
          byField.length > 0
            ? byField.map(([field, message]) => ({ fieldId: fieldIdOf(field), message }))
            : [{ message: apiMessage(failure) }],
        );
      },
    );
  });
  const triggerOptions = [
    { value: '', label: t('communications.editor.noTrigger') },
    ...(stages.state.status === 'ready'
      ? stages.state.data.flatMap((stage) => [
          { value: String(stage.id), label: stage.name },
          ...stage.subStages.map((sub) => ({ value: `${stage.id}/${sub.id}`, label: `${stage.name} / ${sub.name}` })),
        ])
      : []),
  ];
  return (
    <>
      <form onSubmit={save} noValidate>
        <ErrorSummary items={summaryItems(errors.errors)} focusKey={errors.attempt} />
        <TextInput
          id="template-name"
          label={t('communications.editor.name')}
          value={draft.name}
          maxLength={120}
          error={errors.of('template-name')}
          onChange={(event) => set({ name: event.target.value })}
        />
        <SelectField
          label={t('communications.editor.channel')}
          value={draft.channel}
          options={CHANNELS.map((channel) => ({ value: channel, label: t(`communications.channels.${channel}`) }))}
          onChange={(value) => set({ channel: value as Channel })}
        />
        <SelectField
          label={t('communications.editor.kind')}
          value={draft.kind}
          options={MESSAGE_KINDS.map((kind) => ({ value: kind, label: t(`communications.kinds.${kind}`) }))}
          onChange={(value) => set({ kind: value as MessageKind })}
        />
        {draft.kind === 'GENERAL' ? (
          <SelectField
            label={t('communications.editor.trigger')}
            value={draft.trigger}
            options={triggerOptions}
            onChange={(value) => set({ trigger: value })}
          />
        ) : null}
        <PlaceholderPicker kind={draft.kind} onInsert={insert} />
        {languages.map(({ code, name }) => (
          <fieldset key={code} className={styles.language} lang={code}>
            <legend>
              {code === DEFAULT_LANGUAGE
                ? t('communications.editor.textIn', { language: name })
                : t('communications.editor.textInOptional', { language: name })}
            </legend>
            {draft.channel === 'EMAIL' ? (
              <TextInput
                id={fieldIdOf(`${code}.subject`)}
                label={t('communications.editor.subject', { language: name })}
                value={textOf(code).subject}
                maxLength={200}
                error={errors.of(fieldIdOf(`${code}.subject`))}
                onFocus={focusOf(code, 'subject')}
                onChange={(event) => setText(code, { subject: event.target.value })}
              />
            ) : null}
            <TextArea
              id={fieldIdOf(`${code}.body`)}
              label={
                draft.channel === 'EMAIL'
                  ? t('communications.editor.emailBody', { language: name })
                  : t('communications.editor.smsBody', { language: name })
              }
              hint={draft.channel === 'EMAIL' ? t('communications.editor.emailBodyHint') : undefined}
              value={textOf(code).body}
              rows={draft.channel === 'EMAIL' ? 8 : 4}
              error={errors.of(fieldIdOf(`${code}.body`))}
              onFocus={focusOf(code, 'body')}
              onChange={(event) => setText(code, { body: event.target.value })}
            />
            {draft.channel === 'SMS' ? <SmsCount text={textOf(code).body} /> : null}
          </fieldset>
        ))}
        <p className={styles.count}>
          {t('communications.editor.kindHint', { count: KIND_PLACEHOLDERS[draft.kind].length })}
        </p>
        <Button type="submit">{template ? t('communications.editor.save') : t('communications.editor.create')}</Button>
      </form>
      <PreviewSection draft={draft} />
    </>
  );
}

/** /manager/communications/new and /manager/communications/:templateId. */
export function TemplatePage() {
  const { t } = useTranslation();
  const { templateId = 'new' } = useParams();
  const navigate = useNavigate();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const creating = templateId === 'new';
  const { state, set, reload } = useLoad(
    () => (creating ? Promise.resolve(null) : fetchTemplate(templateId)),
    templateId,
  );
  const remove = useClickLock(() => {
    deleteTemplate(templateId).then(
      () => {
        showToast({ kind: 'success', message: t('communications.editor.deleted') });
        navigate('/manager/communications');
      },
      (failure: unknown) => showToast({ kind: 'error', message: apiMessage(failure) }),
    );
  });
  return (
    <>
      <BackLink to="/manager/communications">{t('communications.back')}</BackLink>
      <LoadState state={state} title={t('communications.editor.loadFailed')} message={apiMessage} onRetry={reload}>
        {(template) => (
          <>
            <h1>{template ? template.name : t('communications.editor.createTitle')}</h1>
            <TemplateForm
              key={template?.updatedAt ?? 'new'}
              template={template}
              onSaved={(saved) => {
                showToast({ kind: 'success', message: t('communications.editor.saved') });
                if (creating) navigate(`/manager/communications/${saved.id}`);
                else set(saved);
              }}
            />
            {template ? (
              <Button variant="warning" onClick={remove}>
                {t('communications.editor.delete')}
              </Button>
            ) : null}
          </>
        )}
      </LoadState>
    </>
  );
}
