import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { unsubscribe } from '../../api/communications';
import { useApiMessage } from '../../api/use-api-message';
import { Button } from '../../ui/button/button';
import { useClickLock } from '../../ui/button/use-click-lock';

/**
 * /unsubscribe/:token: the page an email's "Stop these emails" link opens. A button, not the visit, turns them
 * off, so a mail scanner following the link changes nothing (mail programs use the one-click POST instead).
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const apiMessage = useApiMessage();
  const [state, setState] = useState<'ready' | 'done' | 'failed'>('ready');
  const [message, setMessage] = useState('');
  const stop = useClickLock(() => {
    unsubscribe(token).then(
      () => setState('done'),
      (failure: unknown) => {
        setMessage(apiMessage(failure));
        setState('failed');
      },
    );
  });
  return (
    <>
      <h1>{t('unsubscribe.title')}</h1>
      {state === 'done' ? (
        <p role="status">{t('unsubscribe.done')}</p>
      ) : (
        <>
          <p>{t('unsubscribe.lead')}</p>
          {state === 'failed' ? <p role="alert">{message}</p> : null}
          <Button onClick={stop}>{t('unsubscribe.confirm')}</Button>
        </>
      )}
    </>
  );
}
