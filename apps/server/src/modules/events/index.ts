export { eventRoutes, type EventRouteOptions } from './routes.js';
