import { useMemo, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { listFieldProblems, mergeConfigurations } from '#engine';
import type { Configuration } from '#schemas/configuration';
import type { PublicOrganization } from '#schemas/organization';
import type { Role } from '#schemas/role';
import type { ConfigurationSet } from '#schemas/studio';
import { errorMessage } from '#client/api/errors';
import { fetchManagerRoles } from '#client/api/manager-roles';
import { fetchRolePreview } from '#client/api/roles';
import { createRoleFromTemplate, saveRoleConfiguration } from '#client/api/studio';
import { showToastAtom } from '#client/state/process';
import { Button } from '#client/ui/button/button';
import { ErrorSummary } from '#client/ui/form/error-summary';
import { SelectField } from '#client/ui/form/select-field';
import { TextArea, TextInput } from '#client/ui/form/text-input';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { FormsEditor, JsonView } from './forms-editor';
import { FormPreview } from './preview';
import { errorsAt, summaryOf } from './problem-display';
import { controlId, draftProblems, editorControls, editorSteps, mergedDraft, type Draft } from './studio-model';
import * as styles from './studio.css';

const LIST_FIELDS = '/template/viewConfiguration/listFields';

async function loadRoles() {
  const [active, templates] = await Promise.all([
    fetchManagerRoles({ status: 'ACTIVE', resultsPerPage: 100 }),
    fetchManagerRoles({ status: 'PRESET', resultsPerPage: 100 }),
  ]);
  return { active: active.content, templates: templates.content };
}

/**
 * The Roles tab (issue 15): a role's own form layer over the organisation's published configuration, edited like the
 * organisation's (its problems at their fields, the candidate's form previewed), its candidate panel's listFields, and
 * new roles from the organisation's templates.
 */
export function RolesEditor({
  organization,
  published,
}: {
  organization: PublicOrganization;
  published: ConfigurationSet;
}) {
  const { t } = useTranslation();
  const showToast = useSetAtom(showToastAtom);
  const [attempt, setAttempt] = useState(0);
  const roles = useLoad(loadRoles, `roles:${attempt}`);
  const [roleId, setRoleId] = useState<string>();
  return (
    <section aria-labelledby="studio-roles">
      <h2 id="studio-roles">{t('studio.roles.title')}</h2>
      <LoadState
        state={roles.state}
        heading={2}
        title={t('studio.roles.title')}
        message={(error) => errorMessage(error)}
        onRetry={roles.reload}
      >
        {({ active, templates }) => (
          <>
            {active.length === 0 ? (
              <p>{t('studio.roles.none')}</p>
            ) : (
              <SelectField
                label={t('studio.roles.choose')}
                value={roleId ?? ''}
                options={[
                  { value: '', label: t('studio.roles.chooseOne') },
                  ...active.map((r) => ({ value: r.id, label: r.name })),
                ]}
                onChange={(id) => setRoleId(id || undefined)}
              />
            )}
            {templates.length + active.length > 0 && (
              <NewRole
                templates={templates}
                roles={active}
                onCreated={(role) => {
                  showToast({ kind: 'success', message: t('studio.roles.created', { name: role.name }) });
                  setRoleId(role.id);
                  setAttempt((n) => n + 1);
                }}
              />
            )}
          </>
        )}
      </LoadState>
      {roleId && <RoleLoader key={roleId} roleId={roleId} organization={organization} published={published} />}
    </section>
  );
}

/** A new role from a template or as a copy of one of the organisation's active roles (decision 0053). */
function NewRole({
  templates,
  roles,
  onCreated,
}: {
  templates: { id: string; name: string }[];
  roles: { id: string; name: string }[];
  onCreated: (role: Role) => void;
}) {
  const { t } = useTranslation();
  const [templateId, setTemplateId] = useState((templates[0] ?? roles[0])!.id);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  return (
    <details className={styles.panel}>
      <summary className={styles.summary}>{t('studio.roles.new')}</summary>
      <SelectField
        label={t('studio.roles.template')}
        value={templateId}
        options={[
          ...templates.map((r) => ({ value: r.id, label: r.name })),
          ...roles.map((r) => ({ value: r.id, label: t('studio.roles.copyOf', { name: r.name }) })),
        ]}
        onChange={setTemplateId}
      />
      <TextInput
        id="studio-new-role-name"
        label={t('studio.roles.name')}
        value={name}
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <Button
        variant="secondary"
        onClick={() => {
          createRoleFromTemplate(templateId, name).then(
            (role) => {
              setError(undefined);
              setName('');
              onCreated(role);
            },
            (failure: unknown) => setError(errorMessage(failure)),
          );
        }}
      >
        {t('studio.roles.create')}
      </Button>
    </details>
  );
}

function RoleLoader({
  roleId,
  ...rest
}: {
  roleId: string;
  organization: PublicOrganization;
  published: ConfigurationSet;
}) {
  const { t } = useTranslation();
  const role = useLoad(() => fetchRolePreview(roleId), roleId);
  return (
    <LoadState
      state={role.state}
      heading={2}
      title={t('studio.roles.title')}
      message={(error) => errorMessage(error)}
      onRetry={role.reload}
    >
      {(data) => <RoleEditor role={data} {...rest} />}
    </LoadState>
  );
}

function RoleEditor({
  role,
  organization,
  published,
}: {
  role: Role;
  organization: PublicOrganization;
  published: ConfigurationSet;
}) {
  const { t } = useTranslation();
  const showToast = useSetAtom(showToastAtom);
  const [layer, setLayer] = useState<Configuration>(role.formConfiguration);
  const [listFields, setListFields] = useState(role.template?.viewConfiguration.listFields ?? []);
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string>();
  // The role's layer sits where the studio puts the organisation's form layer, over the organisation's two layers
  // merged (one merge is the other: layers merge associatively), so the organisation's check, controls and preview
  // serve the role as they are.
  const draft: Draft = useMemo(
    () => ({
      defaultConfiguration: mergeConfigurations(published.defaultConfiguration, published.formConfiguration),
      formConfiguration: layer,
      themeConfiguration: published.themeConfiguration,
    }),
    [published, layer],
  );
  const merged = useMemo(() => mergedDraft(draft, organization.countryBase), [draft, organization.countryBase]);
  const steps = useMemo(() => editorSteps(merged), [merged]);
  const controls = useMemo(() => new Set([...editorControls(draft, steps), LIST_FIELDS]), [draft, steps]);
  const problems = useMemo(
    () => [
      ...draftProblems(draft, organization.countryBase).filter((p) => p.path.startsWith('/formConfiguration')),
      ...listFieldProblems(
        listFields,
        (merged.custom ?? []).map((q) => q.id),
      ).map((p) => ({ ...p, path: `/template${p.path}` })),
    ],
    [draft, organization.countryBase, listFields, merged],
  );
  const errorAt = errorsAt(problems, controls);
  const save = () => {
    if (problems.length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    saveRoleConfiguration(role.id, {
      formConfiguration: layer,
      template: { ...role.template, viewConfiguration: { listFields } },
    }).then(
      () => {
        setFailure(undefined);
        showToast({ kind: 'success', message: t('studio.roles.saved', { name: role.name }) });
      },
      (error: unknown) => setFailure(errorMessage(error)),
    );
  };
  return (
    <>
      <h3>{role.name}</h3>
      <ErrorSummary items={summaryOf(problems, controls)} focusKey={attempt} />
      {failure && <p role="alert">{failure}</p>}
      <div className={styles.workspace}>
        <div className={styles.column}>
          <FormsEditor
            draft={draft}
            merged={merged}
            steps={steps}
            errorAt={errorAt}
            onForm={(edit) => setLayer((current) => edit(current))}
          />
          <JsonView layer="formConfiguration" value={layer} errorAt={errorAt} onChange={setLayer} />
          <TextArea
            id={controlId(LIST_FIELDS)}
            label={t('studio.roles.listFields')}
            hint={t('studio.roles.listFieldsHint')}
            rows={5}
            value={listFields.map((f) => f.id).join('\n')}
            error={errorAt(LIST_FIELDS)}
            onChange={(event) =>
              setListFields(
                event.target.value
                  .split('\n')
                  .map((id) => id.trim())
                  .filter(Boolean)
                  .map((id) => listFields.find((f) => f.id === id) ?? { id, candidateResponse: true }),
              )
            }
          />
          <Button onClick={save}>{t('studio.roles.save')}</Button>
        </div>
        <div className={styles.column}>
          <FormPreview draft={draft} organization={organization} panel={{ roleName: role.name, listFields }} />
        </div>
      </div>
    </>
  );
}
