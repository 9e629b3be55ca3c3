import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import catalogue from '#configs/stages.json';
import { PROVIDER_RULES, providerProblems, type ProviderKind } from '#engine';
import type { PublicOrganization } from '#schemas/organization';
import type { OrganizationStage } from '#schemas/pipeline';
import { errorMessage } from '#client/api/errors';
import { fetchStages } from '#client/api/pipeline';
import { saveOrganizationStages } from '#client/api/studio';
import { useHrFeatures } from '#client/state/hiring-features';
import { showToastAtom } from '#client/state/process';
import { Button } from '#client/ui/button/button';
import { SelectField } from '#client/ui/form/select-field';
import { TextInput } from '#client/ui/form/text-input';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { Folded } from './folded';
import { RefusalList, refusals } from './refusals';
import { moved } from './stage-model';
import { MetricsEditor, ProviderSubStagesEditor, SubStagesEditor } from './stage-parts-editor';
import * as styles from './studio.css';

const CATALOGUE = catalogue as unknown as Omit<OrganizationStage, 'orderIndex'>[];
const PROVIDERS = Object.keys(PROVIDER_RULES) as ProviderKind[];

/** The providers spec §3 allows at a stage (engine/pipeline/providers.ts), for its choice of provider. */
const providersAt = (stageId: number) =>
  PROVIDERS.filter((kind) => (PROVIDER_RULES[kind].allowedStages as readonly number[]).includes(stageId));

/**
 * The Stages tab (issue 15, decision 0052): the organisation's stages chosen from the product's, ordered with up and
 * down buttons (keyboard and pointer alike), renamed, with their substages and score metrics (decision 0058), each with
 * an assessment provider where spec §3 allows one; saved as a whole, the server's check (and its refusal to remove a
 * stage or substage where candidates are, or a metric that holds scores) shown.
 */
export function StagesEditor({ organization }: { organization: PublicOrganization }) {
  const { t } = useTranslation();
  const stages = useLoad(() => fetchStages(organization.id), organization.id);
  const shows = useHrFeatures();
  return (
    <section aria-labelledby="studio-stages">
      <h2 id="studio-stages">{t('studio.stages.title')}</h2>
      <LoadState
        state={stages.state}
        heading={2}
        title={t('studio.stages.title')}
        message={(error) => errorMessage(error)}
        onRetry={stages.reload}
      >
        {(loaded) => <Pipeline organization={organization} saved={loaded} assessments={shows('assessments')} />}
      </LoadState>
    </section>
  );
}

/** `assessments`: the organisation's `hr.assessments` (decision 0078); off, no provider is attached or changed. */
function Pipeline({
  organization,
  saved,
  assessments,
}: {
  organization: PublicOrganization;
  saved: OrganizationStage[];
  assessments: boolean;
}) {
  const { t } = useTranslation();
  const showToast = useSetAtom(showToastAtom);
  const [stages, setStages] = useState(saved);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const absent = CATALOGUE.filter((s) => !stages.some((o) => o.id === s.id));
  const [adding, setAdding] = useState<string>('');

  const edit = (index: number, next: (stage: OrganizationStage) => OrganizationStage) =>
    setStages((all) => all.map((stage, i) => (i === index ? next(stage) : stage)));
  const move = (index: number, by: -1 | 1) => setStages((all) => moved(all, index, by));

  const save = async () => {
    setBusy(true);
    try {
      const answer = await saveOrganizationStages(organization.id, stages);
      setStages(answer);
      setProblems([]);
      showToast({ kind: 'success', message: t('studio.stages.saved') });
    } catch (error) {
      setProblems(refusals(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <RefusalList title={t('studio.stages.notSaved')} problems={problems} />
      {!assessments && <p>{t('studio.stages.assessmentsOff')}</p>}
      <ol className={styles.stageList}>
        {stages.map((stage, index) => (
          <li key={stage.id} className={styles.panel}>
            <fieldset className={styles.stage}>
              <legend>{t('studio.stages.stage', { n: index + 1, name: stage.name })}</legend>
              <TextInput
                id={`studio-stage-${stage.id}`}
                label={t('studio.stages.name')}
                value={stage.name}
                onChange={(event) => edit(index, (s) => ({ ...s, name: event.target.value }))}
              />
              {!assessments && stage.provider && (
                <p>{t('studio.stages.providerKept', { provider: t(`studio.providers.${stage.provider.kind}`) })}</p>
              )}
              {assessments && providersAt(stage.id).length > 0 && (
                <SelectField
                  label={t('studio.stages.provider')}
                  value={stage.provider?.kind ?? ''}
                  options={[
                    { value: '', label: t('studio.stages.noProvider') },
                    ...providersAt(stage.id).map((kind) => ({ value: kind, label: t(`studio.providers.${kind}`) })),
                  ]}
                  onChange={(kind) =>
                    edit(index, ({ provider: _old, ...s }) =>
                      kind ? { ...s, provider: { kind: kind as ProviderKind } } : s,
                    )
                  }
                />
              )}
              <Folded title={t('studio.stages.parts', { name: stage.name })} keep={providerProblems(stage).length > 0}>
                <SubStagesEditor stages={stages} stage={stage} onChange={(next) => edit(index, () => next)} />
                {assessments && <ProviderSubStagesEditor stage={stage} onChange={(next) => edit(index, () => next)} />}
                <MetricsEditor stage={stage} onChange={(next) => edit(index, () => next)} />
              </Folded>
              <div className={styles.inline}>
                <Button variant="secondary" disabled={index === 0} onClick={() => move(index, -1)}>
                  {t('studio.stages.up', { name: stage.name })}
                </Button>
                <Button variant="secondary" disabled={index === stages.length - 1} onClick={() => move(index, 1)}>
                  {t('studio.stages.down', { name: stage.name })}
                </Button>
                <Button
                  variant="warning"
                  disabled={stages.length === 1}
                  onClick={() => setStages((all) => all.filter((s) => s.id !== stage.id))}
                >
                  {t('studio.stages.remove', { name: stage.name })}
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {absent.length > 0 && (
        <div className={styles.inline}>
          <SelectField
            label={t('studio.stages.add')}
            value={adding}
            options={[
              { value: '', label: t('studio.stages.chooseStage') },
              ...absent.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            onChange={setAdding}
          />
          <Button
            variant="secondary"
            disabled={!adding}
            onClick={() => {
              const stage = CATALOGUE.find((s) => String(s.id) === adding)!;
              setStages((all) => [...all, { ...stage, orderIndex: all.length }]);
              setAdding('');
            }}
          >
            {t('studio.stages.addButton')}
          </Button>
        </div>
      )}
      <Button onClick={() => void save()} disabled={busy}>
        {t('studio.stages.save')}
      </Button>
    </>
  );
}
