import { useMemo, useState } from 'react';
import { isAxiosError } from 'axios';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { ConfigurationProblem } from '#engine';
import type { Configuration } from '#schemas/configuration';
import type { PublicOrganization } from '#schemas/organization';
import { errorMessage, errorStatus } from '#client/api/errors';
import {
  fetchConfigurationDiff,
  fetchConfigurationHistory,
  publishConfiguration,
  restoreConfiguration,
  type ConfigurationDiff,
  type ConfigurationHistory,
} from '#client/api/studio';
import { hrFeaturesGenerationAtom } from '#client/state/hiring-features';
import { showToastAtom } from '#client/state/process';
import { useOrganization } from '#client/state/site';
import { Button, ButtonGroup } from '#client/ui/button/button';
import { ErrorSummary } from '#client/ui/form/error-summary';
import { TextInput } from '#client/ui/form/text-input';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { FormsEditor, JsonView } from './forms-editor';
import { OrganizationPreview, ThemePreview, organizationPanelRoles } from './preview';
import { errorsAt, summaryOf } from './problem-display';
import { RolesEditor } from './roles-editor';
import { StagesEditor } from './stages-editor';
import { TranslationsEditor } from './translations-editor';
import { controlId, draftProblems, editorControls, editorSteps, mergedDraft, type Draft } from './studio-model';
import * as styles from './studio.css';

type Tab = 'forms' | 'theme' | 'roles' | 'stages' | 'translations' | 'history';

/** /manager/studio: the organisation's configuration studio (issue 15, decisions 0042 and 0043). */
export function StudioPage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  const history = useLoad(() => fetchConfigurationHistory(organization.id), organization.id);
  return (
    <>
      <h1>{t('studio.title')}</h1>
      <LoadState
        state={history.state}
        title={t('studio.title')}
        heading={2}
        message={(error) =>
          errorStatus(error) === 403 ? t('studio.forbidden') : errorMessage(error, t('studio.loadFailed'))
        }
        onRetry={history.reload}
      >
        {(data) => (
          <Studio key={data.current} organization={organization} history={data} onPublished={history.reload} />
        )}
      </LoadState>
    </>
  );
}

interface StudioProps {
  organization: PublicOrganization;
  history: ConfigurationHistory;
  onPublished: () => void;
}

/** Problems as the server sent them (422): each with its pointer in `params.pointer`. */
function serverProblems(error: unknown): ConfigurationProblem[] | null {
  if (!isAxiosError(error) || error.response?.status !== 422) return null;
  const errors = (error.response.data as { errors?: { message: string; params?: { pointer?: string } }[] }).errors;
  return (errors ?? []).map((e) => ({ path: e.params?.pointer ?? '', message: e.message }));
}

