import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetAtom } from 'jotai';
import {
  DEFAULT_LANGUAGE,
  SAMPLE_CANDIDATE_NAME,
  candidatePanel,
  isContextualListField,
  listFieldRows,
  readableTextColour,
  sampleAnswers,
  type Answers,
  type CompiledForm,
  type ListField,
} from '#engine';
import type { Configuration } from '#schemas/configuration';
import type { PublicOrganization, ThemeConfiguration } from '#schemas/organization';
import { fetchManagerRoles } from '#client/api/manager-roles';
import { fetchRolePreview } from '#client/api/roles';
import { fetchContextualPreview } from '#client/api/studio';
import { fetchTranslation } from '#client/api/translation';
import { CandidateAnswers } from '#client/engine-ui/candidate-answers';
import { CheckAnswersPage } from '#client/engine-ui/flow/check-answers';
import { NavigationContext, type FlowView } from '#client/engine-ui/flow/navigation';
import { LazyStepForm } from '#client/engine-ui/lazy';
import { showToastAtom } from '#client/state/process';
import { Button, ButtonGroup } from '#client/ui/button/button';
import { Radios } from '#client/ui/form/choices';
import { SelectField } from '#client/ui/form/select-field';
import { LoadState } from '#client/ui/page/load-state';
import { useKeptLoad, useLoad } from '#client/ui/page/use-load';
import { DelayedSpinner } from '#client/ui/spinner/delayed-spinner';
import * as formStyles from '#client/ui/form/form.css';
import { errorMessage } from '#client/api/errors';
import { previewForm, type Draft } from './studio-model';
import * as styles from './studio.css';

/** What the preview shows: the form step by step, its check-answers page, or the hiring side's candidate panel. */
type PreviewView = 'steps' | 'check' | 'panel';

/** The role whose listFields the candidate panel preview follows (none: the organisation has no role yet). */
export interface PanelSource {
  roleName: string;
  listFields: readonly ListField[];
  /**
   * The role's own layers over the draft (decision 0078): its form layer and its language layers, as its candidates'
   * form merges them. Left out where the draft already holds the role's layer (the Roles tab).
   */
  role?: { formConfiguration: Configuration; jsonConfigurations: Record<string, Configuration> };
}

/** The roles whose candidate panel the Forms tab may preview: the organisation's templates, then its active roles. */
export async function organizationPanelRoles(): Promise<{ id: string; name: string }[]> {
  const [templates, active] = await Promise.all([
    fetchManagerRoles({ status: 'PRESET', resultsPerPage: 100 }),
    fetchManagerRoles({ status: 'ACTIVE', resultsPerPage: 100 }),
  ]);
  return [...templates.content, ...active.content].map(({ id, name }) => ({ id, name }));
}

/** The role as a panel source: its listFields and its own layers, which the Forms tab's panel preview applies. */
async function rolePanelSource(roleId: string): Promise<PanelSource> {
  const role = await fetchRolePreview(roleId);
  return {
    roleName: role.name,
    listFields: role.template?.viewConfiguration.listFields ?? [],
    role: { formConfiguration: role.formConfiguration, jsonConfigurations: role.jsonConfigurations },
  };
}

/**
 * The Forms tab's preview (decision 0059, 0078): the role whose candidate panel it previews is chosen among the
 * organisation's templates and roles (the first template, which new roles start from, at first), and its own form
 * and language layers apply to the panel over the draft.
 */
