import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fetchUpcomingEvents, type PublicEvent } from '../../api/events';
import { useApiMessage } from '../../api/use-api-message';
import { useOrganization } from '../../state/site';
import { LoadState } from '../../ui/page/load-state';
import { useLoad } from '../../ui/page/use-load';
import { Tag } from '../../ui/tag/tag';
import { lead } from '../../ui/typography.css';
import { useEventTime } from './format';
import * as listing from '../../ui/listing/listing.css';

/** Places left, the waiting list, or closed: what a candidate can still do. */
export function Availability({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  if (!event.registrationOpen) return <Tag colour="grey">{t('events.list.closed')}</Tag>;
  if (event.placesLeft === 0) return <Tag colour="yellow">{t('events.list.full')}</Tag>;
  return <Tag colour="green">{t('events.list.placesLeft', { count: event.placesLeft })}</Tag>;
}

function EventItem({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const when = useEventTime();
  return (
    <li className={listing.item}>
      <h2 className={listing.title}>
        <Link to={`/event/${event.id}`}>{event.title}</Link>
      </h2>
      <ul className={listing.facts} aria-label={t('events.list.factsLabel', { title: event.title })}>
        <li>{t(`events.types.${event.type}`)}</li>
        <li>{when(event.startDate, event.eventEndDate)}</li>
        <li>{event.place ?? (event.onlineLink ? t('events.details.online') : '')}</li>
        <li>
          <Availability event={event} />
        </li>
      </ul>
    </li>
  );
}

/** /events: the organisation's upcoming events, soonest first. */
export function EventsPage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const { state, reload } = useLoad(() => fetchUpcomingEvents(organization.subdomain), organization.subdomain);
  return (
    <>
      <h1 id="events-heading">{t('pages.events.title')}</h1>
      <p className={lead}>{t('events.list.lead', { name: organization.name })}</p>
      <LoadState state={state} title={t('common.loadFailedTitle')} message={apiMessage} onRetry={reload} heading={2}>
        {(events) =>
          events.length === 0 ? (
            <>
              <h2>{t('events.list.noneTitle')}</h2>
              <p>{t('events.list.noneBody')}</p>
            </>
          ) : (
            <ul className={listing.list} aria-labelledby="events-heading">
              {events.map((event) => (
                <EventItem key={event.id} event={event} />
              ))}
            </ul>
          )
        }
      </LoadState>
    </>
  );
}