function Studio({ organization, history, onPublished }: StudioProps) {
  const { t } = useTranslation();
  const showToast = useSetAtom(showToastAtom);
  const hrFeaturesChanged = useSetAtom(hrFeaturesGenerationAtom);
  const [tab, setTab] = useState<Tab>('forms');
  const [draft, setDraft] = useState<Draft>(history.configuration);
  const [note, setNote] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [sent, setSent] = useState<ConfigurationProblem[]>([]);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const panelRoles = useLoad(organizationPanelRoles, organization.id);

  const problems = useMemo(() => draftProblems(draft, organization.countryBase), [draft, organization.countryBase]);
  const merged = useMemo(() => mergedDraft(draft, organization.countryBase), [draft, organization.countryBase]);
  const steps = useMemo(() => editorSteps(merged), [merged]);
  const controls = useMemo(() => editorControls(draft, steps), [draft, steps]);
  const shown = problems.length > 0 ? problems : sent;
  const errorAt = useMemo(() => errorsAt(shown, controls), [shown, controls]);

  // The preview shows the last draft whose form layers the engine accepted.
  const formsValid = !problems.some((p) => !p.path.startsWith('/themeConfiguration'));
  const [lastValid, setLastValid] = useState(draft);
  if (formsValid && lastValid !== draft) setLastValid(draft);

  const change = (next: (draft: Draft) => Draft) => {
    setSent([]);
    setFailure(undefined);
    setDraft(next);
  };
  const onForm = (edit: (form: Configuration) => Configuration) =>
    change((d) => ({ ...d, formConfiguration: edit(d.formConfiguration) }));

  const summary = summaryOf(shown, controls, (problem) =>
    setTab(problem.path.startsWith('/themeConfiguration') ? 'theme' : 'forms'),
  );

  const publish = async () => {
    if (problems.length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const version = await publishConfiguration(organization.id, {
        ...draft,
        note,
        basedOn: history.current,
      });
      showToast({ kind: 'success', message: t('studio.published', { n: version.number }) });
      hrFeaturesChanged((n) => n + 1);
      onPublished();
    } catch (error) {
      const found = serverProblems(error);
      if (found) {
        setSent(found);
        setAttempt((n) => n + 1);
      } else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>{t('studio.intro', { n: history.current })}</p>
      <ErrorSummary items={summary} focusKey={attempt} title={t('studio.problemsTitle', { count: shown.length })} />
      {failure && <p role="alert">{failure}</p>}
      <ul className={styles.tabs}>
        {(['forms', 'theme', 'roles', 'stages', 'translations', 'history'] as const).map((name) => (
          <li key={name}>
            <Button
              variant={tab === name ? 'primary' : 'secondary'}
              aria-pressed={tab === name}
              onClick={() => setTab(name)}
            >
              {t(`studio.tabs.${name}`)}
            </Button>
          </li>
        ))}
      </ul>
      {tab === 'forms' && (
        <div className={styles.workspace}>
          <div className={styles.column}>
            <FormsEditor
              draft={draft}
              merged={merged}
              steps={steps}
              errorAt={errorAt}
              onForm={onForm}
              organizationFlags
              organization={organization}
            />
            <h2>{t('studio.json.title')}</h2>
            {(['formConfiguration', 'defaultConfiguration'] as const).map((layer) => (
              <JsonView
                key={layer}
                layer={layer}
                value={draft[layer]}
                errorAt={errorAt}
                onChange={(value) => change((d) => ({ ...d, [layer]: value }))}
              />
            ))}
          </div>
          <div className={styles.column}>
            {!formsValid && <p>{t('studio.preview.lastValid')}</p>}
            <LoadState
              state={panelRoles.state}
              heading={2}
              title={t('studio.preview.title')}
              message={(error) => errorMessage(error)}
              onRetry={panelRoles.reload}
            >
              {(roles) => <OrganizationPreview draft={lastValid} organization={organization} roles={roles} />}
            </LoadState>
          </div>
        </div>
      )}
      {tab === 'theme' && (
        <div className={styles.workspace}>
          <div className={styles.column}>
            <ThemeEditor draft={draft} errorAt={errorAt} onChange={change} />
          </div>
          <div className={styles.column}>
            <ThemePreview theme={draft.themeConfiguration} name={organization.name} />
          </div>
        </div>
      )}
      {tab === 'roles' && <RolesEditor organization={organization} published={history.configuration} />}
      {tab === 'stages' && <StagesEditor organization={organization} />}
      {tab === 'translations' && <TranslationsEditor organization={organization} />}
      {tab === 'history' && (
        <History
          organization={organization}
          history={history}
          onRestored={() => {
            hrFeaturesChanged((n) => n + 1);
            onPublished();
          }}
        />
      )}
      {(tab === 'forms' || tab === 'theme') && (
        <section aria-labelledby="studio-publish">
          <h2 id="studio-publish">{t('studio.publish.title')}</h2>
          <TextInput
            id="studio-note"
            label={t('studio.publish.note')}
            hint={t('studio.publish.noteHint')}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button onClick={() => void publish()} disabled={busy}>
            {t('studio.publish.button')}
          </Button>
        </section>
      )}
    </>
  );
}

function ThemeEditor({
  draft,
  errorAt,
  onChange,
}: {
  draft: Draft;
  errorAt: (pointer: string) => string | undefined;
  onChange: (next: (draft: Draft) => Draft) => void;
}) {
  const { t } = useTranslation();
  const theme = draft.themeConfiguration;
  const input = (key: 'headerBGcolour' | 'secondary' | 'logoMargin') => {
    const pointer = `/themeConfiguration/${key}`;
    return (
      <TextInput
        id={controlId(pointer)}
        label={t(`studio.theme.${key}`)}
        hint={t(`studio.theme.${key}Hint`)}
        value={theme[key]}
        error={errorAt(pointer)}
        onChange={(event) =>
          onChange((d) => ({ ...d, themeConfiguration: { ...d.themeConfiguration, [key]: event.target.value } }))
        }
      />
    );
  };
  return (
    <>
      <h2>{t('studio.tabs.theme')}</h2>
      {input('headerBGcolour')}
      {input('secondary')}
      <TextInput
        id={controlId('/themeConfiguration/logoWidth')}
        label={t('studio.theme.logoWidth')}
        type="number"
        inputMode="numeric"
        min={16}
        max={600}
        value={String(theme.logoWidth)}
        error={errorAt('/themeConfiguration/logoWidth')}
        onChange={(event) =>
          onChange((d) => ({
            ...d,
            themeConfiguration: { ...d.themeConfiguration, logoWidth: Number(event.target.value) || 16 },
          }))
        }
      />
      {input('logoMargin')}
    </>
  );
}

function History({
  organization,
  history,
  onRestored,
}: {
  organization: PublicOrganization;
  history: ConfigurationHistory;
  onRestored: () => void;
}) {
  const { t } = useTranslation();
  const showToast = useSetAtom(showToastAtom);
  const [diff, setDiff] = useState<ConfigurationDiff>();
  const [failure, setFailure] = useState<string>();
  const compare = async (from: number) => {
    try {
      setDiff(await fetchConfigurationDiff(organization.id, from, history.current));
      requestAnimationFrame(() => document.getElementById('studio-diff')?.focus());
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  const restore = async (number: number) => {
    try {
      const version = await restoreConfiguration(organization.id, number, history.current);
      showToast({ kind: 'success', message: t('studio.history.restored', { from: number, n: version.number }) });
      onRestored();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));
  return (
    <section aria-labelledby="studio-history">
      <h2 id="studio-history">{t('studio.history.title')}</h2>
      {failure && <p role="alert">{failure}</p>}
      <table className={styles.table}>
        <thead>
          <tr>
            <th className={styles.cell}>{t('studio.history.version')}</th>
            <th className={styles.cell}>{t('studio.history.published')}</th>
            <th className={styles.cell}>{t('studio.history.note')}</th>
            <th className={styles.cell}>
              <span>{t('studio.history.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {history.versions.map((version) => (
            <tr key={version.number}>
              <td className={styles.cell}>
                {version.number}
                {version.current ? ` (${t('studio.history.current')})` : ''}
              </td>
              <td className={styles.cell}>
                {new Date(version.createdAt).toLocaleString()}
                {version.author ? ` – ${version.author}` : ''}
              </td>
              <td className={styles.cell}>{version.note || '—'}</td>
              <td className={styles.cell}>
                {!version.current && (
                  <ButtonGroup>
                    <Button variant="secondary" onClick={() => void compare(version.number)}>
                      {t('studio.history.compare', { n: version.number })}
                    </Button>
                    <Button variant="secondary" onClick={() => void restore(version.number)}>
                      {t('studio.history.restore', { n: version.number })}
                    </Button>
                  </ButtonGroup>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {diff && (
        <div id="studio-diff" tabIndex={-1} className={styles.panel}>
          <h3>{t('studio.history.diffTitle', { from: diff.from, to: diff.to })}</h3>
          {diff.changes.length === 0 ? (
            <p>{t('studio.history.noChanges')}</p>
          ) : (
            <dl className={styles.changes}>
              {diff.changes.map((c) => (
                <div key={c.path}>
                  <dt>{c.path}</dt>
                  <dd>
                    {show(c.before)} → {show(c.after)}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      )}
    </section>
  );
}
