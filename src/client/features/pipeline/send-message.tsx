import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SendBody } from '#schemas/communications';
import { fetchBatchProgress, sendMessages, type BatchProgress, type Template } from '../../api/communications';
import { useApiMessage } from '../../api/use-api-message';
import { Button, ButtonGroup } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';
import { Dialog } from '../../ui/dialog/dialog';
import { SelectField } from '../../ui/form/select-field';

/** How often a batch's progress is asked for while it sends. */
const PROGRESS_EVERY_MS = 1000;

/** Who gets the message: applications by id, or all matching a search less those unticked. */
type MessageSelection = Omit<SendBody, 'templateId'>;

function Progress({ batch }: { batch: BatchProgress }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      <p>
        {batch.done
          ? t('pipeline.send.done', { sent: batch.sent, total: batch.total })
          : t('pipeline.send.sending', { sent: batch.sent, total: batch.total })}
      </p>
      {batch.skipped > 0 ? (
        <p>{t('pipeline.send.skipped', { count: batch.skipped, optedOut: batch.optedOut })}</p>
      ) : null}
      {batch.failed > 0 ? <p>{t('pipeline.send.failed', { count: batch.failed })}</p> : null}
    </div>
  );
}

interface SendMessageProps {
  templates: readonly Template[];
  selection: MessageSelection;
  /** How many candidates the selection holds, for the confirmation. */
  count: number;
}

/**
 * "Send a message": choose a template, confirm with the count, then follow the batch as the worker
 * sends it (issue 16). Those who opted out or were anonymised are skipped, and the sender is told.
 */
export function SendMessage({ templates, selection, count }: SendMessageProps) {
  const { t } = useTranslation();
  const ids = useId();
  const apiMessage = useApiMessage();
  const [open, setOpen] = useState(false);
  const [templateId, setTemplateId] = useState('');
  const [batch, setBatch] = useState<BatchProgress | null>(null);
  const [problem, setProblem] = useState('');
  const chosen = templates.find((template) => template.id === templateId) ?? templates[0];
  useEffect(() => {
    if (!batch || batch.done) return;
    const timer = setTimeout(() => {
      fetchBatchProgress(batch.id).then(setBatch, (failure: unknown) => setProblem(apiMessage(failure)));
    }, PROGRESS_EVERY_MS);
    return () => clearTimeout(timer);
  }, [batch, apiMessage]);
  const send = useClickLock(() => {
    if (!chosen) return;
    sendMessages({ templateId: chosen.id, ...selection }).then(
      (accepted) => {
        setProblem('');
        setBatch(accepted);
      },
      (failure: unknown) => setProblem(apiMessage(failure)),
    );
  });
  const openDialog = () => {
    setBatch(null);
    setProblem('');
    setOpen(true);
  };
  return (
    <>
      <Button variant="secondary" onClick={openDialog}>
        {t('pipeline.send.open')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('pipeline.send.title', { count })}
        description={templates.length === 0 ? t('pipeline.send.noTemplates') : t('pipeline.send.lead', { count })}
      >
        {templates.length === 0 ? (
          <p>
            <Link to="/manager/communications">{t('pipeline.send.writeTemplate')}</Link>
          </p>
        ) : batch ? (
          <>
            <Progress batch={batch} />
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('pipeline.send.close')}
            </Button>
          </>
        ) : (
          <>
            <SelectField
              label={t('pipeline.send.template')}
              value={chosen?.id ?? ''}
              options={templates.map((template) => ({
                value: template.id,
                label: `${template.name} (${t(`communications.channels.${template.channel}`)})`,
              }))}
              onChange={setTemplateId}
            />
            {problem ? (
              <p role="alert" id={`${ids}-problem`}>
                {problem}
              </p>
            ) : null}
            <ButtonGroup>
              <Button onClick={send}>{t('pipeline.send.confirm', { count })}</Button>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {t('pipeline.send.cancel')}
              </Button>
            </ButtonGroup>
          </>
        )}
      </Dialog>
    </>
  );
}
