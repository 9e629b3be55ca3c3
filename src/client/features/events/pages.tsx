import { PlaceholderPage } from '../../ui/page/placeholder-page';

export const EventsPage = () => <PlaceholderPage page="events" />;
export const EventPage = () => <PlaceholderPage page="event" />;
export const EventQrCheckInPage = () => <PlaceholderPage page="eventQrCheckIn" />;
export const EventCheckInPage = () => <PlaceholderPage page="eventCheckIn" />;
