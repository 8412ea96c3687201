export { settingsRoutes } from './routes.js';
export { insertOrganisationWithSlug } from './slugs.js';
