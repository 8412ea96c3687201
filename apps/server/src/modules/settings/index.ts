export { settingsRoutes } from './routes.js';
export { insertOrganisationWithSlug } from './slugs.js';
export { onlineBookingRulesOf, type OnlineBookingRules } from './online-booking.js';
