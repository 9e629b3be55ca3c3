export { EventsPage } from './events-page';
export { EventPage } from './event-page';
export { EventQrCheckInPage } from './qr-check-in-page';