export function OrganizationPreview({
  draft,
  organization,
  roles,
}: {
  draft: Draft;
  organization: PublicOrganization;
  roles: readonly { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const [roleId, setRoleId] = useState(roles[0]?.id);
  // The panel shown stays while another role's loads, so the preview keeps its place.
  const source = useKeptLoad(() => (roleId ? rolePanelSource(roleId) : Promise.resolve(null)), roleId ?? '');
  const chooser = roles.length > 0 && (
    <>
      <SelectField
        label={t('studio.preview.panelRole')}
        value={roleId ?? ''}
        options={roles.map((role) => ({ value: role.id, label: role.name }))}
        onChange={setRoleId}
      />
      {source.error ? <p role="alert">{errorMessage(source.error)}</p> : null}
    </>
  );
  return (
    <FormPreview
      draft={draft}
      organization={organization}
      panel={source.data === null && source.loading ? undefined : source.data}
      panelChooser={chooser}
    />
  );
}

/**
 * The application as a candidate will see it were the draft published: the candidate side's own merge and compile
 * (studio-model previewForm), one step at a time with the engine-ui renderer, in each of the organisation's languages;
 * then the check-answers page and the hiring side's candidate panel (for `panel`'s role) with the demo candidate's
 * answers (engine sampleAnswers), rendered by the components those pages render (decision 0059). It shows the last
 * draft the engine accepted.
 */
export function FormPreview({
  draft,
  organization,
  panel,
  panelChooser,
}: {
  draft: Draft;
  organization: PublicOrganization;
  /** The panel's role; null: the organisation has none; undefined: it is loading. */
  panel: PanelSource | null | undefined;
  /** Where the role of the panel is chosen (the Forms tab), shown with the panel. */
  panelChooser?: ReactNode;
}) {
  const { t } = useTranslation();
  const languages = [
    { code: DEFAULT_LANGUAGE, name: t('studio.preview.defaultLanguage') },
    ...organization.additionalLanguageSupport,
  ];
  const [language, setLanguage] = useState<string>(DEFAULT_LANGUAGE);
  const [view, setView] = useState<PreviewView>('steps');
  const [stepIndex, setStepIndex] = useState(0);
  const showStep = useCallback((index: number) => {
    setStepIndex(index);
    setView('steps');
  }, []);
  const layer = useLoad(
    () =>
      language === DEFAULT_LANGUAGE ? Promise.resolve(undefined) : fetchTranslation(organization.subdomain, language),
    `${organization.subdomain}:${language}`,
  );
  return (
    <section className={styles.preview} aria-labelledby="studio-preview-title">
      <h2 id="studio-preview-title">{t('studio.preview.title')}</h2>
      <Radios
        legend={t('studio.preview.view')}
        name="studio-preview-view"
        options={(['steps', 'check', 'panel'] as const).map((value) => ({
          value,
          label: t(`studio.preview.views.${value}`),
        }))}
        value={view}
        onChange={(value) => setView(value as PreviewView)}
      />
      {view === 'panel' && panelChooser}
      {languages.length > 1 && (
        <Radios
          legend={t('studio.preview.language')}
          name="studio-preview-language"
          options={languages.map((l) => ({ value: l.code, label: l.name }))}
          value={language}
          onChange={(code) => {
            setLanguage(code);
            setStepIndex(0);
          }}
        />
      )}
      <LoadState
        state={layer.state}
        heading={2}
        title={t('studio.preview.title')}
        message={(error) => errorMessage(error)}
        onRetry={layer.reload}
      >
        {(languageLayer) => (
          <PreviewBody
            draft={draft}
            organization={organization}
            languageLayer={languageLayer}
            language={language}
            view={view}
            panel={panel}
            stepIndex={stepIndex}
            onStep={showStep}
          />
        )}
      </LoadState>
    </section>
  );
}

function PreviewBody({
  draft,
  organization,
  languageLayer,
  language,
  view,
  panel,
  stepIndex,
  onStep,
}: {
  draft: Draft;
  organization: PublicOrganization;
  languageLayer: Parameters<typeof previewForm>[3];
  language: string;
  view: PreviewView;
  panel: PanelSource | null | undefined;
  stepIndex: number;
  onStep: (index: number) => void;
}) {
  const { t } = useTranslation();
  const showToast = useSetAtom(showToastAtom);
  const form = useMemo(
    () => previewForm(draft, organization, language, languageLayer),
    [draft, organization, language, languageLayer],
  );
  const answers = useMemo(() => sampleAnswers(form), [form]);
  // The preview's links (Back, Change) open the step they name in the step-by-step preview.
  const navigation = useMemo(
    () => ({
      navigate: (to: FlowView) =>
        onStep(
          to.page === 'step'
            ? Math.max(
                0,
                form.steps.findIndex((s) => s.id === to.stepId),
              )
            : 0,
        ),
    }),
    [form, onStep],
  );
  if (form.steps.length === 0) return <p>{t('studio.preview.noSteps')}</p>;
  if (view === 'check')
    return (
      <div lang={language} className={styles.previewPage}>
        <p className={formStyles.hint}>{t('studio.preview.demoCandidate', { name: SAMPLE_CANDIDATE_NAME })}</p>
        <NavigationContext.Provider value={navigation}>
          <CheckAnswersPage
            form={form}
            answers={answers}
            onSubmit={() => showToast({ kind: 'success', message: t('studio.preview.notSent') })}
          />
        </NavigationContext.Provider>
      </div>
    );
  if (view === 'panel' && panel === undefined) return <DelayedSpinner />;
  if (view === 'panel')
    return panel ? (
      <PanelPreview
        draft={draft}
        organization={organization}
        language={language}
        languageLayer={languageLayer}
        form={form}
        panel={panel}
      />
    ) : (
      <p>{t('studio.preview.noRole')}</p>
    );
  const index = Math.min(stepIndex, form.steps.length - 1);
  const step = form.steps[index]!;
  return (
    <div lang={language}>
      <p aria-live="polite">{t('studio.preview.stepOf', { n: index + 1, total: form.steps.length })}</p>
      <h3>{step.title}</h3>
      <ButtonGroup>
        <Button variant="secondary" disabled={index === 0} onClick={() => onStep(index - 1)}>
          {t('studio.preview.previous')}
        </Button>
        <Button variant="secondary" disabled={index === form.steps.length - 1} onClick={() => onStep(index + 1)}>
          {t('studio.preview.next')}
        </Button>
      </ButtonGroup>
      <Suspense fallback={<DelayedSpinner />}>
        <LazyStepForm
          form={form}
          step={step}
          heading={false}
          idPrefix="preview"
          onContinue={() => onStep(Math.min(index + 1, form.steps.length - 1))}
        />
      </Suspense>
    </div>
  );
}

/**
 * The hiring side's candidate panel for the demo candidate (decision 0059): the panel role's own layers over the
 * draft when the Forms tab applies them, its listFields' rows, and the contextual measures it lists worked out on the
 * server from the demo answers as on submit (decision 0078).
 */
function PanelPreview({
  draft,
  organization,
  language,
  languageLayer,
  form,
  panel,
}: {
  draft: Draft;
  organization: PublicOrganization;
  language: string;
  languageLayer: Parameters<typeof previewForm>[3];
  form: CompiledForm;
  panel: PanelSource;
}) {
  const { t } = useTranslation();
  const roleForm = useMemo(
    () =>
      panel.role
        ? previewForm(draft, organization, language, languageLayer, {
            layer: panel.role.formConfiguration,
            languageLayer: panel.role.jsonConfigurations[language],
          })
        : form,
    [draft, organization, language, languageLayer, panel, form],
  );
  const answers = useMemo(() => sampleAnswers(roleForm), [roleForm]);
  const contextual = useContextualPreview(
    organization.id,
    panel.listFields.some((f) => isContextualListField(f.id)) ? answers : null,
  );
  const rows = listFieldRows(
    panel.listFields,
    candidatePanel(roleForm, panel.listFields, { application: answers, profile: answers }),
    contextual,
  );
  return (
    <div lang={language} className={styles.previewPage}>
      <p className={formStyles.hint}>{t('studio.preview.panelOf', { role: panel.roleName })}</p>
      <h3>{SAMPLE_CANDIDATE_NAME}</h3>
      <CandidateAnswers rows={rows} emptyClassName={formStyles.hint} />
    </div>
  );
}

/** The contextual measures of the demo answers, from the server (null until they come, or when none is listed). */
function useContextualPreview(organizationId: string, answers: Answers | null) {
  const key = answers ? JSON.stringify(answers) : '';
  const { data } = useKeptLoad(
    () => (answers ? fetchContextualPreview(organizationId, answers) : Promise.resolve(null)),
    `${organizationId}:${key}`,
  );
  return answers ? data : null;
}

/** The theme's live preview: the header and a button in the draft's colours, with the text colours the product uses. */
export function ThemePreview({ theme, name }: { theme: ThemeConfiguration; name: string }) {
  const { t } = useTranslation();
  const hex = /^#[0-9a-fA-F]{6}$/;
  const header = hex.test(theme.headerBGcolour) ? theme.headerBGcolour : '#ffffff';
  const secondary = hex.test(theme.secondary) ? theme.secondary : '#ffffff';
  return (
    <section className={styles.preview} aria-labelledby="studio-theme-preview">
      <h2 id="studio-theme-preview">{t('studio.theme.preview')}</h2>
      <div className={styles.swatchHeader} style={{ background: header, color: readableTextColour(header) }}>
        {name}
      </div>
      <span className={styles.swatchButton} style={{ background: secondary, color: readableTextColour(secondary) }}>
        {t('studio.theme.sampleButton')}
      </span>
    </section>
  );
}
