import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import type { ManagerEvent } from '../../api/events';
import { useOrganization } from '../../state/site';
import { Button } from '../../ui/button/button';
import { saveFile } from '../../ui/download/save-file';
import * as styles from './events.css';

/** The apply site's address of the event's QR check-in page (this page may be on the HR site). */
function checkInUrl(subdomain: string, eventId: string): string {
  const { protocol, host } = window.location;
  const applyHost = host.replace(new RegExp(`^${subdomain}\\.hr\\.`), `${subdomain}.`);
  return `${protocol}//${applyHost}/event/${eventId}/qr-check-in`;
}

function dataUrlBlob(dataUrl: string): Blob {
  const [head, data = ''] = dataUrl.split(',');
  const type = /data:([^;]+)/.exec(head ?? '')?.[1] ?? 'application/octet-stream';
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

/**
 * The event's QR code (the `qrcode` package, made in the browser): shown, printable (the print style keeps it and the
 * title) and downloadable as PNG or SVG.
 */
export function EventQrCode({ event }: { event: ManagerEvent }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const url = checkInUrl(organization.subdomain, event.id);
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((text) => {
      if (current) setSvg(text);
    });
    return () => {
      current = false;
    };
  }, [url]);
  const name = `${event.title.replace(/[^\w-]+/g, '-').toLowerCase()}-check-in`;
  const downloadPng = () =>
    void QRCode.toDataURL(url, { width: 1024, margin: 2, errorCorrectionLevel: 'M' }).then((dataUrl) =>
      saveFile(dataUrlBlob(dataUrl), `${name}.png`),
    );
  return (
    <section aria-labelledby="event-qr-heading">
      <h2 id="event-qr-heading">{t('events.qr.title')}</h2>
      <p className={styles.noPrint}>{t('events.qr.body')}</p>
      {svg ? (
        <img
          className={styles.qr}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t('events.qr.alt', { title: event.title })}
        />
      ) : null}
      <p>
        <a href={url}>{url}</a>
      </p>
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <Button variant="secondary" onClick={() => window.print()}>
          {t('events.qr.print')}
        </Button>
        <Button variant="secondary" onClick={downloadPng}>
          {t('events.qr.png')}
        </Button>
        <Button
          variant="secondary"
          disabled={!svg}
          onClick={() => svg && saveFile(new Blob([svg], { type: 'image/svg+xml' }), `${name}.svg`)}
        >
          {t('events.qr.svg')}
        </Button>
      </div>
    </section>
  );
}
