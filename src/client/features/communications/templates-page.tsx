import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fetchTemplates } from '../../api/communications';
import { fetchStages } from '../../api/pipeline';
import { useApiMessage } from '../../api/use-api-message';
import { useOrganization } from '../../state/site';
import { ButtonLink } from '../../ui/button/button-link';
import * as listing from '../../ui/listing/listing.css';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';

/** /manager/communications: the organisation's email and SMS templates, and which stage moves send them. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const { state, reload } = useLoad(() => fetchTemplates(), 'templates');
  const stages = useLoad(() => fetchStages(organization.id), organization.id);
  const stageName = (stageId: number, substageId: string | null) => {
    const stage = stages.state.status === 'ready' ? stages.state.data.find((s) => s.id === stageId) : undefined;
    const sub = stage?.subStages.find((s) => s.id === substageId);
    return [stage?.name ?? String(stageId), sub?.name].filter(Boolean).join(' / ');
  };
  return (
    <>
      <h1>{t('communications.title')}</h1>
      <p>{t('communications.lead')}</p>
      <ButtonLink to="/manager/communications/new">{t('communications.create')}</ButtonLink>
      <LoadState state={state} title={t('communications.loadFailed')} message={apiMessage} onRetry={reload} heading={2}>
        {(templates) =>
          templates.length === 0 ? (
            <p>{t('communications.none')}</p>
          ) : (
            <ul className={listing.list}>
              {templates.map((template) => (
                <li key={template.id} className={listing.item}>
                  <h2 className={listing.title}>
                    <Link to={`/manager/communications/${template.id}`}>{template.name}</Link>
                  </h2>
                  <ul className={listing.facts}>
                    <li>{t(`communications.channels.${template.channel}`)}</li>
                    <li>{t(`communications.kinds.${template.kind}`)}</li>
                    <li>
                      {template.trigger
                        ? t('communications.sentOnMove', {
                            stage: stageName(template.trigger.stageId, template.trigger.substageId),
                          })
                        : t('communications.sentByHand')}
                    </li>
                  </ul>
                </li>
              ))}
            </ul>
          )
        }
      </LoadState>
    </>
  );
}
