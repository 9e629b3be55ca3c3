import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { LinkUser } from '#schemas/auth';
import { useOrganization } from '../../state/site';
import { Spinner } from '../../ui/spinner/delayed-spinner';
import { useApiMessage } from './use-api-message';
import * as styles from './auth.css';

export interface LinkTokenTexts {
  title: string;
  checking: string;
  failedTitle: string;
  failedBody: string;
}

type LinkState = { status: 'checking' } | { status: 'ok'; user: LinkUser } | { status: 'failed'; message: string };

/**
 * A page opened from an emailed link with a token (`:token` in the path): first who the link is
 * for (`lookUp`, which does not use the token up), with a spinner while that is checked or why
 * the link no longer works, with `failedLink` to go on from there; then the page itself, for
 * that user and token.
 */
export function LinkTokenPage({
  lookUp,
  texts,
  failedLink,
  children,
}: {
  lookUp: (subdomain: string, token: string) => Promise<LinkUser>;
  texts: LinkTokenTexts;
  failedLink: ReactNode;
  children: (user: LinkUser, token: string) => ReactNode;
}) {
  const { token = '' } = useParams();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const [link, setLink] = useState<LinkState>({ status: 'checking' });

  useEffect(() => {
    let current = true;
    lookUp(organization.subdomain, token).then(
      (user) => current && setLink({ status: 'ok', user }),
      (error: unknown) => current && setLink({ status: 'failed', message: apiMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [lookUp, organization.subdomain, token, apiMessage]);

  if (link.status === 'checking') {
    return (
      <>
        <h1>{texts.title}</h1>
        <p>{texts.checking}</p>
        <Spinner />
      </>
    );
  }
  if (link.status === 'failed') {
    return (
      <>
        <h1>{texts.failedTitle}</h1>
        <p className={styles.inset}>{link.message}</p>
        <p>{texts.failedBody}</p>
        <p>{failedLink}</p>
      </>
    );
  }
  return <>{children(link.user, token)}</>;
}
