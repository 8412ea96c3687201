export { facilityRoutes } from './routes.js';
export { resolveFacilityId } from './service.js';
