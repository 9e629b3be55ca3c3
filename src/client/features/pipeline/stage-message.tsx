import { useTranslation } from 'react-i18next';
import { templatesForMove } from '#engine';
import type { OrganizationStage } from '#schemas/pipeline';
import { fetchTemplates, type Template } from '../../api/communications';
import { Checkbox } from '../../ui/form/checkbox';
import { useLoad } from '../../ui/page/use-load';
import * as styles from './pipeline.css';

/** The organisation's templates, for what a move will send (none while they load or if they cannot be read). */
export function useMoveTemplates(): readonly Template[] {
  const { state } = useLoad(() => fetchTemplates(), 'move-templates');
  return state.status === 'ready' ? state.data : [];
}

interface StageMessageProps {
  id: string;
  templates: readonly Template[];
  stage: OrganizationStage | undefined;
  /** The substage the move lands in: the chosen one, else the stage's default. */
  substageId: string | undefined;
  skip: boolean;
  onSkipChange: (skip: boolean) => void;
}

/** The templates a move to `stage` sends: those of `substageId`, else of the stage's default substage. */
export function templatesGoing(
  templates: readonly Template[],
  stage: OrganizationStage | undefined,
  substageId?: string,
): Template[] {
  const sub = substageId ?? stage?.subStages.find((s) => s.defaultSubStage)?.id ?? stage?.subStages[0]?.id;
  return stage && sub ? templatesForMove(templates, { stageId: stage.id, substageId: sub }) : [];
}

/** "This move sends the message “…”": the sentence of the move dialog and the board's confirmation. */
export function useWillSend(): (going: readonly Template[]) => string {
  const { t } = useTranslation();
  return (going) =>
    t('pipeline.stageMessage.willSend', {
      names: going.map((template) => `“${template.name}”`).join(', '),
      count: going.length,
    });
}

/** Says which message a move to the stage sends (issue 16), with the choice not to send it. */
export function StageMessage({ id, templates, stage, substageId, skip, onSkipChange }: StageMessageProps) {
  const { t } = useTranslation();
  const willSend = useWillSend();
  const going = templatesGoing(templates, stage, substageId);
  if (going.length === 0) return null;
  return (
    <div className={styles.stageMessage}>
      <p>{willSend(going)}</p>
      <Checkbox id={id} label={t('pipeline.stageMessage.skip')} checked={skip} onChange={onSkipChange} />
    </div>
  );
}
